package online.durak.table.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness check {@code rules-service}: always UP, with the circuit breaker's state in its data
 * ({@code circuit}: CLOSED, OPEN or HALF_OPEN; {@code since}; {@code opened}: how often it has opened since the start).
 * UP even while the breaker is open: this instance still serves the lobby, views, events and its WebSockets, and
 * answers commands at once with 503 {@code RULES_UNAVAILABLE}; taking it out of the load balancer would turn a paused
 * game into no service at all (and every instance would be taken out together, since they share the rules service).
 */
@ApplicationScoped
@Readiness
public class RulesHealth implements HealthCheck {
    private final RulesBreaker breaker;

    public RulesHealth(RulesBreaker breaker) {
        this.breaker = breaker;
    }

    @Override
    public HealthCheckResponse call() {
        RulesBreaker.RulesAvailability a = breaker.availability();
        return HealthCheckResponse.named("rules-service").up()
                .withData("circuit", a.state().name())
                .withData("since", a.since().toString())
                .withData("opened", breaker.timesOpened())
                .withData("failFastAfter", breaker.failures())
                .withData("probeDelay", breaker.delay().toString())
                .build();
    }
}
