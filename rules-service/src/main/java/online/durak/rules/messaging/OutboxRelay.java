package online.durak.rules.messaging;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import online.durak.messages.EventMessage;
import online.durak.rules.RulesConfig;
import online.durak.rules.application.CommandService;
import online.durak.rules.store.EventStore;
import online.durak.rules.store.EventStore.StoredEvent;
import org.jboss.logging.Logger;

/**
 * The outbox's recovery step: every 2 s, events committed but still unpublished after
 * {@code durak.rules.relay-min-age} (a crash or a broker failure between commit and send) are published
 * in {@code seq} order per table and marked. Only tables whose command partition this instance owns, so
 * that the table's writer is also its relay. Consumers are idempotent by (table, seq): a duplicate is harmless.
 */
@ApplicationScoped
public class OutboxRelay {

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);

    private final EventStore store;
    private final CommandService commands;
    private final Publisher publisher;
    private final Assignment assignment;
    private final RulesConfig config;

    public OutboxRelay(EventStore store, CommandService commands, Publisher publisher, Assignment assignment,
                       RulesConfig config) {
        this.store = store;
        this.commands = commands;
        this.publisher = publisher;
        this.assignment = assignment;
        this.config = config;
    }

    @Scheduled(every = "${durak.rules.relay-every:2s}", delayed = "2s",
        concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void relay() {
        if (assignment.isEmpty()) {
            return;
        }
        try {
            runOnce();
        } catch (RuntimeException e) {
            LOG.warnf("outbox relay: %s; trying again at the next run", e.toString());
        }
    }

    /** One pass; returns how many events it published. */
    public int runOnce() {
        List<StoredEvent> rows = store.unpublished(config.relayMinAge(), config.relayBatch());
        Map<String, List<EventMessage>> byTable = new LinkedHashMap<>();
        for (StoredEvent row : rows) {
            EventMessage m = row.message();
            if (assignment.owns(publisher.commandPartition(m.tableId()))) {
                byTable.computeIfAbsent(m.tableId(), k -> new ArrayList<>()).add(m);
            }
        }
        int published = 0;
        for (List<EventMessage> events : byTable.values()) {
            commands.publishPending(events);
            published += events.size();
        }
        return published;
    }
}
