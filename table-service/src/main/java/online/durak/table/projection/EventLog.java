package online.durak.table.projection;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;
import online.durak.messages.EventMessage;

/**
 * A table's events in seq order, append-only, shared by readers without copying: each version sees the first
 * {@link #size()} entries of a backing array that later versions only append to (one writer per table, under
 * the table's lock; a version is published through a volatile field, which orders the array writes before).
 */
final class EventLog extends AbstractList<EventMessage> implements RandomAccess {
    static final EventLog EMPTY = new EventLog(new EventMessage[0], 0);

    private final EventMessage[] items;
    private final int size;

    private EventLog(EventMessage[] items, int size) {
        this.items = items;
        this.size = size;
    }

    /** This log with one more event; only ever called on the newest version. */
    EventLog append(EventMessage m) {
        EventMessage[] a = items;
        if (size == a.length) {
            a = Arrays.copyOf(a, Math.max(16, size * 2));
        }
        a[size] = m;
        return new EventLog(a, size + 1);
    }

    @Override
    public EventMessage get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return items[index];
    }

    @Override
    public int size() {
        return size;
    }
}
