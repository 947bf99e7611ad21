package online.durak.table.projection;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import online.durak.engine.Event;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableStatus;
import online.durak.engine.table.TurnClock;
import online.durak.messages.EventMessage;

/**
 * The outline of every unfinished table this edge does not fold (docs/spine.md "The edges"): its settings, seats,
 * status and creation, folded from the table's own events only, not its deal's. The lobby and "my tables" list every
 * table on every edge; an outline is what they need of a table another edge folds, at a fraction of the cost: a deal's
 * events ({@link #DEAL_EVENTS}, most of a table's log) are passed over unread by their type header.
 *
 * <p>An outline's state is a {@link LoggedTable} at the seq of its last event; its deal is never there, so it serves
 * only the table-level fields. Everything done to one table's outline, and its change to a fold of its own (the table
 * is asked for here), happens under one lock of a fixed set, so an event is never applied to both or to neither.
 */
final class Outlines {
    /** The types of a deal's events: the rest of a table's log (seats, start, end, close, clocks) makes its outline. */
    static final Set<String> DEAL_EVENTS = Set.of("DealStarted", "Attacked", "Covered", "Transferred", "TrumpShown",
            "Took", "Threw", "Passed", "BoutEnded", "CardsDrawn", "PlayersOut", "BoutReady", "DealEnded");
    private static final int STRIPES = 64;

    /** Reads a table's events with seq below {@code before} (0: all), as the event store has them. */
    interface Store {
        List<EventMessage> read(String tableId, long before);
    }

    private final Map<String, LoggedTable> outlines = new ConcurrentHashMap<>();
    private final Object[] stripes = new Object[STRIPES];
    private final Store store;

    Outlines(Store store) {
        this.store = store;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Object();
        }
    }

    /** Whether an event of this type belongs to a deal (its outline passes over it). */
    static boolean dealEvent(String type) {
        return DEAL_EVENTS.contains(type);
    }

    /** The outline after {@code m}: a deal's event only moves the seq on. Throws, changing nothing, when it cannot. */
    static LoggedTable next(LoggedTable t, EventMessage m) {
        if (dealEvent(m.type())) {
            return new LoggedTable(t.tableId(), t.state(), m.seq(), t.turnStartedAt(), t.createdAt());
        }
        Event e = m.event();
        return new LoggedTable(t.tableId(), TableDecider.TABLE.evolve(t.state(), e), m.seq(),
                TurnClock.turnStart(t.turnStartedAt(), e, m.at()), e instanceof Event.TableCreated ? m.at()
                : t.createdAt());
    }

    /** A snapshot of an outline, for the listeners: the table-level fields are right, the deal and log are not there. */
    static TableSnapshot snapshot(LoggedTable t) {
        return new TableSnapshot(t, EventLog.EMPTY);
    }

    private Object lock(String tableId) {
        return stripes[Math.floorMod(tableId.hashCode(), STRIPES)];
    }

    /**
     * Applies an event of a table not folded here (a deal's event only moves the seq on) and tells {@code applied} of
     * a table-level one, with the outline after it; an outline missing (the table is not known here yet, and the
     * event is not its first) is read from the store first. A finished or closed table's outline is dropped after it.
     * Returns false, changing nothing, when {@code foldedHere} says the table is folded here now (the caller folds it).
     */
    boolean apply(EventMessage m, BooleanSupplier foldedHere, Consumer<TableSnapshot> applied) {
        String id = m.tableId();
        synchronized (lock(id)) {
            if (foldedHere.getAsBoolean()) {
                return false;
            }
            LoggedTable t = outlines.get(id);
            if (t == null) {
                t = LoggedTable.empty(id);
                if (!(m.event() instanceof Event.TableCreated)) {
                    for (EventMessage earlier : store.read(id, m.seq())) {
                        t = next(t, earlier);
                    }
                }
            }
            if (m.seq() <= t.seq()) {
                return true;
            }
            t = next(t, m);
            if (!dealEvent(m.type())) {
                applied.accept(snapshot(t));
            }
            TableStatus status = t.state().status();
            if (status == TableStatus.FINISHED || status == TableStatus.CLOSED) {
                outlines.remove(id);
            } else {
                outlines.put(id, t);
            }
            return true;
        }
    }

    /**
     * A table folded here is no more (dropped from memory, or another edge's now): its outline is what it was, unless
     * one is newer already. A finished or closed table needs none.
     */
    void put(LoggedTable t) {
        TableStatus status = t.state().status();
        if (status == TableStatus.FINISHED || status == TableStatus.CLOSED || status == TableStatus.NONE) {
            return;
        }
        synchronized (lock(t.tableId())) {
            outlines.merge(t.tableId(), t, (had, now) -> now.seq() > had.seq() ? now : had);
        }
    }

    /**
     * The table is to be folded here: {@code fold} runs with its outline (null when there is none) under the outline's
     * lock, and the outline is dropped once it returned (it throws, e.g. the store is down: the outline stays).
     */
    void take(String tableId, Consumer<LoggedTable> fold) {
        synchronized (lock(tableId)) {
            fold.accept(outlines.get(tableId));
            outlines.remove(tableId);
        }
    }

    boolean has(String tableId) {
        return outlines.containsKey(tableId);
    }

    /** Drops the outlines of tables that are folded here (left over from a change between the two). */
    void forgetFolded(java.util.function.Predicate<String> folded) {
        outlines.keySet().removeIf(folded);
    }

    int size() {
        return outlines.size();
    }
}
