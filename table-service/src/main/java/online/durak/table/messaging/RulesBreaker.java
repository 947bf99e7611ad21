package online.durak.table.messaging;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.TypedGuard;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.util.TypeLiteral;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.messages.CommandMessage;
import online.durak.messages.ReplyMessage;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.jboss.logging.Logger;

/**
 * The circuit breaker and the bulkhead around sending a command and waiting for its reply (SmallRye Fault Tolerance's
 * programmatic {@link TypedGuard}).
 *
 * <p>The breaker: after {@code durak.rules.breaker.failures} commands in a row waited out {@code durak.rules.timeout}
 * while the rules service answered nothing at all (no reply to any command reached this edge since they were sent:
 * {@link CommandBus.RulesTimeoutException#silent()}) it opens, and every command fails at once with
 * {@link RulesUnavailableException} (503 {@code RULES_UNAVAILABLE}) instead of waiting out the timeout. A late reply is
 * not silence: a command that timed out while others were answered fails alone (504 {@code RULES_TIMEOUT}) and counts as
 * a success here, as does a refusal by the rules engine. After {@code durak.rules.breaker.delay} it is half-open: one
 * command goes through as a probe, and the first reply closes it again.
 *
 * <p>The bulkhead: at most {@code durak.rules.in-flight} commands of this edge wait for their replies at a time; the
 * next ones wait here, at most {@code durak.rules.queue} of them, and each is sent when a reply frees a place (its
 * timeout starts then). Beyond that a command fails at once with {@link OverloadedException} (503 {@code OVERLOADED},
 * {@code Retry-After}): only the commands in excess, and no table is paused.
 *
 * <p>SmallRye moves an open breaker to half-open on a timer but lets a probe through only when someone sends a
 * command; so that a paused table resumes without a player having to try, this class sends a probe of its own at
 * that moment: a {@code leave} at the table {@value #PROBE_TABLE}, which does not exist, so the rules service
 * refuses it ({@code NO_SUCH_TABLE}) and changes nothing. Its commandId is always {@value #PROBE_COMMAND_ID}: the
 * rules service records it once and answers every later probe (of any instance) from its store.
 *
 * <p>Every change of state is fired as a CDI event {@link RulesAvailability} (the WebSocket side tells the players),
 * and the state is in readiness ({@code rules-service}) and in the metric {@code durak.rules.breaker.state}.
 */
@ApplicationScoped
public class RulesBreaker {
    private static final Logger LOG = Logger.getLogger(RulesBreaker.class);
    public static final String PROBE_TABLE = "table-service-probe";
    public static final String PROBE_PLAYER = "table-service";
    public static final String PROBE_COMMAND_ID = "table-service:probe";

    private final CommandBus bus;
    private final Event<RulesAvailability> events;
    private final int failures;
    private final Duration delay;
    private final TypedGuard<CompletionStage<ReplyMessage>> guard;
    private final Counter prevented;
    private final Counter overloaded;
    private final AtomicLong opened = new AtomicLong();
    private volatile CircuitBreakerState state = CircuitBreakerState.CLOSED;
    private volatile Instant since = Instant.now();

    /** The rules service's availability as this instance sees it: fired on each change of the breaker's state. */
    public record RulesAvailability(CircuitBreakerState state, Instant since) {
        /** Commands are refused at once (open, or half-open waiting for the probe's reply). */
        public boolean paused() {
            return state != CircuitBreakerState.CLOSED;
        }
    }

    public RulesBreaker(CommandBus bus, Event<RulesAvailability> events, MeterRegistry registry,
                        @ConfigProperty(name = "durak.rules.breaker.failures", defaultValue = "3") int failures,
                        @ConfigProperty(name = "durak.rules.breaker.delay", defaultValue = "5s") Duration delay,
                        @ConfigProperty(name = "durak.rules.in-flight", defaultValue = "64") int inFlight,
                        @ConfigProperty(name = "durak.rules.queue", defaultValue = "512") int queue) {
        this.bus = bus;
        this.events = events;
        this.failures = failures;
        this.delay = delay;
        this.prevented = registry.counter("durak.rules.breaker.prevented");
        this.overloaded = registry.counter("durak.rules.overloaded");
        registry.gauge("durak.rules.breaker.state", this, b -> b.state.ordinal()); // 0 closed, 1 open, 2 half-open
        this.guard = TypedGuard.create(new TypeLiteral<CompletionStage<ReplyMessage>>() {
                })
                .withDescription("commands to the rules service")
                .withCircuitBreaker()
                    .requestVolumeThreshold(failures)
                    .failureRatio(1.0) // every one of the last `failures` commands went unanswered
                    .delay(delay.toMillis(), ChronoUnit.MILLIS)
                    .successThreshold(1)
                    .when(e -> unwrap(e) instanceof CommandBus.RulesTimeoutException t && t.silent())
                    .onStateChange(this::changed)
                    .onPrevented(prevented::increment)
                    .done()
                .withBulkhead()
                    .limit(inFlight)
                    .queueSize(queue)
                    .onRejected(overloaded::increment)
                    .done()
                .build();
    }

    /**
     * Sends the command through the breaker: the reply, or a failure with {@link RulesUnavailableException} at once
     * while the breaker is open, or with what {@link CommandBus#send} failed with.
     */
    public CompletableFuture<ReplyMessage> send(CommandMessage command) {
        CompletionStage<ReplyMessage> stage;
        try {
            stage = guard.get(() -> bus.send(command));
        } catch (RuntimeException e) {
            stage = CompletableFuture.failedFuture(e);
        }
        return stage.toCompletableFuture().exceptionallyCompose(e -> {
            Throwable cause = unwrap(e);
            if (cause instanceof CircuitBreakerOpenException) {
                cause = new RulesUnavailableException(delay);
            } else if (cause instanceof BulkheadException) {
                cause = new OverloadedException();
            }
            return CompletableFuture.failedFuture(cause);
        });
    }

    /** Whether {@link #send} returns without blocking ({@link CommandBus#sendsWithoutBlocking}). */
    public boolean sendsWithoutBlocking() {
        return bus.sendsWithoutBlocking();
    }

    /** Commands are refused at once now (the breaker is open or half-open). */
    public boolean paused() {
        return availability().paused();
    }

    public RulesAvailability availability() {
        return new RulesAvailability(state, since);
    }

    /** How often it has opened since the start. */
    public long timesOpened() {
        return opened.get();
    }

    public int failures() {
        return failures;
    }

    public Duration delay() {
        return delay;
    }

    private void changed(CircuitBreakerState next) {
        CircuitBreakerState before = state;
        state = next;
        since = Instant.now();
        switch (next) {
            case OPEN -> {
                opened.incrementAndGet();
                if (before == CircuitBreakerState.CLOSED) {
                    LOG.warnf("the rules service did not answer %d command(s) in a row: commands are refused at once "
                            + "(503 RULES_UNAVAILABLE); a probe in %s", failures, delay);
                } else {
                    LOG.infof("the rules service still does not answer; the next probe in %s", delay);
                }
            }
            case HALF_OPEN -> CompletableFuture.runAsync(this::probe);
            case CLOSED -> LOG.infof("the rules service answers again: commands go through");
        }
        try {
            events.fire(new RulesAvailability(next, since));
        } catch (RuntimeException e) {
            LOG.warnf(e, "an observer of the rules service's availability failed");
        }
    }

    /** One command that the rules service answers without changing anything (see the class comment). */
    private void probe() {
        if (state != CircuitBreakerState.HALF_OPEN) {
            return;
        }
        send(new CommandMessage(PROBE_COMMAND_ID, PROBE_TABLE, PROBE_PLAYER, PROBE_PLAYER, new CommandMessage.Leave()))
                .whenComplete((reply, e) -> {
                    if (e == null) {
                        LOG.debugf("probe answered: %s", reply.code());
                    } else if (!(e instanceof RulesUnavailableException)) { // else a player's command was the probe
                        LOG.debugf("probe failed: %s", e.getMessage());
                    }
                });
    }

    private static Throwable unwrap(Throwable e) {
        while (e instanceof CompletionException && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }

    /** More commands of this edge wait for the rules service than its bulkhead holds: this one was not sent. */
    public static final class OverloadedException extends RuntimeException {
        public OverloadedException() {
            super("the rules service is busy and this server has as many commands waiting for it as it takes: send it "
                    + "again in a second with the same commandId", null, false, false);
        }

        /** When to try again (for Retry-After). */
        public Duration retryAfter() {
            return Duration.ofSeconds(1);
        }
    }

    /** The breaker is open: the rules service did not answer the last commands, so this one was not sent. */
    public static final class RulesUnavailableException extends RuntimeException {
        private final Duration retryAfter;

        public RulesUnavailableException(Duration retryAfter) {
            super("the rules service does not answer now, so moves cannot be decided: the tables are paused; "
                    + "try again in a few seconds", null, false, false);
            this.retryAfter = retryAfter;
        }

        /** When the next probe goes out, at the latest (for Retry-After). */
        public Duration retryAfter() {
            return retryAfter;
        }
    }
}
