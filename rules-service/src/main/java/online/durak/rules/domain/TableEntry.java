package online.durak.rules.domain;

import java.time.Instant;
import java.util.List;
import online.durak.engine.Event;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TurnClock;

/**
 * A table as the rules service knows it: the state folded from its event log, the log's last sequence
 * number (0 for a table without events, {@link TableState#NONE}), and when the decision now asked for began
 * ({@link TurnClock#turnStart}, folded over the events' {@code at}; null before the first event), from which
 * the table's clock ({@link TurnClock#of}) is derived, so it survives any restart; and when it was created
 * ({@code openedAt}, the time of its {@link Event.TableCreated}), from which its wait in the lobby is measured.
 */
public record TableEntry(String tableId, TableState state, long lastSeq, Instant turnStartedAt, Instant openedAt) {

    public TableEntry {
        if (tableId == null || tableId.isBlank()) {
            throw new IllegalArgumentException("tableId is required");
        }
        if (state == null) {
            throw new IllegalArgumentException("state is required");
        }
        if (lastSeq < 0) {
            throw new IllegalArgumentException("lastSeq must not be negative");
        }
    }

    /** A table nobody has created yet. */
    public static TableEntry empty(String tableId) {
        return new TableEntry(tableId, TableState.NONE, 0, null, null);
    }

    /** One stored event: its sequence number, the event, and when it was appended. */
    public record Logged(long seq, Event event, Instant at) {
        public Logged {
            if (event == null || at == null) {
                throw new IllegalArgumentException("a logged event has an event and a time");
            }
        }
    }

    /** The table after one more event appended {@code at}, numbered {@code lastSeq() + 1}. */
    public TableEntry next(Event event, Instant at) {
        return new TableEntry(tableId, TableDecider.TABLE.evolve(state, event), lastSeq + 1,
            TurnClock.turnStart(turnStartedAt, event, at), openedAt(openedAt, event, at));
    }

    /** When the table was created, after {@code event} at {@code at}: the time of its {@link Event.TableCreated}. */
    public static Instant openedAt(Instant before, Event event, Instant at) {
        return event instanceof Event.TableCreated ? at : before;
    }

    /**
     * Folds a table's log ({@link TableDecider#evolve}), which must be numbered 1, 2, 3 … without gaps;
     * a gap or repeat means a broken store, so it fails rather than guessing.
     */
    public static TableEntry fold(String tableId, List<Logged> log) {
        TableEntry t = empty(tableId);
        for (Logged l : log) {
            if (l.seq() != t.lastSeq() + 1) {
                throw new IllegalStateException("table " + tableId + ": event " + l.seq() + " follows " + t.lastSeq());
            }
            t = t.next(l.event(), l.at());
        }
        return t;
    }
}
