package online.durak.bot.play;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.messages.EventMessage;
import online.durak.service.projection.Projection;
import org.jboss.logging.Logger;

/**
 * The live tables of this instance's partitions of {@code durak.table-events}: each table as its log has made it
 * ({@link LoggedTable}) and its decision key. Idempotent by {@code (table id, seq)}, folded and held by the shared
 * {@link Projection} (durak-service): an event with seq ≤ the table's last is skipped; one beyond the next first reads
 * the missing events from the store, and so does the first event of a table seen in the middle of its log. Tables
 * that will never need a bot (finished, or people only without a clock) are dropped and remembered as closed, so
 * their later events cost nothing.
 *
 * <p>Changed only by the consumer thread ({@link #accept}, {@link #owed}, {@link #dropPartitions}); the workers
 * only ask {@link #isCurrent}.
 */
public final class TableTracker {
    private static final Logger LOG = Logger.getLogger(TableTracker.class);

    /** The store could not be read: the caller tries the same event again later. */
    public static final class StoreUnavailable extends RuntimeException {
        public StoreUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * A table followed: as its log has made it, and its decision.
     *
     * @param key     the seq of the last event that changed the position (see {@link Turns#keepsPosition})
     * @param keyAt   when the event at {@code key} was appended
     * @param owedKey the key a turn was last handed out for, so each decision is made once (-1: none)
     */
    record Followed(LoggedTable table, long key, Instant keyAt, long owedKey) {
        static Followed empty(String tableId) {
            return new Followed(LoggedTable.empty(tableId), 0, null, -1);
        }

        long seq() {
            return table.seq();
        }

        /** After the next event; throws, changing nothing, when the engine cannot apply it. */
        Followed next(EventMessage m) {
            LoggedTable t = table.next(m.event(), m.at());
            if (t.state().status() == TableStatus.PLAYING && table.state().status() != TableStatus.PLAYING
                    && !Turns.needsNoBot(t.state())) {
                LOG.infof("table %s: following its match (%s)", t.tableId(), describe(t.state()));
            }
            return Turns.keepsPosition(m.event()) ? new Followed(t, key, keyAt, owedKey)
                    : new Followed(t, m.seq(), m.at(), owedKey);
        }
    }

    private final Projection<Followed> tables;
    private final Map<String, Boolean> closed;
    private final AtomicLong applied = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong gapsFilled = new AtomicLong();
    private final AtomicLong fromStore = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    public TableTracker(Projection.Store store, int closedRemembered) {
        this.tables = new Projection<>(store, Followed::empty, Followed::seq, Followed::next)
                .onApplied((after, m) -> applied.incrementAndGet());
        this.closed = java.util.Collections.synchronizedMap(new LinkedHashMap<>(1024, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > closedRemembered;
            }
        });
    }

    /**
     * One event from the topic, of a record on {@code partition}. Returns whether the table's state changed.
     *
     * @throws StoreUnavailable when a gap had to be filled and the store could not be read
     */
    public boolean accept(EventMessage m, int partition) {
        String id = m.tableId();
        if (closed.containsKey(id) && seatsABot(m.event())) {
            closed.remove(id); // a table of people only gets a bot: read it from the store again
            LOG.infof("table %s: a person left its match at seq %d and a bot took the seat; following it again", id,
                    m.seq());
        }
        if (closed.containsKey(id)) {
            skipped.incrementAndGet();
            return false;
        }
        Projection.Outcome<Followed> o = tables.accept(m, partition);
        long start = o.before();
        if (o.fromStore() > 0) {
            (start == 0 ? fromStore : gapsFilled).incrementAndGet();
            LOG.debugf("table %s: events %d..%d read from the store", id, start + 1, o.state().seq());
        }
        switch (o.kind()) {
            case UNREADABLE -> throw new StoreUnavailable("table " + id + ": events " + (start + 1) + ".."
                    + (m.seq() - 1) + " could not be read from the store: " + o.failure().getMessage(), o.failure());
            case DUPLICATE -> duplicates.incrementAndGet();
            case FAILED -> {
                failures.incrementAndGet();
                LOG.errorf(o.failure(), "table %s: event %d (%s) cannot be applied; no bot acts at this table any"
                        + " more", id, o.failedEvent().seq(), o.failedEvent().type());
                close(id);
                return false;
            }
            case APPLIED, LEFT_OUT -> { }
        }
        boolean changed = o.state().seq() > start;
        TableState state = o.state().table().state();
        if (changed && Turns.needsNoBot(state)) {
            if (state.status() == TableStatus.FINISHED && Turns.mayAct(state)) {
                LOG.infof("table %s: match over at seq %d", id, o.state().seq());
            }
            close(id);
            return false;
        }
        if (o.kind() == Projection.Kind.LEFT_OUT) {
            LOG.warnf("table %s: event %d left out: events %d..%d are missing from the store too", id, m.seq(),
                    o.state().seq() + 1, m.seq() - 1);
        }
        return changed;
    }

    /** An event that seats a bot in a running match (a person left it): a table dropped before needs this service. */
    public static boolean seatsABot(online.durak.engine.Event e) {
        return e instanceof online.durak.engine.Event.MatchLeft l && l.bot() != null;
    }

    /** {@link #seatsABot} by the record's event type header alone, before reading the event. */
    public static boolean maySeatABot(String eventType) {
        return "MatchLeft".equals(eventType);
    }

    private void close(String id) {
        tables.remove(id);
        closed.put(id, Boolean.TRUE);
    }

    private static String describe(TableState t) {
        StringBuilder b = new StringBuilder();
        List<String> bots = new ArrayList<>();
        for (int i = 0; i < t.seats().size(); i++) {
            SeatHolder h = t.seats().get(i);
            if (h != null && !h.isHuman()) {
                bots.add(i + ":" + h.bot());
            }
        }
        b.append(t.seats().size()).append(" seats, bots ").append(bots.isEmpty() ? "none" : String.join(" ", bots));
        b.append(", clock ").append(t.rules().turnClockSeconds() == 0 ? "none" : t.rules().turnClockSeconds() + " s");
        return b.toString();
    }

    /**
     * The move owed at the table now, once per decision: null when nothing is owed, or when a turn for the same
     * decision was handed out already.
     */
    public Turn owed(String tableId) {
        Followed f = tables.peek(tableId);
        if (f == null || f.owedKey() == f.key()) {
            return null;
        }
        Turn t = Turns.owed(tableId, f.table().state(), f.key(), f.keyAt());
        if (t != null) {
            tables.update(tableId, e -> new Followed(e.table(), e.key(), e.keyAt(), f.key()));
        }
        return t;
    }

    /** Whether the table still waits for this turn: it is followed here and its position has not changed. */
    public boolean isCurrent(Turn t) {
        Followed f = tables.peek(t.tableId());
        return f != null && f.key() == t.key();
    }

    /** Forgets the tables of these partitions (revoked or lost); returns how many. */
    public int dropPartitions(Collection<Integer> partitions) {
        return tables.dropPartitions(partitions);
    }

    /** The state followed for a table, or null (tests, diagnostics). */
    public TableState state(String tableId) {
        Followed f = tables.peek(tableId);
        return f == null ? null : f.table().state();
    }

    /** The last seq applied for a table, or 0. */
    public long seq(String tableId) {
        Followed f = tables.peek(tableId);
        return f == null ? 0 : f.seq();
    }

    /** True (and counted as skipped) for a table no bot acts at any more: its events need not even be read. */
    public boolean passesOver(String tableId) {
        if (closed.containsKey(tableId)) {
            skipped.incrementAndGet();
            return true;
        }
        return false;
    }

    public boolean isClosedTable(String tableId) {
        return closed.containsKey(tableId);
    }

    public int size() {
        return tables.size();
    }

    public long applied() {
        return applied.get();
    }

    public long duplicates() {
        return duplicates.get();
    }

    public long gapsFilled() {
        return gapsFilled.get();
    }

    public long loadedFromStore() {
        return fromStore.get();
    }

    public long skipped() {
        return skipped.get();
    }

    public long failures() {
        return failures.get();
    }
}
