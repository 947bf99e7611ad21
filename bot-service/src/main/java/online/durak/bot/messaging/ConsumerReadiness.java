package online.durak.bot.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the table-events consumer has joined its group and got its partitions. */
@Readiness
@ApplicationScoped
public class ConsumerReadiness implements HealthCheck {

    private final BotLifecycle bots;

    public ConsumerReadiness(BotLifecycle bots) {
        this.bots = bots;
    }

    @Override
    public HealthCheckResponse call() {
        var t = bots.tracker();
        return HealthCheckResponse.named("table-events-consumer").status(bots.ready())
                .withData("partitions", bots.partitions())
                .withData("tables", t == null ? 0 : t.size())
                .withData("turnsInFlight", bots.turnsInFlight())
                .build();
    }
}
