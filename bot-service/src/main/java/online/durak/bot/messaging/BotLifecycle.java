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
import online.durak.bot.play.TableTracker;
import online.durak.bot.store.EventStore;
import org.jboss.logging.Logger;

/**
 * Starts the bots with the application and stops them with it: the tables followed ({@link TableTracker}), the
 * players ({@link BotPlayer}) and the {@code durak.table-events} consumer ({@link ConsumerReadiness} reports it).
 * On shutdown the consumer stops first and commits only what was played, then the
 * workers finish the decisions under way, then the producer sends what is buffered.
 */
@ApplicationScoped
public class BotLifecycle {
    private static final Logger LOG = Logger.getLogger(BotLifecycle.class);

    private final KafkaSettings settings;
    private final BotConfig config;
    private final EventStore store;
    private final CommandProducer producer;
    private final MeterRegistry registry;
    private volatile TableTracker tracker;
    private volatile BotPlayer player;
    private volatile TableEventsConsumer consumer;
    private volatile RefusalWatch refusals;

    public BotLifecycle(KafkaSettings settings, BotConfig config, EventStore store, CommandProducer producer,
                        MeterRegistry registry) {
        this.settings = settings;
        this.config = config;
        this.store = store;
        this.producer = producer;
        this.registry = registry;
    }

    void onStart(@Observes StartupEvent e) {
        TableTracker t = new TableTracker(store, config.closedTablesRemembered());
        tracker = t;
        player = new BotPlayer(producer, t::isCurrent, config.think(), config.workers(), config.retryBackoff(),
                config.sendAttempts(), registry);
        Gauge.builder("durak.bot.tables", t, TableTracker::size).description("Tables followed").register(registry);
        events("applied", TableTracker::applied);
        events("duplicate", TableTracker::duplicates);
        events("skipped", TableTracker::skipped);
        events("failed", TableTracker::failures);
        FunctionCounter.builder("durak.bot.store.reads", t, x -> x.gapsFilled()).tag("why", "gap")
                .description("Tables whose missing events were read from the store").register(registry);
        FunctionCounter.builder("durak.bot.store.reads", t, x -> x.loadedFromStore()).tag("why", "unknown-table")
                .register(registry);
        consumer = new TableEventsConsumer(settings.consumer(), settings.eventsTopic(), t, player,
                config.retryBackoff(), config.maxAge().orElse(null), registry);
        consumer.start();
        refusals = new RefusalWatch(settings.repliesConsumer(), settings.repliesTopic(), t, registry);
        refusals.start();
        LOG.infof("bots play from %s (group %s) to %s; think time %d ms, %d worker(s)%s", settings.eventsTopic(),
                settings.group(), settings.commandsTopic(), config.think().toMillis(), config.workers(),
                config.maxAge().map(d -> ", tables waiting longer than " + d.toSeconds() + " s left alone").orElse(""));
    }

    private void events(String outcome, ToDoubleFunction<TableTracker> f) {
        FunctionCounter.builder("durak.bot.events", tracker, f).tag("outcome", outcome)
                .description("Table events read, by outcome").register(registry);
    }

    void onStop(@Observes ShutdownEvent e) {
        RefusalWatch w = refusals;
        if (w != null) {
            w.close();
        }
        TableEventsConsumer c = consumer;
        if (c != null) {
            c.close();
        }
        BotPlayer p = player;
        if (p != null) {
            p.close();
        }
        producer.close();
        if (c != null) {
            LOG.infof("stopped: %d event record(s) read, %d turn(s) played, %d too old to play", c.records(),
                    c.turns(), c.tooOld());
        }
    }

    public TableTracker tracker() {
        return tracker;
    }

    /** The consumer runs and has joined its group and got its partitions (possibly none) at least once. */
    public boolean ready() {
        TableEventsConsumer c = consumer;
        return c != null && c.ready();
    }

    public String partitions() {
        TableEventsConsumer c = consumer;
        return c == null ? "[]" : c.partitions().toString();
    }

    public int turnsInFlight() {
        BotPlayer p = player;
        return p == null ? 0 : p.inFlight();
    }
}
