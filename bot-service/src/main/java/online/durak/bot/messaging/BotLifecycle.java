package online.durak.bot.messaging;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.function.ToDoubleFunction;
import online.durak.bot.BotConfig;
import online.durak.bot.play.BotPlayer;
import online.durak.bot.play.LiveWork;
import online.durak.bot.play.TableTracker;
import online.durak.service.kafka.KafkaClients;
import online.durak.service.kafka.TopicConsumer;
import online.durak.store.EventReader;
import io.vertx.mutiny.sqlclient.Pool;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import online.durak.engine.DailySecret;
import online.durak.service.daily.DailySecrets;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Starts the bots with the application and stops them with it: the tables followed ({@link TableTracker}), the
 * players ({@link BotPlayer}) and the {@code durak.table-events} consumer and the replies watch (readiness {@code kafka-consumers}).
 * On shutdown the consumer stops first and commits only what was played, then the
 * workers finish the decisions under way, then the producer sends what is buffered.
 */
@ApplicationScoped
public class BotLifecycle {
    private static final Logger LOG = Logger.getLogger(BotLifecycle.class);

    private final KafkaClients kafka;
    private final BotConfig config;
    private final EventReader store;
    private final CommandProducer producer;
    private final MeterRegistry registry;
    private final LiveWork live;
    private final Optional<String> dailySecretFile;
    private volatile TableTracker tracker;
    private volatile BotPlayer player;
    private volatile TableEventsConsumer events;
    private volatile TopicConsumer consumer;
    private volatile TopicConsumer refusals;

    public BotLifecycle(KafkaClients kafka, BotConfig config, Pool pool,
                        @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration storeTimeout,
                        @ConfigProperty(name = DailySecrets.PROPERTY) Optional<String> dailySecretFile,
                        CommandProducer producer,
                        MeterRegistry registry, LiveWork live) {
        this.live = live;
        this.kafka = kafka;
        this.config = config;
        // the event store, read only (durak-store's one reader): a row that cannot be read now cannot be read
        // later either, so its table stops before it
        this.store = new EventReader(pool, storeTimeout, LOG, EventReader.OnUnreadable.STOP);
        this.producer = producer;
        this.registry = registry;
        this.dailySecretFile = dailySecretFile;
    }

    void onStart(@Observes StartupEvent e) {
        // the daily game's bots are seeded from the installation's secret: without it the service does not start
        DailySecret dailySecret = DailySecrets.read(dailySecretFile);
        // empty: nothing was ever stored
        TableTracker t = new TableTracker((id, after, before) -> store.read(id, after, before).orElse(List.of()),
                config.closedTablesRemembered());
        tracker = t;
        player = new BotPlayer(producer, t::isCurrent, config.think(), config.tempo(), config.workers(),
                config.retryBackoff(), config.sendAttempts(), dailySecret, registry, live);
        Gauge.builder("durak.bot.tables", t, TableTracker::size).description("Tables followed").register(registry);
        events("applied", TableTracker::applied);
        events("duplicate", TableTracker::duplicates);
        events("skipped", TableTracker::skipped);
        events("failed", TableTracker::failures);
        FunctionCounter.builder("durak.bot.store.reads", t, x -> x.gapsFilled()).tag("why", "gap")
                .description("Tables whose missing events were read from the store").register(registry);
        FunctionCounter.builder("durak.bot.store.reads", t, x -> x.loadedFromStore()).tag("why", "unknown-table")
                .register(registry);
        events = new TableEventsConsumer(t, player, config.maxAge().orElse(null));
        consumer = kafka.consume("events", kafka.topics().tableEvents(), events);
        refusals = kafka.consume("replies", kafka.topics().replies(), new RefusalWatch(t, registry));
        LOG.infof("bots play from %s to %s; think time %d ms (%s), %d worker(s)%s", kafka.topics().tableEvents(),
                kafka.topics().commands(), config.think().toMillis(),
                config.tempo() ? "a solo table's tempo instead where it has one" : "at every table, tempo ignored",
                config.workers(),
                config.maxAge().map(d -> ", tables waiting longer than " + d.toSeconds() + " s left alone").orElse(""));
    }

    private void events(String outcome, ToDoubleFunction<TableTracker> f) {
        FunctionCounter.builder("durak.bot.events", tracker, f).tag("outcome", outcome)
                .description("Table events read, by outcome").register(registry);
    }

    void onStop(@Observes ShutdownEvent e) {
        TopicConsumer w = refusals;
        if (w != null) {
            w.stop();
        }
        TopicConsumer c = consumer;
        if (c != null) {
            c.stop(); // commits only what was played: turns under way are read again by the next owner
        }
        BotPlayer p = player;
        if (p != null) {
            p.close();
        }
        producer.close();
        if (c != null) {
            LOG.infof("stopped: %d event record(s) read, %d turn(s) played, %d too old to play", c.records(),
                    events.turns(), events.tooOld());
        }
    }

    public TableTracker tracker() {
        return tracker;
    }

    public int turnsInFlight() {
        BotPlayer p = player;
        return p == null ? 0 : p.inFlight();
    }
}
