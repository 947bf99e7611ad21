package online.durak.bot.store;

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
import online.durak.bot.play.TableTracker;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads (never writes) the event store of docs/spine.md, {@code table_events(table_id, seq, type, event jsonb,
 * command_id, at, published)}, which the rules service owns: the events of a table this service missed on the
 * topic. Blocking: called from the consumer thread only, never from an event loop.
 */
@ApplicationScoped
public class EventStore implements TableTracker.EventSource {
    /** PostgreSQL's "undefined_table": the rules service has not created the store yet. */
    private static final String UNDEFINED_TABLE = "42P01";
    private static final String COLUMNS =
            "SELECT table_id, seq, type, event::text AS event, command_id, at FROM table_events ";

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(EventStore.class);

    private final Pool pool;
    private final Duration timeout;

    public EventStore(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    @Override
    public List<EventMessage> read(String tableId, long after, long before) {
        String sql = COLUMNS + "WHERE table_id = $1 AND seq > $2" + (before > 0 ? " AND seq < $3" : "")
                + " ORDER BY seq";
        Tuple args = before > 0 ? Tuple.of(tableId, after, before) : Tuple.of(tableId, after);
        RowSet<Row> rows;
        try {
            rows = pool.preparedQuery(sql).execute(args).await().atMost(timeout);
        } catch (PgException e) {
            if (UNDEFINED_TABLE.equals(e.getSqlState())) {
                return List.of(); // nothing was ever stored
            }
            throw e;
        }
        List<EventMessage> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            try {
                out.add(toMessage(r));
            } catch (IllegalStateException e) {
                // a row that cannot be read now cannot be read later either: the table stops before it
                LOG.error(e.getMessage());
                break;
            }
        }
        return out;
    }

    private static EventMessage toMessage(Row r) {
        String tableId = r.getString("table_id");
        long seq = r.getLong("seq");
        try {
            JsonNode node = Codec.parse(r.getString("event"));
            if (node.isTextual()) { // JSON text stored as a jsonb string rather than as an object
                node = Codec.parse(node.textValue());
            }
            return new EventMessage(tableId, seq, r.getString("type"), Codec.readEvent(node), r.getString("command_id"),
                    instant(r.getValue("at")));
        } catch (RuntimeException e) {
            throw new IllegalStateException("event " + tableId + "#" + seq + " in the store cannot be read: "
                    + e.getMessage(), e);
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
}
