package online.durak.table.projection;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TurnClock;
import online.durak.messages.EventMessage;

/**
 * A table as its projection holds it after event {@code seq}: the table as its log has made it ({@link LoggedTable})
 * and every event so far, for views and replays ({@code events.get(i)} has seq {@code i + 1}). Immutable; a newer one
 * replaces it after every event.
 */
public record TableSnapshot(LoggedTable table, List<EventMessage> events) {

    static TableSnapshot empty(String tableId) {
        return new TableSnapshot(LoggedTable.empty(tableId), EventLog.EMPTY);
    }

    /** The snapshot after the next event; throws, changing nothing, when the engine cannot apply it. */
    TableSnapshot next(EventMessage m) {
        return new TableSnapshot(table.next(m.event(), m.at()), ((EventLog) events).append(m));
    }

    public String tableId() {
        return table.tableId();
    }

    public TableState state() {
        return table.state();
    }

    public long seq() {
        return table.seq();
    }

    /** When the table was created (its first event), or null before. */
    public Instant createdAt() {
        return table.createdAt();
    }

    /** When the decision now asked for began ({@link TurnClock#turnStart}); null before the first event. */
    public Instant turnStartedAt() {
        return table.turnStartedAt();
    }

    /**
     * The table's clock now, with every decision given {@code turnOverride} instead of the table's {@code turnClock}
     * (null: the table's own, {@link LoggedTable#clock}); null when nothing is timed.
     */
    public TurnClock clock(Duration turnOverride) {
        return TurnClock.of(state(), turnStartedAt(), turnOverride);
    }

    /** The table exists (its creation was seen). */
    public boolean exists() {
        return table.exists();
    }

    /** The seat of a player, or -1. */
    public int seatOf(String playerId) {
        return exists() ? state().seatOf(playerId) : -1;
    }

    /** The event with this seq (1-based). */
    public EventMessage event(long seq) {
        return events.get((int) (seq - 1));
    }
}
