package online.durak.rules.messaging;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.rules.RulesConfig;
import online.durak.rules.store.EventStore;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.jboss.logging.Logger;

/**
 * Consumes {@code durak.commands} in the group {@code rules-service}: {@code durak.rules.consumers} threads,
 * each with its own {@link KafkaConsumer} (so its own partitions), each handling its records one at a time.
 * Offsets of handled records (their outcomes stored and published) are committed every
 * {@code durak.rules.commit-interval} without waiting, and at once and waited for when a partition is given up or the
 * consumer stops; a command handled again after a crash is answered from the store. A record whose handling fails (store or broker down) is sought back to and tried again after a
 * pause; a partition revoked or lost drops its tables from the cache; a partition assigned has its clocked tables
 * loaded by the {@link ClockWatch}.
 */
@ApplicationScoped
public class CommandConsumer {

    private static final Logger LOG = Logger.getLogger(CommandConsumer.class);
    private static final Duration POLL = Duration.ofMillis(500);

    private final KafkaSettings settings;
    private final RulesConfig config;
    private final CommandHandler handler;
    private final Assignment assignment;
    private final EventStore store;
    private final ClockWatch clock;
    private final MeterRegistry registry;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLong handled = new AtomicLong();
    private volatile boolean running;
    private volatile boolean started;

    public CommandConsumer(KafkaSettings settings, RulesConfig config, CommandHandler handler, Assignment assignment,
                           EventStore store, ClockWatch clock, MeterRegistry registry) {
        this.registry = registry;
        this.settings = settings;
        this.config = config;
        this.handler = handler;
        this.assignment = assignment;
        this.store = store;
        this.clock = clock;
    }

    void start(@Observes @Priority(100) StartupEvent event) {
        store.createSchema();
        running = true;
        for (int i = 0; i < config.consumers(); i++) {
            int index = i;
            Thread t = new Thread(() -> run(index), "rules-consumer-" + i);
            threads.add(t);
            t.start();
        }
        started = true;
        LOG.infof("consuming %s in group %s with %d consumer(s)", Topics.COMMANDS, config.group(),
            config.consumers());
    }

    /** Finishes the record at hand, commits, leaves the group. */
    void stop(@Observes @Priority(100) ShutdownEvent event) {
        running = false;
        for (Thread t : threads) {
            try {
                t.join(15_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        LOG.infof("stopped consuming after %d command(s)", handled.get());
    }

    /** Started and every consumer thread still running. */
    public boolean isRunning() {
        return started && running && threads.stream().allMatch(Thread::isAlive);
    }

    public long handled() {
        return handled.get();
    }

    private void run(int index) {
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(settings.consumer(index));
             KafkaClientMetrics metrics = new KafkaClientMetrics(consumer)) {
            metrics.bindTo(registry); // kafka_consumer_*: lag, fetch rates, commit latency, by client id
            Offsets offsets = new Offsets(consumer);
            consumer.subscribe(List.of(Topics.COMMANDS), new Rebalance(consumer, offsets));
            while (running) {
                try {
                    pollOnce(consumer, offsets);
                } catch (RuntimeException e) {
                    LOG.errorf(e, "consumer %d: unexpected failure; going on after a pause", index);
                    pause();
                }
            }
            offsets.commitNow(null);
        } catch (RuntimeException e) {
            LOG.errorf(e, "consumer %d stopped", index);
        }
    }

    private void pollOnce(KafkaConsumer<String, byte[]> consumer, Offsets offsets) {
        ConsumerRecords<String, byte[]> records = consumer.poll(POLL);
        boolean failed = false;
        for (TopicPartition tp : records.partitions()) {
            for (ConsumerRecord<String, byte[]> r : records.records(tp)) {
                if (!running) {
                    break;
                }
                try {
                    handler.handle(r);
                    handled.incrementAndGet();
                    offsets.handled(tp, r.offset());
                } catch (RuntimeException e) {
                    LOG.warnf("command at %s@%d not handled (%s); trying again in %s", tp, r.offset(), e,
                        config.retryBackoff());
                    LOG.debug("failure", e);
                    consumer.seek(tp, r.offset());
                    failed = true;
                    break;
                }
            }
        }
        offsets.commitIfDue(config.commitInterval());
        if (failed) {
            pause();
        }
    }

    /** One consumer's offsets handled but not yet committed (used by its own thread only). */
    private static final class Offsets {
        private final KafkaConsumer<String, byte[]> consumer;
        private final Map<TopicPartition, OffsetAndMetadata> pending = new HashMap<>();
        private long lastCommit = System.nanoTime();

        Offsets(KafkaConsumer<String, byte[]> consumer) {
            this.consumer = consumer;
        }

        void handled(TopicPartition tp, long offset) {
            pending.put(tp, new OffsetAndMetadata(offset + 1));
        }

        void commitIfDue(Duration interval) {
            if (pending.isEmpty() || System.nanoTime() - lastCommit < interval.toNanos()) {
                return;
            }
            consumer.commitAsync(new HashMap<>(pending), (committed, e) -> {
                if (e != null) { // the next commit carries newer offsets; a crash meanwhile only repeats commands
                    LOG.debugf("committing offsets failed: %s", e.toString());
                }
            });
            pending.clear();
            lastCommit = System.nanoTime();
        }

        /** Commits (and waits) what is pending for {@code partitions}, or for all when null. */
        void commitNow(Collection<TopicPartition> partitions) {
            Map<TopicPartition, OffsetAndMetadata> now = new HashMap<>();
            pending.entrySet().removeIf(e -> {
                if (partitions == null || partitions.contains(e.getKey())) {
                    now.put(e.getKey(), e.getValue());
                    return true;
                }
                return false;
            });
            if (now.isEmpty()) {
                return;
            }
            try {
                consumer.commitSync(now);
            } catch (RuntimeException e) {
                LOG.warnf("committing offsets of %s failed (their commands will be answered again): %s", now.keySet(),
                    e.toString());
            }
        }

        /** A lost partition's offsets cannot be committed any more. */
        void forget(Collection<TopicPartition> partitions) {
            partitions.forEach(pending::remove);
        }
    }

    private void pause() {
        try {
            Thread.sleep(config.retryBackoff().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    /** Runs inside poll, so no record is being handled while partitions change hands. */
    private final class Rebalance implements ConsumerRebalanceListener {
        private final KafkaConsumer<String, byte[]> consumer;
        private final Offsets offsets;

        Rebalance(KafkaConsumer<String, byte[]> consumer, Offsets offsets) {
            this.consumer = consumer;
            this.offsets = offsets;
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            // fix the starting positions now (committed, else the reset policy), so that whatever is sent
            // once this instance reports the partition as its own is consumed
            partitions.forEach(consumer::position);
            partitions.forEach(tp -> assignment.add(tp.partition()));
            clock.assigned(numbers(partitions)); // their clocked tables are loaded by the clock's next tick
            if (!partitions.isEmpty()) {
                LOG.infof("assigned %s partitions %s", Topics.COMMANDS, numbers(partitions));
            }
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            offsets.commitNow(partitions); // the next owner starts after what this one handled
            drop(partitions, "revoked");
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            offsets.forget(partitions);
            drop(partitions, "lost");
        }

        private void drop(Collection<TopicPartition> partitions, String how) {
            if (partitions.isEmpty()) {
                return;
            }
            List<Integer> numbers = numbers(partitions);
            numbers.forEach(assignment::remove);
            clock.revoked(numbers);
            int dropped = handler.cache().dropPartitions(numbers);
            LOG.infof("%s %s partitions %s; dropped %d cached table(s)", how, Topics.COMMANDS, numbers, dropped);
        }
    }

    private static List<Integer> numbers(Collection<TopicPartition> partitions) {
        return partitions.stream().map(TopicPartition::partition).sorted().toList();
    }
}
