package online.durak.service.projection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;
import online.durak.messages.EventMessage;

/**
 * Every table's state in memory, folded from its log in seq order: the one fold of the services that follow tables
 * (docs/spine.md "Projections"). An event at or below the table's seq is skipped (applied already); one beyond the
 * next first has the missing events read from the store; events apply only in order, so a hole the store cannot
 * fill stops the fold there. Each table has a lock: everything that changes it runs under it, in seq order, and the
 * {@link Applied} hook is told of every event applied under it too. Whoever waits for a table to reach a seq is told
 * when it does; idle tables are dropped and read from the store again when next needed.
 *
 * <p>The state is the service's own ({@code S}, which knows its seq), and so is the step that applies one event;
 * a table may carry the partition its records arrive on, so a service drops exactly the tables of partitions it
 * gives up.
 *
 * @param <S> the service's state of one table
 */
public final class Projection<S> {

    /** The event store, read only: a table's events with {@code after < seq < before} (0: no bound), in order. */
    @FunctionalInterface
    public interface Store {
        List<EventMessage> read(String tableId, long after, long before);
    }

    /** Applies one event, the next in seq; throws, changing nothing, when the event cannot be applied. */
    @FunctionalInterface
    public interface Step<S> {
        S apply(S state, EventMessage event);
    }

    /** Told of every event applied, under the table's lock, once the table's state is the one after it. */
    @FunctionalInterface
    public interface Applied<S> {
        void applied(S after, EventMessage event);
    }

    public enum Kind {
        /** The event (and any missing before it) was applied. */
        APPLIED,
        /** The table had the event already: nothing changed. */
        DUPLICATE,
        /** Events before it are missing from the store too, so it was not applied (a later event catches up). */
        LEFT_OUT,
        /** The step could not apply an event: the table stays before it. */
        FAILED,
        /** The store could not be read for a gap: nothing was applied. */
        UNREADABLE
    }

    /**
     * What folding did to a table: the state after it and the seq before it, how many events came from the store,
     * and the exception of a failed step (with the event it failed on, and whether that event failed for the first
     * time, so it is reported once) or of a store that could not be read.
     */
    public record Outcome<S>(Kind kind, S state, long before, int fromStore, RuntimeException failure,
                             EventMessage failedEvent, boolean firstFailure) {
    }

    /** A table in memory and the partition its records arrive on (-1: none). */
    public record Held<S>(String tableId, S state, int partition) {
    }

    /** One table: its newest state and who waits for a seq. Its monitor is the table's lock. */
    private static final class Slot<S> {
        private volatile S state;
        private volatile int partition = -1;
        private final List<Waiter<S>> waiters = new ArrayList<>();
        /** When it was last asked for or changed (System.nanoTime). */
        private volatile long usedAt = System.nanoTime();
        /** When it was last asked for: like {@link #usedAt}, but not moved by {@link #accept}'s events. */
        private volatile long askedAt = usedAt;
        /** Dropped from memory (under the lock): whoever holds this object must look the table up again. */
        private boolean evicted;
        /** The seq of the last event that could not be applied, so it is reported once (-1: none). */
        private long failedSeq = -1;

        private Slot(S state) {
            this.state = state;
        }
    }

    private record Waiter<S>(long seq, CompletableFuture<S> future) {
    }

    /** A table did not reach a seq in time: it is at {@code reached}. */
    public static final class NotReached extends RuntimeException {
        private final long reached;

        public NotReached(String tableId, long seq, long reached) {
            super("table " + tableId + " did not reach seq " + seq + " in time (it is at " + reached + ")", null,
                    false, false);
            this.reached = reached;
        }

        public long reached() {
            return reached;
        }
    }

    private final ConcurrentHashMap<String, Slot<S>> slots = new ConcurrentHashMap<>();
    private final Store store;
    private final Function<String, S> empty;
    private final ToLongFunction<S> seqOf;
    private final Step<S> step;
    private Applied<S> applied = (after, event) -> { };

    /**
     * @param store the event store, read for gaps and for tables not in memory
     * @param empty the state of a table before its first event
     * @param seqOf the seq a state has reached
     * @param step  applies the next event to a state
     */
    public Projection(Store store, Function<String, S> empty, ToLongFunction<S> seqOf, Step<S> step) {
        this.store = store;
        this.empty = empty;
        this.seqOf = seqOf;
        this.step = step;
    }

    /** Sets the hook told of every event applied (before anyone waiting for its seq); set once, before use. */
    public Projection<S> onApplied(Applied<S> hook) {
        this.applied = hook;
        return this;
    }

    // ---- the fold ----

    /**
     * One event, e.g. from the table-events topic, of a record on {@code partition} (-1: none). The store is read
     * only for a gap, under the table's lock; when that read fails nothing is applied ({@link Kind#UNREADABLE}).
     * A table this event did not move past seq 0 is not kept.
     */
    public Outcome<S> accept(EventMessage m, int partition) {
        Outcome<S> o = locked(m.tableId(), false, s -> {
            if (partition >= 0) {
                s.partition = partition;
            }
            return acceptLocked(s, m);
        });
        if (seqOf.applyAsLong(o.state()) == 0) {
            forgetIfEmpty(m.tableId());
        }
        return o;
    }

    private Outcome<S> acceptLocked(Slot<S> slot, EventMessage m) {
        S state = slot.state;
        long before = seqOf.applyAsLong(state);
        if (m.seq() <= before) {
            return outcome(Kind.DUPLICATE, slot, before, 0);
        }
        int fromStore = 0;
        if (m.seq() > before + 1) {
            List<EventMessage> gap;
            try {
                gap = store.read(m.tableId(), before, m.seq());
            } catch (RuntimeException e) {
                return new Outcome<>(Kind.UNREADABLE, state, before, 0, e, null, false);
            }
            Outcome<S> filled = fold(slot, gap, before);
            if (filled.kind() == Kind.FAILED) {
                return filled;
            }
            fromStore = filled.fromStore();
        }
        if (m.seq() != seqOf.applyAsLong(slot.state) + 1) {
            return outcome(Kind.LEFT_OUT, slot, before, fromStore);
        }
        RuntimeException failure = applyLocked(slot, m);
        if (failure != null) {
            return failed(slot, before, fromStore, failure, m);
        }
        return outcome(Kind.APPLIED, slot, before, fromStore);
    }

    /**
     * Reads whatever the store has after the table's seq and applies it; the read happens outside the table's lock.
     * A table the store does not know is not kept ({@link Kind#DUPLICATE}, the empty state). {@code partition}: as
     * in {@link #accept}. Reading the store may throw.
     */
    public Outcome<S> catchUp(String tableId, int partition) {
        S known = peek(tableId);
        long last = known == null ? 0 : seqOf.applyAsLong(known);
        List<EventMessage> events = store.read(tableId, last, 0);
        if (known == null && events.isEmpty()) {
            return new Outcome<>(Kind.DUPLICATE, empty.apply(tableId), 0, 0, null, null, false);
        }
        return apply(tableId, events, partition);
    }

    /**
     * Applies events of one table that follow its seq, in order, under its lock: those it has are skipped; the fold
     * stops at a gap ({@link Kind#LEFT_OUT}) or at an event the step cannot apply ({@link Kind#FAILED}).
     * {@link Outcome#fromStore} counts the events applied.
     */
    public Outcome<S> apply(String tableId, List<EventMessage> events, int partition) {
        return locked(tableId, s -> {
            if (partition >= 0) {
                s.partition = partition;
            }
            return fold(s, events, seqOf.applyAsLong(s.state));
        });
    }

    private Outcome<S> fold(Slot<S> slot, List<EventMessage> events, long before) {
        int applied = 0;
        for (EventMessage m : events) {
            long next = seqOf.applyAsLong(slot.state) + 1;
            if (m.seq() < next) {
                continue;
            }
            if (m.seq() > next) {
                return outcome(Kind.LEFT_OUT, slot, before, applied);
            }
            RuntimeException failure = applyLocked(slot, m);
            if (failure != null) {
                return failed(slot, before, applied, failure, m);
            }
            applied++;
        }
        return outcome(applied > 0 ? Kind.APPLIED : Kind.DUPLICATE, slot, before, applied);
    }

    /** Applies the next event: the new state, the hook, then whoever waits. Returns the step's failure, or null. */
    private RuntimeException applyLocked(Slot<S> slot, EventMessage m) {
        S after;
        try {
            after = step.apply(slot.state, m);
        } catch (RuntimeException e) {
            return e;
        }
        slot.state = after;
        applied.applied(after, m);
        wake(slot);
        return null;
    }

    private Outcome<S> outcome(Kind kind, Slot<S> slot, long before, int fromStore) {
        return new Outcome<>(kind, slot.state, before, fromStore, null, null, false);
    }

    private Outcome<S> failed(Slot<S> slot, long before, int fromStore, RuntimeException failure, EventMessage m) {
        boolean first = slot.failedSeq != m.seq();
        slot.failedSeq = m.seq();
        return new Outcome<>(Kind.FAILED, slot.state, before, fromStore, failure, m, first);
    }

    // ---- the tables held ----

    /**
     * Runs {@code action} under the table's lock with its newest state (a table is made when missing), so that no
     * event of the table is applied meanwhile. The action must not block.
     */
    public <T> T withTable(String tableId, Function<S, T> action) {
        return locked(tableId, s -> action.apply(s.state));
    }

    private <T> T locked(String tableId, Function<Slot<S>, T> action) {
        return locked(tableId, true, action);
    }

    /** {@code asked}: a use of the table, not only an event that reached it. */
    private <T> T locked(String tableId, boolean asked, Function<Slot<S>, T> action) {
        while (true) {
            Slot<S> s = slots.computeIfAbsent(tableId, id -> new Slot<>(empty.apply(id)));
            synchronized (s) {
                if (!s.evicted) { // else it was dropped between the lookup and the lock: look again
                    s.usedAt = System.nanoTime();
                    if (asked) {
                        s.askedAt = s.usedAt;
                    }
                    return action.apply(s);
                }
            }
        }
    }

    /** The table's state in memory, or null when it is not (without making it). */
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
        s.askedAt = s.usedAt;
        return s.state;
    }

    /**
     * Sets a table's state, folded elsewhere (e.g. by the table's writer, from the events it appended), and tells
     * whoever waits for a seq it has reached; {@code partition} as in {@link #accept}.
     */
    public void put(String tableId, S state, int partition) {
        locked(tableId, s -> {
            s.state = state;
            if (partition >= 0) {
                s.partition = partition;
            }
            wake(s);
            return null;
        });
    }

    /**
     * Sets a table's state folded elsewhere from events the {@link Applied} hook was told of already (e.g. read again
     * from the store), without telling it again: only when it is ahead of the state held. Tells whoever waits for a
     * seq it has reached; {@code partition} as in {@link #accept}.
     */
    public void seed(String tableId, S state, int partition) {
        locked(tableId, s -> {
            if (seqOf.applyAsLong(state) > seqOf.applyAsLong(s.state)) {
                s.state = state;
                wake(s);
            }
            if (partition >= 0) {
                s.partition = partition;
            }
            return null;
        });
    }

    /** Changes a table's state in memory without an event (e.g. what a service remembers of it); null if absent. */
    public S update(String tableId, UnaryOperator<S> change) {
        Slot<S> s = slots.get(tableId);
        if (s == null) {
            return null;
        }
        synchronized (s) {
            if (s.evicted) {
                return null;
            }
            s.state = change.apply(s.state);
            return s.state;
        }
    }

    /**
     * Drops a table from memory (it is read from the store again when next needed); whoever waited on it is not told,
     * and bounds the wait as always. Returns whether it was held.
     */
    public boolean remove(String tableId) {
        Slot<S> s = slots.get(tableId);
        if (s == null) {
            return false;
        }
        synchronized (s) {
            if (!s.evicted && slots.remove(tableId, s)) {
                s.evicted = true;
                return true;
            }
            return false;
        }
    }

    /** Drops a table that has no event and nobody waiting (made for an event that could not be applied). */
    private void forgetIfEmpty(String tableId) {
        Slot<S> s = slots.get(tableId);
        if (s != null) {
            synchronized (s) {
                if (!s.evicted && s.waiters.isEmpty() && seqOf.applyAsLong(s.state) == 0 && slots.remove(tableId, s)) {
                    s.evicted = true;
                }
            }
        }
    }

    /** Drops every table of these partitions (they were revoked or lost). Returns how many. */
    public int dropPartitions(Collection<Integer> partitions) {
        int dropped = 0;
        for (Map.Entry<String, Slot<S>> e : slots.entrySet()) {
            if (partitions.contains(e.getValue().partition) && remove(e.getKey())) {
                dropped++;
            }
        }
        return dropped;
    }

    /** How long a table is kept unused, by its state: negative for always. */
    @FunctionalInterface
    public interface Idle<S> {
        /**
         * Whether the table is idle: {@code sinceUsed} nanoseconds since it was last asked for or changed,
         * {@code sinceAsked} since it was last asked for (events that reached it do not count).
         */
        boolean idle(S state, long sinceUsed, long sinceAsked);

        /** Idle when unused for longer than {@code keepNanos} says for the state (negative: never). */
        static <S> Idle<S> unusedFor(ToLongFunction<S> keepNanos) {
            return (state, sinceUsed, sinceAsked) -> {
                long keep = keepNanos.applyAsLong(state);
                return keep >= 0 && sinceUsed >= keep;
            };
        }
    }

    /**
     * Drops the tables idle at {@code now} (System.nanoTime): unused for longer than {@code keepNanos} says for
     * their state (negative: always kept), nobody waiting and not {@code held}. Returns how many.
     */
    public int evictIdle(long now, ToLongFunction<S> keepNanos, Predicate<String> held) {
        return evictIdle(now, Idle.unusedFor(keepNanos), held, (id, state) -> { });
    }

    /**
     * Drops the tables {@code idle} at {@code now} (System.nanoTime), nobody waiting and not {@code held}; {@code
     * dropped} is told of each, with its last state (after its lock). Returns how many.
     */
    public int evictIdle(long now, Idle<S> idle, Predicate<String> held, BiConsumer<String, S> dropped) {
        int count = 0;
        for (Map.Entry<String, Slot<S>> e : slots.entrySet()) {
            Slot<S> s = e.getValue();
            if (!idle.idle(s.state, now - s.usedAt, now - s.askedAt) || held.test(e.getKey())) {
                continue;
            }
            synchronized (s) {
                if (s.evicted || !s.waiters.isEmpty() || !idle.idle(s.state, now - s.usedAt, now - s.askedAt)
                        || !slots.remove(e.getKey(), s)) {
                    continue;
                }
                s.evicted = true;
                count++;
            }
            dropped.accept(e.getKey(), s.state);
        }
        return count;
    }

    /**
     * Keeps at most {@code max} tables: past that drops about a tenth, those {@code first} picks before any other,
     * never {@code keep} and never one waited on. Returns how many.
     */
    public int bound(int max, String keep, Predicate<S> first) {
        if (slots.size() <= max) {
            return 0;
        }
        int target = max - Math.max(1, max / 10);
        int dropped = 0;
        for (int pass = 0; pass < 2 && slots.size() > target; pass++) {
            Iterator<Map.Entry<String, Slot<S>>> it = slots.entrySet().iterator();
            while (it.hasNext() && slots.size() > target) {
                Map.Entry<String, Slot<S>> e = it.next();
                Slot<S> s = e.getValue();
                if (e.getKey().equals(keep) || pass == 0 && !first.test(s.state)) {
                    continue;
                }
                synchronized (s) {
                    if (!s.evicted && s.waiters.isEmpty() && slots.remove(e.getKey(), s)) {
                        s.evicted = true;
                        dropped++;
                    }
                }
            }
        }
        return dropped;
    }

    /** The tables in memory now, each with its partition (a snapshot; they may change meanwhile). */
    public List<Held<S>> held() {
        List<Held<S>> list = new ArrayList<>(slots.size());
        slots.forEach((id, s) -> list.add(new Held<>(id, s.state, s.partition)));
        return list;
    }

    /** How many tables are in memory. */
    public int size() {
        return slots.size();
    }

    // ---- waiting for a seq ----

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
     * {@link #await} for at most {@code timeout}; then the store is read once more ({@link #catchUp}, on
     * {@code executor}), and if the table is still behind the future fails with {@link NotReached}.
     */
    public CompletableFuture<S> await(String tableId, long seq, Duration timeout, Executor executor) {
        CompletableFuture<S> f = await(tableId, seq);
        if (f.isDone()) {
            return f;
        }
        return f.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).exceptionallyCompose(e -> {
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            if (!(cause instanceof TimeoutException)) {
                return CompletableFuture.failedFuture(cause);
            }
            return CompletableFuture.supplyAsync(() -> {
                S s = catchUp(tableId, -1).state();
                long reached = seqOf.applyAsLong(s);
                if (reached >= seq) {
                    return s;
                }
                throw new NotReached(tableId, seq, reached);
            }, executor);
        });
    }

    /** Completes whoever waited for a seq the table's state has reached (under its lock). */
    private void wake(Slot<S> slot) {
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
}
