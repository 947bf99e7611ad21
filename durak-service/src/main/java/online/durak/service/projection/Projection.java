package online.durak.service.projection;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Every table's state in memory, one lock per table: the states a service folds with {@link SeqFold}, who waits for
 * a table to reach a seq, and the dropping of idle tables (they are read from the store again when next needed).
 * All changes to one table happen under its lock ({@link #locked}), so they are applied in seq order.
 *
 * @param <S> the service's state of one table
 */
public final class Projection<S> {

    /** One table: its newest state and who waits for a seq. Its monitor is the table's lock. */
    public static final class Slot<S> {
        private volatile S state;
        private final List<Waiter<S>> waiters = new ArrayList<>();
        /** When it was last asked for or changed (System.nanoTime). */
        private volatile long usedAt = System.nanoTime();
        /** Dropped from memory (under the lock): whoever holds this object must look the table up again. */
        private boolean evicted;
        /** The seq of the last event that could not be applied, so it is reported once (-1: none). */
        public long failedSeq = -1;

        private Slot(S state) {
            this.state = state;
        }

        public S state() {
            return state;
        }
    }

    private record Waiter<S>(long seq, CompletableFuture<S> future) {
    }

    private final ConcurrentHashMap<String, Slot<S>> slots = new ConcurrentHashMap<>();
    private final Function<String, S> empty;
    private final ToLongFunction<S> seqOf;

    /**
     * @param empty the state of a table before its first event
     * @param seqOf the seq a state has reached
     */
    public Projection(Function<String, S> empty, ToLongFunction<S> seqOf) {
        this.empty = empty;
        this.seqOf = seqOf;
    }

    /** Runs {@code action} under the lock of the table's slot (made when missing); it must not block. */
    public <T> T locked(String tableId, Function<Slot<S>, T> action) {
        while (true) {
            Slot<S> s = slots.computeIfAbsent(tableId, id -> new Slot<>(empty.apply(id)));
            synchronized (s) {
                if (!s.evicted) { // else it was dropped between the lookup and the lock: look again
                    s.usedAt = System.nanoTime();
                    return action.apply(s);
                }
            }
        }
    }

    /** The table's state in memory, or null when it is not (without making a slot). */
    public S peek(String tableId) {
        Slot<S> s = slots.get(tableId);
        return s == null ? null : s.state;
    }

    /** Like {@link #peek}, and counts as a use (so the table is kept). */
    public S use(String tableId) {
        Slot<S> s = slots.get(tableId);
        if (s == null) {
            return null;
        }
        s.usedAt = System.nanoTime();
        return s.state;
    }

    /** Sets the table's newer state (under its lock); {@link #wake} then tells whoever waits for it. */
    public void set(Slot<S> slot, S state) {
        slot.state = state;
    }

    /** Completes whoever waited for a seq the table's state has reached (under its lock). */
    public void wake(Slot<S> slot) {
        if (slot.waiters.isEmpty()) {
            return;
        }
        S state = slot.state;
        long seq = seqOf.applyAsLong(state);
        Iterator<Waiter<S>> it = slot.waiters.iterator();
        while (it.hasNext()) {
            Waiter<S> w = it.next();
            if (w.future().isDone()) {
                it.remove();
            } else if (w.seq() <= seq) {
                it.remove();
                w.future().complete(state);
            }
        }
    }

    /**
     * Completes with the table's state once it has reached {@code seq}: at once when it has. The caller bounds the
     * wait (e.g. {@link CompletableFuture#orTimeout}); a waiter whose future is done is forgotten.
     */
    public CompletableFuture<S> await(String tableId, long seq) {
        return locked(tableId, s -> {
            if (seqOf.applyAsLong(s.state) >= seq) {
                return CompletableFuture.completedFuture(s.state);
            }
            CompletableFuture<S> f = new CompletableFuture<>();
            s.waiters.add(new Waiter<>(seq, f));
            return f;
        });
    }

    /**
     * Drops the tables idle at {@code now} (System.nanoTime): unused for longer than {@code keepNanos} says for
     * their state (negative: always kept), nobody waiting and not {@code held}. Returns how many.
     */
    public int evictIdle(long now, ToLongFunction<S> keepNanos, Predicate<String> held) {
        int dropped = 0;
        for (Map.Entry<String, Slot<S>> e : slots.entrySet()) {
            Slot<S> s = e.getValue();
            long keep = keepNanos.applyAsLong(s.state);
            if (keep < 0 || now - s.usedAt < keep || held.test(e.getKey())) {
                continue;
            }
            synchronized (s) {
                if (!s.evicted && s.waiters.isEmpty() && now - s.usedAt >= keep && slots.remove(e.getKey(), s)) {
                    s.evicted = true;
                    dropped++;
                }
            }
        }
        return dropped;
    }

    /** The tables in memory, read only (e.g. for a gauge of their number). */
    public Map<String, Slot<S>> slots() {
        return java.util.Collections.unmodifiableMap(slots);
    }

    public int size() {
        return slots.size();
    }
}
