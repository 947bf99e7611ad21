package online.durak.engine;

/** What a table is asked to do; randomness enters here (the seed of a shuffle), never inside the engine. */
public sealed interface Command {

    /** Deal the next deal of the match, shuffled from {@code seed}. */
    record StartDeal(long seed) implements Command {
    }

    /** A seat makes a move. */
    record Play(int seat, Move move) implements Command {
    }
}
