package online.durak.service.projection;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * A table's events folded into a state in seq order, the same way in every service that folds the log (docs/spine.md
 * "Projections"): an event at or below the state's seq is skipped (applied already); one beyond the next first has
 * the missing events read from the store; events apply only in order, so a hole the store cannot fill stops the fold
 * there. The state is the service's own ({@code S}, which knows its seq); so is the step that applies one event.
 *
 * @param <M> the stored event as the service reads it (it knows its seq)
 * @param <S> the service's state of one table
 */
public final class SeqFold<M, S> {

    /** The event store, read only: a table's events with {@code after < seq < before} (0: no bound), in order. */
    @FunctionalInterface
    public interface Store<M> {
        List<M> read(String tableId, long after, long before);
    }

    /** Applies one event, the next in seq; throws when the event cannot be applied (a broken log). */
    @FunctionalInterface
    public interface Step<M, S> {
        S apply(S state, M event);
    }

    public enum Kind {
        /** The event (and any missing before it) was applied. */
        APPLIED,
        /** The state had the event already: nothing changed. */
        DUPLICATE,
        /** Events before it are missing from the store too, so it was not applied (a later event catches up). */
        LEFT_OUT,
        /** The step could not apply an event: the state stays before it. */
        FAILED
    }

    /**
     * What accepting an event did: the state after it, how many events came from the store, and the exception of
     * a failed step with the event it failed on.
     */
    public record Outcome<M, S>(S state, Kind kind, int fromStore, RuntimeException failure, M failedEvent) {
    }

    private final Store<M> store;
    private final ToLongFunction<M> eventSeq;
    private final ToLongFunction<S> stateSeq;

    public SeqFold(Store<M> store, ToLongFunction<M> eventSeq, ToLongFunction<S> stateSeq) {
        this.store = store;
        this.eventSeq = eventSeq;
        this.stateSeq = stateSeq;
    }

    /**
     * One event, e.g. from the table-events topic. The store is read only for a gap; when that read fails its
     * exception propagates and nothing was applied.
     */
    public Outcome<M, S> accept(String tableId, S state, M event, Step<M, S> step) {
        long last = stateSeq.applyAsLong(state);
        long seq = eventSeq.applyAsLong(event);
        if (seq <= last) {
            return new Outcome<>(state, Kind.DUPLICATE, 0, null, null);
        }
        S s = state;
        int fromStore = 0;
        if (seq > last + 1) {
            Outcome<M, S> gap = fold(s, store.read(tableId, last, seq), step);
            if (gap.kind() == Kind.FAILED) {
                return gap;
            }
            s = gap.state();
            fromStore = gap.fromStore();
        }
        if (seq != stateSeq.applyAsLong(s) + 1) {
            return new Outcome<>(s, Kind.LEFT_OUT, fromStore, null, null);
        }
        try {
            return new Outcome<>(step.apply(s, event), Kind.APPLIED, fromStore, null, null);
        } catch (RuntimeException e) {
            return new Outcome<>(s, Kind.FAILED, fromStore, e, event);
        }
    }

    /** Reads whatever the store has after the state's seq and applies it. */
    public Outcome<M, S> catchUp(String tableId, S state, Step<M, S> step) {
        return fold(state, store.read(tableId, stateSeq.applyAsLong(state), 0), step);
    }

    /**
     * Applies the events that follow the state's seq, in order: those it has are skipped, and the fold stops at a
     * gap or at an event the step cannot apply. {@link Outcome#fromStore} counts the events applied.
     */
    public Outcome<M, S> fold(S state, List<M> events, Step<M, S> step) {
        S s = state;
        int applied = 0;
        for (M m : events) {
            long next = stateSeq.applyAsLong(s) + 1;
            long seq = eventSeq.applyAsLong(m);
            if (seq < next) {
                continue;
            }
            if (seq > next) {
                break;
            }
            try {
                s = step.apply(s, m);
            } catch (RuntimeException e) {
                return new Outcome<>(s, Kind.FAILED, applied, e, m);
            }
            applied++;
        }
        return new Outcome<>(s, applied > 0 ? Kind.APPLIED : Kind.DUPLICATE, applied, null, null);
    }
}
