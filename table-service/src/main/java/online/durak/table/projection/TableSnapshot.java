package online.durak.table.projection;

import java.time.Instant;
import java.util.List;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.engine.table.TurnClock;
import online.durak.messages.EventMessage;

/**
 * A table as its projection holds it after event {@code seq}: the folded state and every event so far
 * ({@code events.get(i)} has seq {@code i + 1}). Immutable; a newer one replaces it after every event.
 *
 * @param createdAt     when the table was created (its first event), or null before
 * @param turnStartedAt when the decision now asked for began: {@link TurnClock#turnStart} folded over the events'
 *                      times, so the clock ({@link TurnClock#of}) is derived from the log alone; null before
 */
public record TableSnapshot(String tableId, TableState state, long seq, List<EventMessage> events, Instant createdAt,
                            Instant turnStartedAt) {

    static TableSnapshot empty(String tableId) {
        return new TableSnapshot(tableId, TableState.NONE, 0, EventLog.EMPTY, null, null);
    }

    /** The table's clock now: whose decision is timed and until when; null when nothing is timed. */
    public TurnClock clock() {
        return TurnClock.of(state, turnStartedAt);
    }

    /** The table exists (its creation was seen). */
    public boolean exists() {
        return state.status() != TableStatus.NONE;
    }

    /** The seat of a player, or -1. */
    public int seatOf(String playerId) {
        return exists() ? state.seatOf(playerId) : -1;
    }

    /** The event with this seq (1-based). */
    public EventMessage event(long seq) {
        return events.get((int) (seq - 1));
    }
}
