package online.durak.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;

/**
 * The event store of docs/spine.md, {@code table_events(table_id, seq, type, event jsonb, command_id, at)}, which
 * the rules service writes: the reads of a table's events and its rows as {@link EventMessage}s.
 * Its schema is this module's migrations ({@value #MIGRATIONS}), which the rules service runs at start with Flyway
 * (history {@value #HISTORY}); a service that reads the store before they ran finds no table ({@link #isMissingTable}).
 */
public final class TableEvents {
    /** PostgreSQL's "undefined_table": the rules service has not created the store yet. */
    public static final String UNDEFINED_TABLE = "42P01";
    /** Where the event store's migrations are on the class path (the rules service's {@code quarkus.flyway.locations}). */
    public static final String MIGRATIONS = "db/migration/event-store";
    /** Their Flyway history table (the rules service's {@code quarkus.flyway.table}). */
    public static final String HISTORY = "flyway_history_rules";

    /** The columns {@link #toMessage} reads, to be followed by a {@code WHERE} and/or {@code ORDER BY}. */
    public static final String SELECT =
            "SELECT table_id, seq, type, event::text AS event, command_id, at FROM table_events ";

    private TableEvents() {
    }

    /** A query and its arguments. */
    public record Query(String sql, Tuple args) {
    }

    /** The events of a table with {@code after < seq < before} (before 0: no upper bound), in seq order. */
    public static Query ofTable(String tableId, long after, long before) {
        String sql = SELECT + "WHERE table_id = $1 AND seq > $2" + (before > 0 ? " AND seq < $3" : "")
                + " ORDER BY seq";
        return new Query(sql, before > 0 ? Tuple.of(tableId, after, before) : Tuple.of(tableId, after));
    }

    /**
     * One page of the events of every table whose match has not ended (no {@code MatchEnded}), in
     * {@code (table_id, seq)} order, after the position given (null table id: from the start): for rebuilding a
     * service's projections at start, finished tables being read when they are asked for.
     */
    public static Query ofUnfinishedTables(String afterTable, long afterSeq, int limit) {
        String unfinished = " NOT EXISTS (SELECT 1 FROM table_events f WHERE f.table_id = table_events.table_id"
                + " AND f.type = 'MatchEnded') ";
        if (afterTable == null) {
            return new Query(SELECT + "WHERE" + unfinished + "ORDER BY table_id, seq LIMIT $1", Tuple.of(limit));
        }
        return new Query(SELECT + "WHERE (table_id, seq) > ($1, $2) AND" + unfinished
                + "ORDER BY table_id, seq LIMIT $3", Tuple.of(afterTable, afterSeq, limit));
    }

    /** Whether the failure says that {@code table_events} does not exist (yet). */
    public static boolean isMissingTable(PgException e) {
        return UNDEFINED_TABLE.equals(e.getSqlState());
    }

    /**
     * One row (at least the columns of {@link #SELECT}) as a message. The event may be stored as a jsonb object
     * or as a jsonb string holding the JSON text.
     *
     * @throws UnreadableEventException when the row's event cannot be read
     */
    public static EventMessage toMessage(Row r) {
        String tableId = r.getString("table_id");
        long seq = r.getLong("seq");
        try {
            JsonNode node = Codec.parse(r.getString("event"));
            if (node.isTextual()) { // JSON text stored as a jsonb string rather than as an object
                node = Codec.parse(node.textValue());
            }
            return new EventMessage(tableId, seq, r.getString("type"), Codec.readEvent(node),
                    r.getString("command_id"), instant(r.getValue("at")));
        } catch (RuntimeException e) {
            throw new UnreadableEventException("event " + tableId + "#" + seq + " in the store cannot be read: "
                    + e.getMessage(), e);
        }
    }

    /** A timestamp column's value as an instant (a timestamp without time zone read as UTC); else the epoch. */
    public static Instant instant(Object at) {
        if (at instanceof OffsetDateTime o) {
            return o.toInstant();
        }
        if (at instanceof LocalDateTime l) {
            return l.toInstant(ZoneOffset.UTC);
        }
        if (at instanceof Instant i) {
            return i;
        }
        return Instant.EPOCH;
    }

    /** A row of {@code table_events} that cannot be read (now or ever). */
    public static final class UnreadableEventException extends IllegalStateException {
        public UnreadableEventException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
