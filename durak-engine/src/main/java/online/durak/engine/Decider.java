package online.durak.engine;

/**
 * A Decider (Chassaing): {@link #decide} checks a command against the state and says what happens, the events
 * or a rejection; {@link #evolve} applies one event and checks no rules. Replaying a log is a fold of
 * {@code evolve} from {@link #initialState}; a projection is the same fold into another shape.
 *
 * @param <C> the commands
 * @param <E> the events {@code evolve} applies (a {@link Decision} lists them as {@link Event}s)
 * @param <S> the state
 */
public interface Decider<C, E, S> {

    /** The events that {@code command} causes in {@code state} (and the state they lead to), or a rejection. */
    Decision<S> decide(C command, S state);

    /** The state after one event. */
    S evolve(S state, E event);

    /** The state before the first event. */
    S initialState();

    /** Whether nothing more can happen: every command is rejected. */
    boolean isTerminal(S state);

    /** The state after these events, applied in order to {@code state}. */
    default S fold(S state, Iterable<? extends E> events) {
        S s = state;
        for (E e : events) {
            s = evolve(s, e);
        }
        return s;
    }
}
