package online.durak.engine.table;

import java.time.Instant;
import online.durak.engine.Decision;
import online.durak.engine.Event;

/**
 * A table as its event log has made it at {@code seq}: the state folded with {@link TableDecider#evolve}, and what
 * the events' times say — when the decision now asked for began ({@link TurnClock#turnStart}), from which the
 * table's clock is derived, and when the table was created (its {@link Event.TableCreated}), from which its wait
 * in the lobby is measured. So every deadline survives any restart. Immutable; every service that folds a table's
 * log folds it into this, with {@link #next}.
 *
 * @param seq           the seq of the last event applied; 0 before the first
 * @param turnStartedAt when the decision now asked for began; null before the first event
 * @param createdAt     when the table was created; null before its first event
 */
public record LoggedTable(String tableId, TableState state, long seq, Instant turnStartedAt, Instant createdAt) {

    /** One event of a table's log: its seq, the event, and when it was appended. */
    public interface Logged {
        long seq();

        Event event();

        Instant at();
    }

    public LoggedTable {
        if (tableId == null || tableId.isBlank()) {
            throw new IllegalArgumentException("tableId is required");
        }
        if (state == null) {
            throw new IllegalArgumentException("state is required");
        }
        if (seq < 0) {
            throw new IllegalArgumentException("seq must not be negative");
        }
    }

    /** A table before its first event ({@link TableState#NONE}). */
    public static LoggedTable empty(String tableId) {
        return new LoggedTable(tableId, TableDecider.TABLE.initialState(), 0, null, null);
    }

    /** The table after its next event, {@code seq() + 1}, appended {@code at}; throws when the engine cannot apply it. */
    public LoggedTable next(Event event, Instant at) {
        return new LoggedTable(tableId, TableDecider.TABLE.evolve(state, event), seq + 1,
                TurnClock.turnStart(turnStartedAt, event, at), event instanceof Event.TableCreated ? at : createdAt);
    }

    /**
     * The table after an accepted decision's events, all appended {@code at}: the decided state (the fold of those
     * events, so they are not applied twice), the seq moved on by their number.
     */
    public LoggedTable next(Decision.Accepted<TableState> decided, Instant at) {
        Instant turnStart = turnStartedAt;
        Instant created = createdAt;
        for (Event e : decided.events()) {
            turnStart = TurnClock.turnStart(turnStart, e, at);
            created = e instanceof Event.TableCreated ? at : created;
        }
        return new LoggedTable(tableId, decided.state(), seq + decided.events().size(), turnStart, created);
    }

    /**
     * A table's whole log folded from its first event. The log must be numbered 1, 2, 3 … without gaps or repeats;
     * anything else is a broken log, and fails rather than guessing.
     *
     * @throws IllegalArgumentException when the log has a gap or a repeat
     */
    public static LoggedTable fold(String tableId, Iterable<? extends Logged> log) {
        LoggedTable t = empty(tableId);
        for (Logged l : log) {
            if (l.seq() != t.seq + 1) {
                throw new IllegalArgumentException("table " + tableId + ": event " + l.seq() + " follows " + t.seq);
            }
            t = t.next(l.event(), l.at());
        }
        return t;
    }

    /** The table has been created (its first event was seen). */
    public boolean exists() {
        return state.status() != TableStatus.NONE;
    }

    /** The table's clock now: whose decision is timed and until when; null when nothing is timed. */
    public TurnClock clock() {
        return TurnClock.of(state, turnStartedAt);
    }
}
