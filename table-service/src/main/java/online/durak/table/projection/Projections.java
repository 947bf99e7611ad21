package online.durak.table.projection;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;
import online.durak.engine.table.TableStatus;
import online.durak.messages.EventMessage;
import online.durak.service.projection.Projection;
import online.durak.table.store.EventStore;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.context.ManagedExecutor;
import org.jboss.logging.Logger;

/**
 * Every table's projection (docs/spine.md "The table service"): the table as its log has made it, and the event
 * log.
 *
 * <p>With several edges (docs/spine.md "The edges") each folds the tables of its own partitions ({@link #share}) and
 * any other table asked for here (a request or socket that reached this edge): those are "folded here". Of every
 * other unfinished table it keeps only the {@link Outlines outline}, for the lobby and the listeners; a table folded
 * here that is no more (dropped from memory, or its partition went to another edge) becomes an outline again, and an
 * outline asked for is folded from the store without telling the listeners again what they were told.
 *
 * <p>Idempotent by {@code (table id, seq)}, folded and held by the shared {@link Projection} (durak-service): an event
 * with seq ≤ the table's last is skipped; one beyond the next makes the projection read the missing events from the
 * store first. A table that is asked for but not (yet) in memory is read from the store, so the store is the truth
 * and Kafka only the fast path. All changes to one table happen under that table's lock, listeners included, so
 * they see its events in seq order.
 *
 * <p>Memory holds the tables in play: a table whose match is over is dropped {@code durak.projection.keep-finished}
 * after it was last used, any other table (but the lobby's open ones) after {@code durak.projection.keep-idle}, unless
 * someone waits on it or a listener (a WebSocket) holds it; it is read from the store again when it is asked for or
 * gets an event. At start only tables whose match has not ended are rebuilt.
 */
@ApplicationScoped
public class Projections {
    private static final Logger LOG = Logger.getLogger(Projections.class);
    private static final int REBUILD_PAGE = 2000;

    private final Projection<TableSnapshot> tables;
    private final Outlines outlines;
    private volatile Predicate<String> ours = tableId -> true;
    private final List<TableListener> listeners = new CopyOnWriteArrayList<>();
    private final EventStore store;
    private final Executor executor;
    private final Duration waitTimeout;
    private final long keepFinishedNanos;
    private final long keepIdleNanos;
    private final long keepUnownedNanos;
    private final AtomicLong nextSweep = new AtomicLong();
    private final Counter evictions;
    private final Counter applied;
    private final Counter duplicates;
    private final Counter gaps;
    private final Counter failures;
    private final Counter outlined;
    private final Counter passed;

    @Inject
    public Projections(EventStore store, ManagedExecutor executor, MeterRegistry registry,
                       @ConfigProperty(name = "durak.projection.timeout", defaultValue = "5s") Duration waitTimeout,
                       @ConfigProperty(name = "durak.projection.keep-finished", defaultValue = "2m") Duration keepFinished,
                       @ConfigProperty(name = "durak.projection.keep-idle", defaultValue = "10m") Duration keepIdle,
                       @ConfigProperty(name = "durak.projection.keep-unowned", defaultValue = "30s")
                       Duration keepUnowned) {
        this(store, (Executor) executor, registry, waitTimeout, keepFinished, keepIdle, keepUnowned);
    }

    /** Outside CDI (unit tests): {@code executor} runs the store reads after a wait timed out. */
    public Projections(EventStore store, Executor executor, MeterRegistry registry, Duration waitTimeout) {
        this(store, executor, registry, waitTimeout, Duration.ofMinutes(2), Duration.ofMinutes(10),
                Duration.ofSeconds(30));
    }

    public Projections(EventStore store, Executor executor, MeterRegistry registry, Duration waitTimeout,
                       Duration keepFinished, Duration keepIdle, Duration keepUnowned) {
        this.store = store;
        this.tables = new Projection<>(store::read, TableSnapshot::empty, TableSnapshot::seq, TableSnapshot::next)
                .onApplied(this::applied);
        this.executor = executor;
        this.waitTimeout = waitTimeout;
        this.keepFinishedNanos = keepFinished.toNanos();
        this.keepIdleNanos = keepIdle.toNanos();
        this.keepUnownedNanos = keepUnowned.toNanos();
        this.outlines = new Outlines((tableId, before) -> store.read(tableId, 0, before));
        this.evictions = registry.counter("durak.projection.evictions");
        this.applied = registry.counter("durak.projection.events", "outcome", "applied");
        this.duplicates = registry.counter("durak.projection.events", "outcome", "duplicate");
        this.gaps = registry.counter("durak.projection.gaps");
        this.failures = registry.counter("durak.projection.events", "outcome", "failed");
        this.outlined = registry.counter("durak.projection.outlines.events", "outcome", "applied");
        this.passed = registry.counter("durak.projection.outlines.events", "outcome", "passed");
        registry.gauge("durak.projection.outlines", List.of(), outlines, Outlines::size);
        registry.gauge("durak.projection.tables", List.of(), tables, Projection::size);
    }

    public void addListener(TableListener listener) {
        listeners.add(listener);
    }

    /**
     * Which tables are this edge's to fold (their partition is this edge's; docs/spine.md "The edges"); until this is
     * said, every table is. Set once, by the messaging layer, before the events are read.
     */
    public void share(Predicate<String> ours) {
        this.ours = ours;
    }

    /** Whether the table is folded here now (in memory: this edge's, or asked for here). */
    public boolean folds(String tableId) {
        return tables.peek(tableId) != null;
    }

    /**
     * Runs {@code action} under the table's lock with its newest snapshot, so that no event of the table is
     * applied (and no listener told) meanwhile. The action must not block.
     */
    public <T> T withTable(String tableId, Function<TableSnapshot, T> action) {
        return tables.withTable(tableId, action);
    }

    // ---- events in ----

    /** An event from the table-events topic, of a table folded here. */
    public void accept(EventMessage m) {
        followIfOutlined(m.tableId());
        Projection.Outcome<TableSnapshot> o = tables.accept(m, -1);
        if (o.kind() != Projection.Kind.DUPLICATE && m.seq() > o.before() + 1) {
            gaps.increment();
            LOG.debugf("table %s: got seq %d after %d, read the gap from the store", m.tableId(), m.seq(), o.before());
        }
        switch (o.kind()) {
            case DUPLICATE -> duplicates.increment();
            case LEFT_OUT -> LOG.warnf("table %s: seq %d left out, events %d..%d are still missing (caught up later)",
                    m.tableId(), m.seq(), o.state().seq() + 1, m.seq() - 1);
            case FAILED -> failed(o);
            case UNREADABLE -> LOG.warnf("table %s: could not fill the gap %d..%d from the store: %s", m.tableId(),
                    o.before() + 1, m.seq() - 1, o.failure().getMessage());
            case APPLIED -> { }
        }
        sweepIfDue();
    }

    /**
     * An event of a table another edge folds: its outline moves on (the listeners are told of a table-level event).
     * False, changing nothing, when the table is folded here after all (the caller {@link #accept}s it then).
     */
    public boolean outline(EventMessage m) {
        boolean done = outlines.apply(m, () -> tables.peek(m.tableId()) != null, after -> tell(after, m));
        if (done) {
            outlined.increment();
        }
        return done;
    }

    /** Whether an event of this type belongs to a deal, so that no outline needs it. */
    public static boolean dealEvent(String type) {
        return Outlines.dealEvent(type);
    }

    /** Counts an event of a table another edge folds, passed over unread (a deal's event: no outline needs it). */
    public void passedOver() {
        passed.increment();
    }

    /** Whether the table's projection has reached {@code seq} already (an event with it would be skipped). */
    public boolean has(String tableId, long seq) {
        TableSnapshot s = tables.peek(tableId);
        return s != null && s.seq() >= seq;
    }

    /** Counts an event passed over unread because {@link #has} said so. */
    public void skipped() {
        duplicates.increment();
    }

    /** Reads whatever the store has after the table's last seq and applies it; the newest snapshot. */
    public TableSnapshot catchUp(String tableId) {
        followIfOutlined(tableId);
        Projection.Outcome<TableSnapshot> o = tables.catchUp(tableId, -1);
        if (o.kind() == Projection.Kind.FAILED) {
            failed(o);
        }
        return o.state();
    }

    /**
     * An outlined table is to be folded here: its log up to the outline's seq, read from the store, is folded without
     * telling the listeners again (they were told of it as an outline); what follows is applied as usual.
     */
    private void followIfOutlined(String tableId) {
        if (!hasEvents(tableId) && outlines.has(tableId)) {
            outlines.take(tableId, outline -> {
                if (outline != null && !hasEvents(tableId)) {
                    fold(tableId, outline.seq());
                }
            });
        }
    }

    private boolean hasEvents(String tableId) {
        TableSnapshot known = tables.peek(tableId);
        return known != null && known.seq() > 0;
    }

    /** The table's log up to {@code upTo}, folded quietly (the listeners were told of it) into its projection. */
    private void fold(String tableId, long upTo) {
        TableSnapshot s = TableSnapshot.empty(tableId);
        for (EventMessage m : store.read(tableId, 0, upTo + 1)) {
            s = s.next(m);
        }
        tables.seed(tableId, s, -1);
    }

    /**
     * This edge gave up partitions: every table folded here that is not this edge's now becomes an outline, unless
     * someone waits on it or a listener holds it (a socket here). Returns how many.
     */
    public int release() {
        return tables.evictIdle(System.nanoTime(), Projection.Idle.unusedFor(s -> ours.test(s.tableId()) ? -1 : 0),
                this::held, this::outlined);
    }

    private void outlined(String tableId, TableSnapshot last) {
        outlines.put(last.table());
    }

    /** Rebuilds every table from the store (at start); returns the number of events read. */
    public long rebuildAll() {
        String afterTable = null;
        long afterSeq = 0;
        long count = 0;
        while (true) {
            List<EventMessage> page = store.page(afterTable, afterSeq, REBUILD_PAGE);
            if (page.isEmpty()) {
                break;
            }
            for (EventMessage m : page) {
                if (!ours.test(m.tableId()) && outline(m)) {
                    continue;
                }
                Projection.Outcome<TableSnapshot> o = tables.apply(m.tableId(), List.of(m), -1);
                if (o.kind() == Projection.Kind.FAILED) {
                    failed(o);
                } else if (o.kind() == Projection.Kind.LEFT_OUT) {
                    LOG.warnf("table %s: the store has no event %d (next is %d)", m.tableId(), o.state().seq() + 1,
                            m.seq());
                }
            }
            count += page.size();
            EventMessage lastRead = page.get(page.size() - 1);
            afterTable = lastRead.tableId();
            afterSeq = lastRead.seq();
            if (page.size() < REBUILD_PAGE) {
                break;
            }
        }
        return count;
    }

    private void failed(Projection.Outcome<TableSnapshot> o) {
        failures.increment();
        EventMessage m = o.failedEvent();
        if (o.firstFailure()) {
            LOG.errorf(o.failure(), "table %s: event %d (%s) cannot be applied; the table's projection stays at %d",
                    m.tableId(), m.seq(), m.type(), o.state().seq());
        }
    }

    /** Told of every event applied, under the table's lock. */
    private void applied(TableSnapshot after, EventMessage m) {
        applied.increment();
        tell(after, m);
    }

    /** The listeners (the lobby among them), of an event applied or outlined. */
    private void tell(TableSnapshot after, EventMessage m) {
        for (TableListener l : listeners) {
            try {
                l.applied(after, m);
            } catch (RuntimeException e) {
                LOG.warnf(e, "table %s: a listener failed on event %d", m.tableId(), m.seq());
            }
        }
    }

    // ---- reading ----

    /** The table's snapshot, read from the store when this projection has not seen the table. */
    public Optional<TableSnapshot> find(String tableId) {
        TableSnapshot known = tables.use(tableId);
        if (known != null && known.exists()) {
            return Optional.of(known);
        }
        TableSnapshot s = catchUp(tableId);
        return s.exists() ? Optional.of(s) : Optional.empty();
    }

    /** The table's snapshot when it is folded here now, without asking the store (counts as a use); else null. */
    public TableSnapshot folded(String tableId) {
        TableSnapshot s = tables.use(tableId);
        return s != null && s.exists() ? s : null;
    }

    /** The table's snapshot in memory, without asking the store (empty when unknown). */
    public TableSnapshot current(String tableId) {
        TableSnapshot s = tables.peek(tableId);
        return s == null ? TableSnapshot.empty(tableId) : s;
    }

    /**
     * Completes once the table's projection has reached {@code seq}: at once when it has, else after the event;
     * if that takes longer than {@code durak.projection.timeout}, the store is read once more, and if the table
     * is still behind the future fails with {@link ProjectionTimeoutException}.
     */
    public CompletableFuture<TableSnapshot> awaitSeq(String tableId, long seq) {
        return tables.await(tableId, seq, waitTimeout, executor).exceptionallyCompose(e -> {
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            return CompletableFuture.failedFuture(cause instanceof Projection.NotReached n
                    ? new ProjectionTimeoutException(tableId, seq, n.reached()) : cause);
        });
    }

    // ---- memory ----

    /**
     * Drops idle tables (see the class comment) at most every 10 s, on the thread that applies events; an unfinished
     * one becomes an outline.
     */
    private void sweepIfDue() {
        long now = System.nanoTime();
        long due = nextSweep.get();
        if (now - due >= 0 && nextSweep.compareAndSet(due, now + TimeUnit.SECONDS.toNanos(10))) {
            evictIdle(now);
        }
    }

    /** Drops the tables idle at {@code now} (System.nanoTime); returns how many. */
    int evictIdle(long now) {
        int dropped = tables.evictIdle(now, (s, sinceUsed, sinceAsked) -> {
            TableStatus status = s.state().status();
            if (status == TableStatus.FINISHED || status == TableStatus.CLOSED || !s.exists()) {
                return sinceUsed >= keepFinishedNanos;
            }
            if (!ours.test(s.tableId())) {
                // another edge's, asked for here (a create, a list of one's tables): its events, which keep coming
                // while it is played on its own edge, do not keep it here
                return sinceAsked >= keepUnownedNanos;
            }
            return status != TableStatus.OPEN && sinceUsed >= keepIdleNanos; // an open one may be joined any time
        }, this::held, this::outlined);
        outlines.forgetFolded(this::folds);
        if (dropped > 0) {
            evictions.increment(dropped);
            LOG.debugf("dropped %d idle table(s) from memory; %d remain", dropped, tables.size());
        }
        return dropped;
    }

    private boolean held(String tableId) {
        for (TableListener l : listeners) {
            if (l.holds(tableId)) {
                return true;
            }
        }
        return false;
    }

    /** Tables in memory (tests). */
    int size() {
        return tables.size();
    }

    /** The projection of a table did not reach a seq in time. */
    public static final class ProjectionTimeoutException extends RuntimeException {
        public ProjectionTimeoutException(String tableId, long seq, long reached) {
            super("the view of table " + tableId + " did not reach seq " + seq + " in time (it is at " + reached + ")");
        }
    }
}
