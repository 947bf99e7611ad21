package online.durak.store;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.pgclient.PgException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import online.durak.messages.EventMessage;
import online.durak.store.TableEvents.Query;
import online.durak.store.TableEvents.UnreadableEventException;
import org.jboss.logging.Logger;

/**
 * Reads (never writes) {@code table_events}: blocking, awaited up to a timeout, so never from an event loop.
 * A plain object; the services' CDI beans hold one and delegate.
 */
public final class EventReader {
    /** What a row that cannot be read does to the rows after it (the row itself is logged as an error). */
    public enum OnUnreadable {
        /** The rows after it are still read (other tables must not stop; its own table finds a gap). */
        SKIP,
        /** The list ends before it (a row that cannot be read now cannot be read later either). */
        STOP
    }

    private final Pool pool;
    private final Duration timeout;
    private final Logger log;
    private final OnUnreadable onUnreadable;

    public EventReader(Pool pool, Duration timeout, Logger log, OnUnreadable onUnreadable) {
        this.pool = pool;
        this.timeout = timeout;
        this.log = log;
        this.onUnreadable = onUnreadable;
    }

    /** The events of a table with {@code after < seq < before} (before 0: no upper bound), in seq order. */
    public Optional<List<EventMessage>> read(String tableId, long after, long before) {
        return read(TableEvents.ofTable(tableId, after, before));
    }

    /** The events a query selects ({@link TableEvents#SELECT}); empty when {@code table_events} does not exist (yet). */
    public Optional<List<EventMessage>> read(Query query) {
        return rows(query).map(this::messages);
    }

    /**
     * The rows of a query; empty when {@code table_events} does not exist (yet). Other failures are thrown as
     * they come.
     */
    public Optional<RowSet<Row>> rows(Query query) {
        try {
            return Optional.of(pool.preparedQuery(query.sql()).execute(query.args()).await().atMost(timeout));
        } catch (PgException e) {
            if (TableEvents.isMissingTable(e)) {
                return Optional.empty(); // nothing was ever stored
            }
            throw e;
        }
    }

    /** The rows as messages, in order; see {@link OnUnreadable} for a row that cannot be read. */
    public List<EventMessage> messages(RowSet<Row> rows) {
        List<EventMessage> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            try {
                out.add(TableEvents.toMessage(r));
            } catch (UnreadableEventException e) {
                log.error(e.getMessage());
                if (onUnreadable == OnUnreadable.STOP) {
                    break;
                }
            }
        }
        return out;
    }
}
