package online.durak.engine.table;

import online.durak.engine.BotLevel;
import online.durak.engine.Move;
import online.durak.engine.Rules;

/**
 * What a player asks of a table. {@code playerId} is who asks, established by the service from the
 * player's token; the table maps it to a seat, so nobody can act for another seat.
 */
public sealed interface TableCommand {

    String playerId();

    record Create(String playerId, String name, Rules rules) implements TableCommand {
    }

    /** Take a seat; {@code seat} null takes the first free one. */
    record Join(String playerId, String name, Integer seat) implements TableCommand {
    }

    /** Seat a bot in a free seat before the match. */
    record AddBot(String playerId, int seat, BotLevel level) implements TableCommand {
    }

    record Leave(String playerId) implements TableCommand {
    }

    /** Start the match once every seat is taken; {@code seed} shuffles the first deal. */
    record Start(String playerId, long seed) implements TableCommand {
    }

    record Play(String playerId, Move move) implements TableCommand {
    }

    /** Continue on the board after a deal; the next deal starts when every human has; {@code seed} shuffles it. */
    record Continue(String playerId, long seed) implements TableCommand {
    }
}
