package online.durak.table.projection;

import online.durak.messages.EventMessage;

/**
 * Told of every event a table's projection applies, in seq order, under the table's lock (so what a listener
 * sends for a table is ordered; it must not block).
 */
public interface TableListener {
    void applied(TableSnapshot after, EventMessage event);

    /** Whether the listener still needs the table in memory (e.g. a WebSocket on it), so it is not dropped. */
    default boolean holds(String tableId) {
        return false;
    }
}
