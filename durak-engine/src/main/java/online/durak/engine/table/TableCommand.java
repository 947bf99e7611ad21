package online.durak.engine.table;

import java.time.Instant;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;

/**
 * What a player asks of a table. {@code playerId} is who asks, established by the service from the
 * player's token; the table maps it to a seat, so nobody can act for another seat. The clock commands come
 * from the rules service's scheduler, never from a client.
 */
public sealed interface TableCommand {

    String playerId();

    record Create(String playerId, String name, Rules rules) implements TableCommand {
    }

    /**
     * A solo game: the player in seat 0, bots of the given levels in seats 1.., the match started at once,
     * without clock and stake (rules.md §8); {@code shuffle} shuffles the first deal; {@code tempo} the bots' think
     * time (null: the bot service's own).
     */
    record CreateSolo(String playerId, String name, Rules rules, List<BotLevel> bots, Shuffle shuffle, Tempo tempo)
            implements TableCommand {
        public CreateSolo {
            bots = List.copyOf(bots);
        }

        public CreateSolo(String playerId, String name, Rules rules, List<BotLevel> bots, Shuffle shuffle) {
            this(playerId, name, rules, bots, shuffle, null);
        }
    }

    /**
     * "Again" on a finished match's board (rules.md §6): a new table with the same settings, the presser in
     * {@code seat} (their seat at the finished table) and a bot of the same level in every seat that a bot held there
     * ({@code seats}: one entry per seat, the bot's level, or null for a person's seat); the other people's seats wait
     * for them. With no other person (a solo match) the match starts at once, {@code shuffle} shuffling its first deal.
     * {@code tempo} is the finished table's (null: none).
     */
    record Again(String playerId, String name, Rules rules, int seat, List<BotLevel> seats, Shuffle shuffle, Tempo tempo)
            implements TableCommand {
        public Again {
            seats = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(seats)); // nulls: people
        }

        public Again(String playerId, String name, Rules rules, int seat, List<BotLevel> seats, Shuffle shuffle) {
            this(playerId, name, rules, seat, seats, shuffle, null);
        }
    }

    /** Take a seat; {@code seat} null takes the first free one. */
    record Join(String playerId, String name, Integer seat) implements TableCommand {
    }

    /** Seat a bot in a free seat before the match. */
    record AddBot(String playerId, int seat, BotLevel level) implements TableCommand {
    }

    /**
     * Leave one's seat: before the match the seat is free again; during it a bot takes the seat, or the match ends
     * when no other person plays. {@code shuffle} shuffles the next deal when the leave was the last continue the board
     * waited for.
     */
    record Leave(String playerId, Shuffle shuffle) implements TableCommand {
        public Leave(String playerId) {
            this(playerId, Shuffle.of(0));
        }
    }

    /** Start the match once every seat is taken; {@code shuffle} shuffles the first deal. */
    record Start(String playerId, Shuffle shuffle) implements TableCommand {
    }

    /**
     * A move. {@code byComputer}: played for the player's seat by the computer, allowed only once that seat's
     * clock and grace have run out.
     */
    record Play(String playerId, Move move, boolean byComputer) implements TableCommand {
        public Play(String playerId, Move move) {
            this(playerId, move, false);
        }
    }

    /** Continue on the board after a deal; the next deal starts when every human has; {@code shuffle} shuffles it. */
    record Continue(String playerId, Shuffle shuffle) implements TableCommand {
    }

    /** The player took a hint (solo tables only). */
    record Hint(String playerId) implements TableCommand {
    }

    /** The scheduler: the turn clock of {@code seat} ran out at a table with a clock; grace until {@code graceEnds}. */
    record TimeOut(String playerId, int seat, Instant graceEnds) implements TableCommand {
    }

    /** The scheduler: the grace of {@code seat} ran out; the computer may now play its move. */
    record GraceOver(String playerId, int seat) implements TableCommand {
    }

    /** The scheduler: the board's clock ran out; deal the next deal with {@code shuffle}. */
    record BoardTimeOut(String playerId, Shuffle shuffle) implements TableCommand {
    }

    /** The scheduler: the table waited in the lobby longer than the service allows without starting; close it. */
    record CloseUnstarted(String playerId) implements TableCommand {
    }
}
