package online.durak.service.kafka;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness {@code kafka-consumers}: UP once every {@link TopicConsumer} and {@link GroupMember} of the service runs,
 * has its partitions (possibly none) and has taken them up ({@link TopicConsumer.Handler#assigned},
 * {@link GroupMember.Listener#assigned}); its data lists each one's partitions and records.
 */
@Readiness
@ApplicationScoped
public class ConsumersReadiness implements HealthCheck {

    private final KafkaClients clients;

    public ConsumersReadiness(KafkaClients clients) {
        this.clients = clients;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder b = HealthCheckResponse.named("kafka-consumers");
        boolean up = true;
        for (TopicConsumer c : clients.consumers()) {
            up &= c.ready();
            b.withData(c.name(), (c.ready() ? "UP " : "DOWN ") + c.topic() + " partitions " + c.partitions()
                    + ", " + c.records() + " record(s)");
        }
        for (GroupMember m : clients.members()) {
            up &= m.ready();
            b.withData(m.name(), (m.ready() ? "UP " : "DOWN ") + m.topic() + " partitions " + m.partitions()
                    + " (a member that reads nothing)");
        }
        return b.status(up).build();
    }
}
