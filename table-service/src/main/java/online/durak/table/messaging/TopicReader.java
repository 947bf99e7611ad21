package online.durak.table.messaging;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jboss.logging.Logger;

/**
 * One topic read on its own thread by a consumer of this instance's own group. When partitions are assigned
 * their position is fixed at once (the end, as the group has no offsets), and {@code onAssigned} runs on the
 * reader's thread before the next records are handled: a projection rebuilds from the store there, so that
 * nothing committed before the position is missed and nothing after it is handled twice (or, if it is, is
 * skipped by seq).
 */
final class TopicReader implements Runnable {
    private static final Logger LOG = Logger.getLogger(TopicReader.class);
    private static final Duration POLL = Duration.ofMillis(500);
    /** How long closing the consumer may take (leaving the group); the default is 30 s, e.g. with the broker down. */
    static final Duration CLOSE = Duration.ofSeconds(2);

    private final String name;
    private final Map<String, Object> config;
    private final String topic;
    private final Consumer<ConsumerRecord<String, byte[]>> handler;
    private final AssignedHook onAssigned;
    private final MeterRegistry registry;
    private volatile boolean running = true;
    private volatile boolean assigned;
    private volatile boolean pendingHook;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private Thread thread;

    /** Runs after partitions were assigned; false to be called again a little later (e.g. the store was down). */
    interface AssignedHook {
        boolean run();
    }

    TopicReader(String name, Map<String, Object> config, String topic, Consumer<ConsumerRecord<String, byte[]>> handler,
                AssignedHook onAssigned, MeterRegistry registry) {
        this.registry = registry;
        this.name = name;
        this.config = config;
        this.topic = topic;
        this.handler = handler;
        this.onAssigned = onAssigned;
    }

    void start() {
        thread = new Thread(this, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Partitions are assigned and the assigned hook has succeeded. */
    boolean ready() {
        return assigned && !pendingHook;
    }

    @Override
    public void run() {
        while (running) {
            consume();
            if (running) {
                try {
                    Thread.sleep(2000);
                } catch (InterruptedException e) {
                    return;
                }
                LOG.infof("%s: starting the consumer again", name);
            }
        }
    }

    private void consume() {
        long retryAt = 0;
        KafkaConsumer<String, byte[]> c;
        try {
            c = new KafkaConsumer<>(config);
        } catch (RuntimeException e) {
            LOG.errorf(e, "%s: the consumer cannot be created", name);
            return;
        }
        try (KafkaClientMetrics metrics = new KafkaClientMetrics(c)) {
            metrics.bindTo(registry); // kafka_consumer_*, by client id
            consumer = c;
            if (!running) {
                return;
            }
            c.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                }

                @Override
                public void onPartitionsLost(Collection<TopicPartition> partitions) {
                    assigned = false;
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    for (TopicPartition p : partitions) {
                        c.position(p);
                    }
                    LOG.debugf("%s: %d partition(s) of %s assigned", name, partitions.size(), topic);
                    assigned = true;
                    pendingHook = true;
                }
            });
            while (running) {
                ConsumerRecords<String, byte[]> records = c.poll(POLL);
                if (pendingHook && System.currentTimeMillis() >= retryAt) {
                    boolean ok;
                    try {
                        ok = onAssigned.run();
                    } catch (RuntimeException e) {
                        LOG.warnf("%s: %s", name, e.getMessage());
                        ok = false;
                    }
                    if (ok) {
                        pendingHook = false;
                    } else {
                        retryAt = System.currentTimeMillis() + 2000;
                    }
                }
                for (ConsumerRecord<String, byte[]> r : records) {
                    try {
                        handler.accept(r);
                    } catch (RuntimeException e) {
                        LOG.warnf(e, "%s: record %s-%d@%d could not be handled", name, r.topic(), r.partition(), r.offset());
                    }
                }
            }
        } catch (WakeupException e) {
            if (running) {
                LOG.errorf(e, "%s: woken up unexpectedly", name);
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "%s: the consumer failed", name);
        } finally {
            assigned = false;
            try {
                c.close(CLOSE); // nothing to commit: this instance's own group reads from the end, offsets unused
            } catch (RuntimeException e) {
                LOG.debugf("%s: closing the consumer: %s", name, e.toString());
            }
        }
    }

    /** Asks the reader to stop (its poll is woken up) without waiting for it. */
    void requestClose() {
        running = false;
        KafkaConsumer<String, byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
    }

    /** Stops the reader and waits for its consumer to be closed. */
    void close() {
        requestClose();
        if (thread != null) {
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
