package online.durak.rules.api;

import jakarta.enterprise.context.ApplicationScoped;
import online.durak.rules.messaging.Assignment;
import online.durak.rules.messaging.CommandConsumer;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready while the store's schema exists and every command consumer thread runs. */
@Readiness
@ApplicationScoped
public class ConsumerReadiness implements HealthCheck {

    private final CommandConsumer consumer;
    private final Assignment assignment;

    public ConsumerReadiness(CommandConsumer consumer, Assignment assignment) {
        this.consumer = consumer;
        this.assignment = assignment;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("command-consumer")
            .status(consumer.isRunning())
            .withData("partitions", assignment.partitions().toString())
            .withData("handled", consumer.handled())
            .build();
    }
}
