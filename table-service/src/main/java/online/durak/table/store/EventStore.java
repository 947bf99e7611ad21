package online.durak.table.store;

import io.vertx.mutiny.sqlclient.Pool;
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
 * This service's reads of the event store (docs/spine.md; the rules service writes it), through durak-store's
 * {@link EventReader}: a table's events (gaps), and the unfinished tables (the rebuild at start). Any failure is a
 * {@link StoreException} (503 {@code STORE_UNAVAILABLE}). Blocking calls: never from an event-loop thread.
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

    /** One page of {@link TableEvents#ofUnfinishedTables}. */
    public List<EventMessage> page(String afterTable, long afterSeq, int limit) {
        return run(TableEvents.ofUnfinishedTables(afterTable, afterSeq, limit));
    }

    private List<EventMessage> run(Query query) {
        Optional<List<EventMessage>> events;
        try {
            events = reader.read(query);
        } catch (RuntimeException e) {
            throw new StoreException("reading table_events failed: " + e.getMessage(), e);
        }
        if (events.isEmpty() && !missingLogged) {
            LOG.warn("the event store has no table_events yet (the rules service creates it); reading nothing");
        }
        missingLogged = events.isEmpty();
        return events.orElse(List.of());
    }

    /** The store could not be read. */
    public static final class StoreException extends RuntimeException {
        public StoreException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
