package online.durak.engine.record;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import online.durak.engine.Event;
import online.durak.engine.table.LoggedTable;

/**
 * A match's record (docs/record-format.md) as read: its header's tags in their order, and the table's event log it
 * stands for, numbered from 1 as the event store numbers it.
 *
 * @param tags the header, tag name to value, in the record's order
 * @param log  every event of the table's log
 */
public record MatchRecord(Map<String, String> tags, List<Entry> log) {
    public MatchRecord {
        tags = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tags));
        log = List.copyOf(log);
    }

    /** The table's id (the tag {@code Table}). */
    public String tableId() {
        return tags.get(RecordTags.TABLE);
    }

    /** One event of the log: its seq, the event, and when it was appended. */
    public record Entry(long seq, Event event, Instant at) implements LoggedTable.Logged {
    }
}
