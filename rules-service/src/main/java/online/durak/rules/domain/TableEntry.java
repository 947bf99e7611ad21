package online.durak.rules.domain;

import java.util.List;
import online.durak.engine.Event;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;

/**
 * A table as the rules service knows it: the state folded from its event log and the log's last sequence
 * number (0 for a table without events, {@link TableState#NONE}).
 */
public record TableEntry(String tableId, TableState state, long lastSeq) {

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
        return new TableEntry(tableId, TableState.NONE, 0);
    }

    /** One stored event: its sequence number and the event. */
    public record Logged(long seq, Event event) {
    }

    /**
     * Folds a table's log ({@link TableDecider#evolve}), which must be numbered 1, 2, 3 … without gaps;
     * a gap or repeat means a broken store, so it fails rather than guessing.
     */
    public static TableEntry fold(String tableId, List<Logged> log) {
        TableState state = TableState.NONE;
        long last = 0;
        for (Logged l : log) {
            if (l.seq() != last + 1) {
                throw new IllegalStateException("table " + tableId + ": event " + l.seq() + " follows " + last);
            }
            state = TableDecider.evolve(state, l.event());
            last = l.seq();
        }
        return new TableEntry(tableId, state, last);
    }
}
