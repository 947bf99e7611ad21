package online.durak.table.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.Event;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Reads the event store of docs/spine.md, {@code table_events(table_id, seq, type, event jsonb, command_id, at,
 * published)}, which the rules service writes. This service only reads it (gaps, rebuilds). Blocking calls:
 * never from an event-loop thread.
 */
@ApplicationScoped
public class EventStore {
    private static final Logger LOG = Logger.getLogger(EventStore.class);
    /** PostgreSQL's "undefined_table": the rules service has not created the store yet. */
    private static final String UNDEFINED_TABLE = "42P01";
    private static final String COLUMNS = "SELECT table_id, seq, type, event::text AS event, command_id, at FROM table_events ";

    private final Pool pool;
    private final Duration timeout;
    private volatile boolean missingLogged;

    @jakarta.inject.Inject
    public EventStore(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** The events of a table with {@code after < seq < before} (before 0: no upper bound), in seq order. */
    public List<EventMessage> read(String tableId, long after, long before) {
        String sql = COLUMNS + "WHERE table_id = $1 AND seq > $2" + (before > 0 ? " AND seq < $3" : "")
                + " ORDER BY seq";
        Tuple args = before > 0 ? Tuple.of(tableId, after, before) : Tuple.of(tableId, after);
        return run(sql, args);
    }

    /**
     * One page of the whole store in {@code (table_id, seq)} order, after the position given (null table id:
     * from the start), for rebuilding every projection.
     */
    public List<EventMessage> page(String afterTable, long afterSeq, int limit) {
        if (afterTable == null) {
            return run(COLUMNS + "ORDER BY table_id, seq LIMIT $1", Tuple.of(limit));
        }
        return run(COLUMNS + "WHERE (table_id, seq) > ($1, $2) ORDER BY table_id, seq LIMIT $3",
                Tuple.of(afterTable, afterSeq, limit));
    }

    private List<EventMessage> run(String sql, Tuple args) {
        RowSet<Row> rows;
        try {
            rows = pool.preparedQuery(sql).execute(args).await().atMost(timeout);
        } catch (PgException e) {
            if (UNDEFINED_TABLE.equals(e.getSqlState())) {
                if (!missingLogged) {
                    missingLogged = true;
                    LOG.warn("the event store has no table_events yet (the rules service creates it); reading nothing");
                }
                return List.of();
            }
            throw new StoreException("reading table_events failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new StoreException("reading table_events failed: " + e, e);
        }
        missingLogged = false;
        List<EventMessage> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            try {
                out.add(toMessage(r));
            } catch (StoreException e) {
                // one unreadable row must not stop every other table; its table stops before it (a gap)
                LOG.error(e.getMessage());
            }
        }
        return out;
    }

    static EventMessage toMessage(Row r) {
        String tableId = r.getString("table_id");
        long seq = r.getLong("seq");
        try {
            JsonNode node = Codec.parse(r.getString("event"));
            if (node.isTextual()) { // JSON text stored as a jsonb string rather than as an object
                node = Codec.parse(node.textValue());
            }
            Event event = Codec.readEvent(node);
            return new EventMessage(tableId, seq, r.getString("type"), event, r.getString("command_id"),
                    instant(r.getValue("at")));
        } catch (RuntimeException e) {
            throw new StoreException("event " + tableId + "#" + seq + " in the store cannot be read: " + e.getMessage(), e);
        }
    }

    private static Instant instant(Object at) {
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

    /** The store could not be read. */
    public static final class StoreException extends RuntimeException {
        public StoreException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
