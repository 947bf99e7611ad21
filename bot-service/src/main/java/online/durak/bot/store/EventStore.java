package online.durak.bot.store;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import online.durak.bot.play.TableTracker;
import online.durak.messages.EventMessage;
import online.durak.store.EventReader;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads (never writes) the event store of docs/spine.md, {@code table_events(table_id, seq, type, event jsonb,
 * command_id, at, published)}, which the rules service owns: the events of a table this service missed on the
 * topic. Blocking: called from the consumer thread only, never from an event loop.
 */
@ApplicationScoped
public class EventStore implements TableTracker.EventSource {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(EventStore.class);

    private final EventReader reader;

    public EventStore(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        // a row that cannot be read now cannot be read later either: the table stops before it
        this.reader = new EventReader(pool, timeout, LOG, EventReader.OnUnreadable.STOP);
    }

    @Override
    public List<EventMessage> read(String tableId, long after, long before) {
        return reader.read(tableId, after, before).orElse(List.of()); // empty: nothing was ever stored
    }
}
