package online.durak.leaderboard.messaging;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import online.durak.leaderboard.chips.ChipsEvents;
import online.durak.leaderboard.daily.DailyProjector;
import online.durak.service.kafka.KafkaClients;
import online.durak.service.kafka.TopicConsumer;
import org.jboss.logging.Logger;

/**
 * Starts the {@code durak.table-events} consumer with the application, once Flyway has migrated the tables (readiness
 * {@code kafka-consumers}: UP once it has joined its group and taken its partitions); stops it first on shutdown, so
 * the offsets committed are those of matches stored.
 */
@ApplicationScoped
public class LeaderboardLifecycle {
    private static final Logger LOG = Logger.getLogger(LeaderboardLifecycle.class);

    private final KafkaClients kafka;
    private final MatchProjector projector;
    private final MeterRegistry registry;
    private final ChipsEvents chips;
    private final DailyProjector dailyProjector;
    private volatile TopicConsumer consumer;

    public LeaderboardLifecycle(KafkaClients kafka, MatchProjector projector, MeterRegistry registry, ChipsEvents chips,
                                DailyProjector dailyProjector) {
        this.chips = chips;
        this.dailyProjector = dailyProjector;
        this.kafka = kafka;
        this.projector = projector;
        this.registry = registry;
    }

    void onStart(@Observes StartupEvent e) {
        TableEventsHandler handler = new TableEventsHandler(projector, chips, dailyProjector);
        FunctionCounter.builder("durak.leaderboard.events.unreadable", handler, TableEventsHandler::unreadable)
                .description("Table events that could not be read and were skipped").register(registry);
        Gauge.builder("durak.leaderboard.lag.seconds", handler, TableEventsHandler::lagSeconds)
                .description("Age of the newest table event handled when it was handled").register(registry);
        consumer = kafka.consume("events", kafka.topics().tableEvents(), handler);
        LOG.infof("the leaderboard follows %s", kafka.topics().tableEvents());
    }

    void onStop(@Observes ShutdownEvent e) {
        TopicConsumer c = consumer;
        if (c != null) {
            c.stop();
            LOG.infof("stopped: %d event record(s) read", c.records());
        }
    }
}
