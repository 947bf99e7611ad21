package online.durak.engine;

/** What a table is asked to do; randomness enters here (a {@link Shuffle}), never inside the engine. */
public sealed interface Command {

    /** Deal the next deal of the match, shuffled and sealed by {@code shuffle}. */
    record StartDeal(Shuffle shuffle) implements Command {
    }

    /** A seat makes a move. */
    record Play(int seat, Move move) implements Command {
    }
}
