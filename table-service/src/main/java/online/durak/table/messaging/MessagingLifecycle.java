package online.durak.table.messaging;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * Starts the Kafka clients with the application and stops them with it; readiness is UP once replies can be
 * received and the projections have been rebuilt and follow the table events.
 */
@ApplicationScoped
@Readiness
public class MessagingLifecycle implements HealthCheck {
    private static final Logger LOG = Logger.getLogger(MessagingLifecycle.class);

    private final CommandBus bus;
    private final TableEventsReader events;
    private final KafkaSettings settings;

    public MessagingLifecycle(CommandBus bus, TableEventsReader events, KafkaSettings settings) {
        this.bus = bus;
        this.events = events;
        this.settings = settings;
    }

    void onStart(@Observes StartupEvent e) {
        LOG.infof("table-service instance %s: commands to %s, replies from %s, events from %s",
                settings.instanceId(), settings.commandsTopic(), settings.repliesTopic(), settings.eventsTopic());
        bus.start();
        events.start();
    }

    /** After the HTTP server (requests drained, api.Draining): both readers leave their groups at once. */
    void onStop(@Observes ShutdownEvent e) {
        events.requestStop();
        bus.requestStop();
        events.stop();
        bus.stop();
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("table-service messaging")
                .status(bus.ready() && events.ready())
                .withData("replies", bus.ready())
                .withData("projections", events.ready())
                .build();
    }
}
