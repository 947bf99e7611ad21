package online.durak.bot.play;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.messages.EventMessage;
import online.durak.service.projection.SeqFold;
import org.jboss.logging.Logger;

/**
 * The live tables of this instance's partitions of {@code durak.table-events}: each table's state (a fold of
 * {@link TableDecider#evolve}), last seq and decision key. Idempotent by {@code (table id, seq)}, folded by the
 * shared {@link SeqFold} (durak-service): an event with seq ≤ the table's last is skipped; one beyond the next
 * first reads the missing events from the store, and so does the first event of a table seen in the middle of its
 * log. Tables that will never need a bot (finished,
 * or people only without a clock) are dropped and remembered as closed, so their later events cost nothing.
 *
 * <p>Changed only by the consumer thread ({@link #accept}, {@link #owed}, {@link #dropPartitions}); the workers
 * only ask {@link #isCurrent}.
 */
public final class TableTracker {
    private static final Logger LOG = Logger.getLogger(TableTracker.class);

    /** The event store, read only: a table's events with {@code after < seq < before} (0: no bound), in order. */
    public interface EventSource {
        List<EventMessage> read(String tableId, long after, long before);
    }

    /** The store could not be read: the caller tries the same event again later. */
    public static final class StoreUnavailable extends RuntimeException {
        public StoreUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static final class Entry {
        final String tableId;
        final int partition;
        TableState state = TableState.NONE;
        long seq;
        /** The seq of the last event that changed the position (see {@link Turns#keepsPosition}). */
        volatile long key;
        /** When the event at {@link #key} was appended. */
        java.time.Instant keyAt;
        /** The key a turn was last handed out for, so each decision is made once. */
        long owedKey = -1;
        boolean announced;
        /**
         * Dropped as a table of people only, then read again from the store because a person left its match and a
         * bot took the seat: the catch-up must not drop it again at its start.
         */
        boolean reopened;

        Entry(String tableId, int partition) {
            this.tableId = tableId;
            this.partition = partition;
        }
    }

    private final SeqFold<EventMessage, Entry> fold;
    private final Map<String, Entry> tables = new ConcurrentHashMap<>();
    private final Map<String, Boolean> closed;
    private final AtomicLong applied = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong gapsFilled = new AtomicLong();
    private final AtomicLong fromStore = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    public TableTracker(EventSource store, int closedRemembered) {
        this.fold = new SeqFold<>(store::read, EventMessage::seq, e -> e.seq);
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
        boolean reopen = closed.containsKey(id) && seatsABot(m.event());
        if (reopen) {
            closed.remove(id); // a table of people only gets a bot: read it from the store again
            LOG.infof("table %s: a person left its match at seq %d and a bot took the seat; following it again", id,
                    m.seq());
        }
        if (closed.containsKey(id)) {
            skipped.incrementAndGet();
            return false;
        }
        Entry e = tables.get(id);
        boolean fresh = e == null;
        if (fresh) {
            e = new Entry(id, partition);
            e.reopened = reopen;
        }
        long start = e.seq;
        SeqFold.Outcome<EventMessage, Entry> o;
        try {
            o = fold.accept(id, e, m, this::apply);
        } catch (RuntimeException x) {
            throw new StoreUnavailable("table " + id + ": events " + (e.seq + 1) + ".." + (m.seq() - 1)
                    + " could not be read from the store: " + x.getMessage(), x);
        }
        if (o.fromStore() > 0) {
            (fresh ? fromStore : gapsFilled).incrementAndGet();
            LOG.debugf("table %s: events %d..%d read from the store", id, start + 1, e.seq);
        }
        switch (o.kind()) {
            case DUPLICATE -> duplicates.incrementAndGet();
            case LEFT_OUT -> {
                if (!isClosed(id)) {
                    LOG.warnf("table %s: event %d left out: events %d..%d are missing from the store too", id,
                            m.seq(), e.seq + 1, m.seq() - 1);
                }
            }
            case FAILED -> {
                failures.incrementAndGet();
                LOG.errorf(o.failure(), "table %s: event %d (%s) cannot be applied; no bot acts at this table any"
                        + " more", id, o.failedEvent().seq(), o.failedEvent().type());
                close(e);
            }
            case APPLIED -> { }
        }
        if (e.seq > start && !isClosed(id)) {
            tables.putIfAbsent(id, e);
            return true;
        }
        return false;
    }

    /** An event that seats a bot in a running match (a person left it): a table dropped before needs this service. */
    public static boolean seatsABot(online.durak.engine.Event e) {
        return e instanceof online.durak.engine.Event.MatchLeft l && l.bot() != null;
    }

    /** {@link #seatsABot} by the record's event type header alone, before reading the event. */
    public static boolean maySeatABot(String eventType) {
        return "MatchLeft".equals(eventType);
    }

    private boolean isClosed(String id) {
        return closed.containsKey(id);
    }

    /**
     * Applies the next event to the entry (the fold's step); throws, changing nothing, when the engine cannot
     * apply it. Once the table is closed (no bot will act there) the rest of its events change nothing.
     */
    private Entry apply(Entry e, EventMessage m) {
        if (isClosed(e.tableId)) {
            return e;
        }
        TableState next = TableDecider.TABLE.evolve(e.state, m.event());
        e.state = next;
        e.seq = m.seq();
        if (!Turns.keepsPosition(m.event())) {
            e.keyAt = m.at();
            e.key = m.seq();
        }
        applied.incrementAndGet();
        if (next.status() == TableStatus.PLAYING && !e.announced) {
            e.announced = true;
            if (!Turns.needsNoBot(next)) {
                LOG.infof("table %s: following its match (%s)", e.tableId, describe(next));
            }
        }
        if (Turns.needsNoBot(next) && !(e.reopened && next.status() == TableStatus.PLAYING)) {
            if (next.status() == TableStatus.FINISHED && Turns.mayAct(next)) {
                LOG.infof("table %s: match over at seq %d", e.tableId, e.seq);
            }
            close(e);
        }
        return e;
    }

    private void close(Entry e) {
        tables.remove(e.tableId, e);
        closed.put(e.tableId, Boolean.TRUE);
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
        Entry e = tables.get(tableId);
        if (e == null || e.owedKey == e.key) {
            return null;
        }
        Turn t = Turns.owed(tableId, e.state, e.key, e.keyAt);
        if (t != null) {
            e.owedKey = e.key;
        }
        return t;
    }

    /** Whether the table still waits for this turn: it is followed here and its position has not changed. */
    public boolean isCurrent(Turn t) {
        Entry e = tables.get(t.tableId());
        return e != null && e.key == t.key();
    }

    /** Forgets the tables of these partitions (revoked or lost); returns how many. */
    public int dropPartitions(Collection<Integer> partitions) {
        int before = tables.size();
        tables.values().removeIf(e -> partitions.contains(e.partition));
        return Math.max(0, before - tables.size());
    }

    /** The state followed for a table, or null (tests, diagnostics). */
    public TableState state(String tableId) {
        Entry e = tables.get(tableId);
        return e == null ? null : e.state;
    }

    /** The last seq applied for a table, or 0. */
    public long seq(String tableId) {
        Entry e = tables.get(tableId);
        return e == null ? 0 : e.seq;
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
