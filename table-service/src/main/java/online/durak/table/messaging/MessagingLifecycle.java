package online.durak.table.messaging;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import online.durak.service.kafka.KafkaClients;
import online.durak.service.kafka.TopicConsumer;
import org.jboss.logging.Logger;

/**
 * Starts the Kafka clients with the application and stops them with it. Readiness ({@code kafka-consumers}) is UP
 * once replies can be received, the projections have been rebuilt and follow the table events, and the group has
 * given this edge its share.
 */
@ApplicationScoped
public class MessagingLifecycle {
    private static final Logger LOG = Logger.getLogger(MessagingLifecycle.class);

    private final CommandBus bus;
    private final TableEventsReader events;
    private final EdgeShare share;
    private final KafkaClients kafka;

    public MessagingLifecycle(CommandBus bus, TableEventsReader events, EdgeShare share, KafkaClients kafka) {
        this.bus = bus;
        this.events = events;
        this.share = share;
        this.kafka = kafka;
    }

    void onStart(@Observes StartupEvent e) {
        LOG.infof("table-service instance %s: commands to %s, replies from %s, events from %s", kafka.instanceId(),
                kafka.topics().commands(), kafka.topics().replies(), kafka.topics().tableEvents());
        share.start();
        bus.start(events::fromReply);
        events.start();
    }

    /** After the HTTP server (requests drained, play.Draining): both consumers leave their groups at once. */
    void onStop(@Observes ShutdownEvent e) {
        TopicConsumer.stopAll(List.of(events.consumer(), bus.replies()));
        share.member().stop();
        bus.stop();
    }
}
