package online.durak.service.kafka;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jboss.logging.Logger;

/**
 * The one way a service consumes a topic (docs/spine.md "Consuming"): each of {@code threads} threads owns one
 * {@link KafkaConsumer} (one member of the group, its own partitions) and hands its records to the
 * {@link Handler} one at a time, in partition order, so a partition has a single handler at a time.
 *
 * <ul>
 *   <li>Positions are fixed when partitions are assigned (committed offset, else the reset policy), so whatever is
 *       sent once the consumer reports ready is consumed; {@link Handler#assigned} runs before the next record.</li>
 *   <li>A record whose handler throws is sought back to and read again after {@code retry-backoff}; the rest of
 *       its partition's batch waits behind it. A {@link BatchHandler} gets a poll's records together instead.</li>
 *   <li>With a shared group, a partition's offset is committed only past records handled and not
 *       {@linkplain Holds#hold held}: every {@code commit-interval} asynchronously, and at once (waited for) when the
 *       partition is revoked or the consumer stops. An own group commits nothing.</li>
 *   <li>A consumer that fails is closed and made again after the backoff.</li>
 * </ul>
 */
public final class TopicConsumer {
    private static final Logger LOG = Logger.getLogger(TopicConsumer.class);
    private static final Duration POLL = Duration.ofMillis(500);
    /** How long leaving the group may take; the client's default is 30 s, e.g. with the broker down. */
    private static final Duration CLOSE = Duration.ofSeconds(2);
    /** A poll ends within its timeout; a consumer still busy after this (a commit to a dead broker) is woken. */
    private static final long WAKE_AFTER_MS = 3_000;

    /** What a service does with the records; every method runs on a consumer thread. */
    public interface Handler {
        /**
         * Handles one record. Throwing means "not now": the record is read again after the backoff (e.g. the store
         * is down); a record that can never be handled must be skipped here, not thrown.
         */
        void handle(ConsumerRecord<String, byte[]> record, Holds holds);

        /** After the records of one poll (e.g. one decision per table and poll). */
        default void polled() {
        }

        /**
         * Partitions given to this consumer, positions fixed. False: call again in a while, before the next records
         * (e.g. a rebuild from a store that is down); the consumer is not ready until it succeeds.
         */
        default boolean assigned(List<Integer> partitions) {
            return true;
        }

        /** Partitions given up: revoked (after their offsets are committed) or lost. */
        default void released(List<Integer> partitions, boolean lost) {
        }
    }

    /**
     * A handler that may take the records of one poll together (the rules service's group commit): {@link #handleAll}
     * gets every record of the poll, partition after partition, each partition's in order. Throwing means "not now"
     * for all of them: each partition is sought back to its first record of the poll and read again after the
     * backoff, so whatever the handler did for them must be idempotent (as {@link Handler#handle} must be anyway).
     */
    public interface BatchHandler extends Handler {
        void handleAll(List<ConsumerRecord<String, byte[]>> records, Holds holds);
    }

    /** Keeps a record's offset from being committed until the work it started is done. */
    public interface Holds {
        /** Returns what releases the hold (from any thread). */
        Runnable hold(ConsumerRecord<?, ?> record);
    }

    private final String name;
    private final String topic;
    private final KafkaConfig.Consumer config;
    private final IntFunction<Map<String, Object>> properties;
    private final Handler handler;
    private final MeterRegistry registry;
    private final boolean commits;
    private final List<Worker> workers = new ArrayList<>();
    private final AtomicLong records = new AtomicLong();
    private volatile boolean running = true;

    TopicConsumer(String name, String topic, KafkaConfig.Consumer config, IntFunction<Map<String, Object>> properties,
                  Handler handler, MeterRegistry registry) {
        this.name = name;
        this.topic = topic;
        this.config = config;
        this.properties = properties;
        this.handler = handler;
        this.registry = registry;
        this.commits = config.group().isPresent();
        FunctionCounter.builder("durak.kafka.records", records, AtomicLong::get).tag("consumer", name)
                .description("Records handed to the handler").register(registry);
    }

    void start() {
        for (int i = 0; i < config.threads(); i++) {
            Worker w = new Worker(i);
            workers.add(w);
            w.thread.start();
        }
        LOG.infof("%s: consuming %s in group %s with %d thread(s)", name, topic,
                properties.apply(0).get("group.id"), config.threads());
    }

    public String name() {
        return name;
    }

    public String topic() {
        return topic;
    }

    /** Every thread runs and has joined the group (partitions assigned, possibly none) and its assigned hook succeeded. */
    public boolean ready() {
        return running && workers.stream().allMatch(Worker::ready);
    }

    /** The partitions this instance's threads own now. */
    public Set<Integer> partitions() {
        Set<Integer> all = new TreeSet<>();
        workers.forEach(w -> w.progress.keySet().forEach(tp -> all.add(tp.partition())));
        return all;
    }

    public long records() {
        return records.get();
    }

    /** Asks every thread to stop (finish the record at hand, commit, leave the group) without waiting. */
    public void requestStop() {
        running = false;
    }

    /** Stops and waits until every consumer has left its group. */
    public void stop() {
        stopAll(List.of(this));
    }

    /** Stops several consumers at once, so that they leave their groups at the same time. */
    public static void stopAll(Collection<TopicConsumer> consumers) {
        consumers.forEach(TopicConsumer::requestStop);
        long wakeAt = System.currentTimeMillis() + WAKE_AFTER_MS;
        for (TopicConsumer c : consumers) {
            for (Worker w : c.workers) {
                w.awaitStop(wakeAt);
            }
        }
    }

    /** A partition's progress: the offset after the last record handled, and the records held. */
    private static final class Progress {
        volatile long next = -1;
        long committed = -1;
        final ConcurrentSkipListSet<Long> held = new ConcurrentSkipListSet<>();

        long safe() {
            Long first = held.isEmpty() ? null : held.first();
            return first != null ? first : next;
        }
    }

    private final class Worker implements Runnable, Holds {
        final Thread thread;
        final Map<TopicPartition, Progress> progress = new ConcurrentHashMap<>();
        volatile KafkaConsumer<String, byte[]> consumer;
        volatile boolean assigned;
        volatile List<Integer> pendingAssigned;
        long retryAssignedAt;
        long nextCommit;

        Worker(int index) {
            thread = new Thread(this, name + "-consumer-" + index);
            thread.setDaemon(true);
        }

        boolean ready() {
            return assigned && pendingAssigned == null && thread.isAlive();
        }

        @Override
        public void run() {
            while (running) {
                consume();
                if (running) {
                    pause();
                    LOG.infof("%s: starting the consumer again", thread.getName());
                }
            }
        }

        private void consume() {
            KafkaConsumer<String, byte[]> c;
            try {
                c = new KafkaConsumer<>(properties.apply(workers.indexOf(this)));
            } catch (RuntimeException e) {
                LOG.errorf(e, "%s: the consumer cannot be created", thread.getName());
                return;
            }
            try (KafkaClientMetrics metrics = new KafkaClientMetrics(c)) {
                metrics.bindTo(registry); // kafka_consumer_*: lag, fetch rates, commit latency, by client id
                consumer = c;
                c.subscribe(List.of(topic), new Rebalance(c));
                while (running) {
                    pollOnce(c);
                }
                commitNow(c, progress.keySet());
            } catch (WakeupException e) {
                if (running) {
                    LOG.errorf(e, "%s: woken up unexpectedly", thread.getName());
                }
            } catch (RuntimeException e) {
                LOG.errorf(e, "%s: the consumer failed", thread.getName());
            } finally {
                assigned = false;
                try {
                    c.close(CLOSE); // leaves the group: the revoked hook runs (offsets of held records stay)
                } catch (RuntimeException e) {
                    LOG.debugf("%s: closing the consumer: %s", thread.getName(), e.toString());
                }
                progress.clear();
                pendingAssigned = null;
            }
        }

        private void pollOnce(KafkaConsumer<String, byte[]> c) {
            ConsumerRecords<String, byte[]> batch = c.poll(POLL);
            List<Integer> pending = pendingAssigned;
            if (pending != null && System.currentTimeMillis() >= retryAssignedAt) {
                runAssigned(pending);
            }
            boolean failed = handler instanceof BatchHandler b && batch.count() > 1 ? handleAll(c, b, batch)
                    : handleEach(c, batch);
            if (!batch.isEmpty()) {
                handler.polled();
            }
            commitIfDue(c);
            if (failed) {
                pause();
            }
        }

        /** The records of one poll to a {@link BatchHandler} at once; true when they must be read again. */
        private boolean handleAll(KafkaConsumer<String, byte[]> c, BatchHandler b,
                                  ConsumerRecords<String, byte[]> batch) {
            if (!running) {
                return false; // unhandled, so not committed: the next owner reads them
            }
            List<ConsumerRecord<String, byte[]>> all = new ArrayList<>(batch.count());
            for (TopicPartition tp : batch.partitions()) {
                all.addAll(batch.records(tp));
            }
            records.addAndGet(all.size());
            try {
                b.handleAll(all, this);
            } catch (RuntimeException e) {
                LOG.warnf("%s: %d records not handled (%s); reading them again in %s", name, all.size(),
                        e.toString(), config.retryBackoff());
                LOG.debug("failure", e);
                for (TopicPartition tp : batch.partitions()) {
                    c.seek(tp, batch.records(tp).get(0).offset());
                }
                return true;
            }
            for (TopicPartition tp : batch.partitions()) {
                List<ConsumerRecord<String, byte[]>> rs = batch.records(tp);
                progress.computeIfAbsent(tp, k -> new Progress()).next = rs.get(rs.size() - 1).offset() + 1;
            }
            return false;
        }

        /** The records of one poll to the handler one at a time; true when one must be read again. */
        private boolean handleEach(KafkaConsumer<String, byte[]> c, ConsumerRecords<String, byte[]> batch) {
            boolean failed = false;
            for (TopicPartition tp : batch.partitions()) {
                Progress p = progress.computeIfAbsent(tp, k -> new Progress());
                for (ConsumerRecord<String, byte[]> r : batch.records(tp)) {
                    if (!running) {
                        break;
                    }
                    records.incrementAndGet();
                    try {
                        handler.handle(r, this);
                    } catch (RuntimeException e) {
                        LOG.warnf("%s: record %s@%d not handled (%s); reading it again in %s", name, tp, r.offset(),
                                e.toString(), config.retryBackoff());
                        LOG.debug("failure", e);
                        c.seek(tp, r.offset());
                        failed = true;
                        break;
                    }
                    p.next = r.offset() + 1;
                }
            }
            return failed;
        }

        private void runAssigned(List<Integer> partitions) {
            boolean ok;
            try {
                ok = handler.assigned(partitions);
            } catch (RuntimeException e) {
                LOG.warnf("%s: partitions %s assigned, not yet taken up: %s", name, partitions, e.getMessage());
                ok = false;
            }
            if (ok) {
                pendingAssigned = null;
            } else {
                retryAssignedAt = System.currentTimeMillis() + config.retryBackoff().toMillis();
            }
        }

        @Override
        public Runnable hold(ConsumerRecord<?, ?> record) {
            Progress p = progress.get(new TopicPartition(record.topic(), record.partition()));
            if (p == null) {
                return () -> {
                };
            }
            p.held.add(record.offset());
            return () -> p.held.remove(record.offset());
        }

        private void commitIfDue(KafkaConsumer<String, byte[]> c) {
            long t = System.nanoTime();
            if (!commits || t - nextCommit < 0) {
                return;
            }
            nextCommit = t + config.commitInterval().toNanos();
            Map<TopicPartition, OffsetAndMetadata> offsets = due(progress.keySet());
            if (!offsets.isEmpty()) {
                c.commitAsync(offsets, (committed, e) -> {
                    if (e != null) { // the next commit carries newer offsets; a crash meanwhile only repeats records
                        LOG.debugf("%s: committing offsets failed: %s", name, e.toString());
                    }
                });
            }
        }

        /** Commits (and waits for) what is safe for {@code partitions}. */
        private void commitNow(KafkaConsumer<String, byte[]> c, Collection<TopicPartition> partitions) {
            if (!commits) {
                return;
            }
            Map<TopicPartition, OffsetAndMetadata> offsets = due(partitions);
            if (offsets.isEmpty()) {
                return;
            }
            try {
                c.commitSync(offsets);
            } catch (WakeupException e) {
                throw e;
            } catch (RuntimeException e) {
                LOG.warnf("%s: committing offsets of %s failed (their records will be handled again): %s", name,
                        offsets.keySet(), e.toString());
            }
        }

        private Map<TopicPartition, OffsetAndMetadata> due(Collection<TopicPartition> partitions) {
            Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
            for (TopicPartition tp : partitions) {
                Progress p = progress.get(tp);
                long s = p == null ? -1 : p.safe();
                if (s >= 0 && s > p.committed) {
                    offsets.put(tp, new OffsetAndMetadata(s));
                    p.committed = s;
                }
            }
            return offsets;
        }

        private void pause() {
            try {
                Thread.sleep(config.retryBackoff().toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = false;
            }
        }

        void awaitStop(long wakeAt) {
            try {
                thread.join(Math.max(1, wakeAt - System.currentTimeMillis()));
                KafkaConsumer<String, byte[]> c = consumer;
                if (thread.isAlive() && c != null) {
                    c.wakeup();
                    thread.join(7_000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Runs inside poll on the consumer thread, so no record is being handled while partitions change hands. */
        private final class Rebalance implements ConsumerRebalanceListener {
            private final KafkaConsumer<String, byte[]> c;

            Rebalance(KafkaConsumer<String, byte[]> c) {
                this.c = c;
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                partitions.forEach(c::position);
                partitions.forEach(tp -> progress.computeIfAbsent(tp, k -> new Progress()));
                List<Integer> numbers = numbers(partitions);
                if (!partitions.isEmpty()) {
                    LOG.infof("%s: assigned %s partitions %s", name, topic, numbers);
                }
                assigned = true;
                List<Integer> all = pendingAssigned == null ? numbers : merge(pendingAssigned, numbers);
                pendingAssigned = all;
                runAssigned(all);
            }

            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                try {
                    commitNow(c, partitions); // the next owner starts after what this one handled
                } catch (WakeupException e) {
                    // stopping in a hurry: the next owner reads a little again
                }
                drop(partitions, false);
            }

            @Override
            public void onPartitionsLost(Collection<TopicPartition> partitions) {
                drop(partitions, true);
            }

            private void drop(Collection<TopicPartition> partitions, boolean lost) {
                if (partitions.isEmpty()) {
                    return;
                }
                partitions.forEach(progress::remove);
                List<Integer> numbers = numbers(partitions);
                List<Integer> pending = pendingAssigned;
                if (pending != null) {
                    List<Integer> left = new ArrayList<>(pending);
                    left.removeAll(numbers);
                    pendingAssigned = left.isEmpty() ? null : left;
                }
                handler.released(numbers, lost);
                LOG.infof("%s: %s %s partitions %s", name, lost ? "lost" : "revoked", topic, numbers);
            }
        }
    }

    private static List<Integer> merge(List<Integer> a, List<Integer> b) {
        TreeSet<Integer> all = new TreeSet<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }

    private static List<Integer> numbers(Collection<TopicPartition> partitions) {
        return partitions.stream().map(TopicPartition::partition).sorted().toList();
    }
}
