package online.durak.table.store;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import online.durak.messages.EventMessage;
import online.durak.store.EventReader;
import online.durak.store.TableEvents;
import online.durak.store.TableEvents.Query;
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

    private final EventReader reader;
    private volatile boolean missingLogged;

    @jakarta.inject.Inject
    public EventStore(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        // one unreadable row must not stop every other table; its table stops before it (a gap)
        this.reader = new EventReader(pool, timeout, LOG, EventReader.OnUnreadable.SKIP);
    }

    /** The events of a table with {@code after < seq < before} (before 0: no upper bound), in seq order. */
    public List<EventMessage> read(String tableId, long after, long before) {
        return run(TableEvents.ofTable(tableId, after, before));
    }

    /**
     * One page of the events of every table whose match has not ended (no {@code MatchEnded}), in
     * {@code (table_id, seq)} order, after the position given (null table id: from the start), for rebuilding the
     * projections at start. Finished tables are read when they are asked for.
     */
    public List<EventMessage> page(String afterTable, long afterSeq, int limit) {
        String unfinished = " NOT EXISTS (SELECT 1 FROM table_events f WHERE f.table_id = table_events.table_id"
                + " AND f.type = 'MatchEnded') ";
        if (afterTable == null) {
            return run(new Query(TableEvents.SELECT + "WHERE" + unfinished + "ORDER BY table_id, seq LIMIT $1",
                    Tuple.of(limit)));
        }
        return run(new Query(TableEvents.SELECT + "WHERE (table_id, seq) > ($1, $2) AND" + unfinished
                + "ORDER BY table_id, seq LIMIT $3", Tuple.of(afterTable, afterSeq, limit)));
    }

    private List<EventMessage> run(Query query) {
        Optional<RowSet<Row>> rows;
        try {
            rows = reader.rows(query);
        } catch (PgException e) {
            throw new StoreException("reading table_events failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new StoreException("reading table_events failed: " + e, e);
        }
        if (rows.isEmpty()) {
            if (!missingLogged) {
                missingLogged = true;
                LOG.warn("the event store has no table_events yet (the rules service creates it); reading nothing");
            }
            return List.of();
        }
        missingLogged = false;
        return reader.messages(rows.get());
    }

    /** The store could not be read. */
    public static final class StoreException extends RuntimeException {
        public StoreException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
