package online.durak.bot.messaging;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import online.durak.bot.play.BotPlayer;
import online.durak.bot.play.TableTracker;
import online.durak.bot.play.Turn;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jboss.logging.Logger;

/**
 * Consumes {@code durak.table-events} in the group {@code bot-service} on a thread of its own: every record is
 * folded into its table ({@link TableTracker}); after each poll, every table that changed is asked once whether
 * it now waits for a bot or for the computer, and such a turn goes to the {@link BotPlayer}, which decides and
 * sends off this thread.
 *
 * <p>Offsets: a partition's committed offset never passes a record whose turn is still being played, so after
 * a crash the next owner reads that record again and plays the turn (with the same command id, so a move that
 * did go out is answered from the rules service's store and not played twice). A record whose gap cannot be
 * filled because the store is down is read again after a pause.
 */
final class TableEventsConsumer implements Runnable {
    private static final Logger LOG = Logger.getLogger(TableEventsConsumer.class);
    private static final Duration POLL = Duration.ofMillis(500);
    private static final long COMMIT_EVERY_NANOS = 1_000_000_000L;

    private final Map<String, Object> config;
    private final String topic;
    private final TableTracker tracker;
    private final BotPlayer player;
    private final Duration backoff;
    private final Duration maxAge;
    private final Map<TopicPartition, Progress> progress = new ConcurrentHashMap<>();
    private volatile boolean running = true;
    private volatile boolean assigned;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private volatile long records;
    private volatile long turns;
    private volatile long tooOld;
    private long nextCommit;
    private Thread thread;

    /** A partition's progress: the offset after the last record handled, and the records whose turn is under way. */
    static final class Progress {
        volatile long next = -1;
        long committed = -1;
        final ConcurrentSkipListSet<Long> playing = new ConcurrentSkipListSet<>();

        /** The offset that may be committed: the first record still being played, else the next one. */
        long safe() {
            Long first = playing.ceiling(Long.MIN_VALUE);
            return first != null ? first : next;
        }
    }

    private final io.micrometer.core.instrument.MeterRegistry registry;

    /** @param maxAge turns owed for longer than this are not played; null: no limit */
    TableEventsConsumer(Map<String, Object> config, String topic, TableTracker tracker, BotPlayer player,
                        Duration backoff, Duration maxAge, io.micrometer.core.instrument.MeterRegistry registry) {
        this.registry = registry;
        this.config = config;
        this.topic = topic;
        this.tracker = tracker;
        this.player = player;
        this.backoff = backoff;
        this.maxAge = maxAge;
    }

    void start() {
        thread = new Thread(this, "bot-events-consumer");
        thread.setDaemon(true);
        thread.start();
    }

    /** Running, and the group has given this instance its partitions (possibly none) at least once. */
    boolean ready() {
        return running && assigned && thread != null && thread.isAlive();
    }

    List<Integer> partitions() {
        return progress.keySet().stream().map(TopicPartition::partition).sorted().toList();
    }

    long records() {
        return records;
    }

    long turns() {
        return turns;
    }

    long tooOld() {
        return tooOld;
    }

    @Override
    public void run() {
        while (running) {
            try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(config);
                 io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics metrics =
                     new io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics(c)) {
                metrics.bindTo(registry); // kafka_consumer_*: how far behind the tables' events the bots are
                consumer = c;
                if (!running) {
                    return;
                }
                try {
                    c.subscribe(List.of(topic), new Rebalance(c));
                    while (running) {
                        ConsumerRecords<String, byte[]> batch = c.poll(POLL);
                        if (!batch.isEmpty()) {
                            handle(c, batch);
                        }
                        commit(c, false);
                    }
                } catch (WakeupException e) {
                    if (running) {
                        throw e;
                    }
                }
                try {
                    commit(c, true); // what is safe; turns still under way are read again by the next owner
                } catch (WakeupException e) {
                    // stopping in a hurry: the next owner reads a little again
                }
            } catch (RuntimeException e) {
                LOG.errorf(e, "the table-events consumer failed; starting it again in %d ms", backoff.toMillis());
            } finally {
                assigned = false;
                progress.clear();
            }
            if (running) {
                pause();
            }
        }
    }

    private record Touched(TopicPartition partition, Progress progress, long offset) {
    }

    private void handle(KafkaConsumer<String, byte[]> c, ConsumerRecords<String, byte[]> batch) {
        Map<String, Touched> touched = new LinkedHashMap<>();
        boolean storeDown = false;
        for (TopicPartition tp : batch.partitions()) {
            Progress p = progress.computeIfAbsent(tp, k -> new Progress());
            for (ConsumerRecord<String, byte[]> r : batch.records(tp)) {
                records++;
                if (r.key() != null && tracker.passesOver(r.key())) {
                    p.next = r.offset() + 1; // a table no bot acts at: passed over unread
                    continue;
                }
                EventMessage m;
                try {
                    m = Codec.readEventMessage(r.value());
                } catch (RuntimeException e) {
                    LOG.warnf("an event at %s@%d cannot be read and is skipped: %s", tp, r.offset(), e.getMessage());
                    p.next = r.offset() + 1;
                    continue;
                }
                try {
                    if (tracker.accept(m, tp.partition())) {
                        touched.put(m.tableId(), new Touched(tp, p, r.offset()));
                    }
                } catch (TableTracker.StoreUnavailable e) {
                    LOG.warnf("%s; reading %s@%d again in %d ms", e.getMessage(), tp, r.offset(), backoff.toMillis());
                    c.seek(tp, r.offset());
                    storeDown = true;
                    break;
                }
                p.next = r.offset() + 1;
            }
        }
        // one decision per table and poll: the newest state wins, stale positions of a catch-up are skipped
        java.time.Instant oldest = maxAge == null ? null : java.time.Instant.now().minus(maxAge);
        for (Map.Entry<String, Touched> e : touched.entrySet()) {
            Turn turn = tracker.owed(e.getKey());
            if (turn != null && turn.waitingSinceBefore(oldest)) {
                tooOld++;
                LOG.debugf("table %s: waiting since %s, longer than %s; not played", turn.tableId(), turn.since(),
                        maxAge);
            } else if (turn != null) {
                Touched t = e.getValue();
                t.progress().playing.add(t.offset());
                turns++;
                player.play(turn, () -> t.progress().playing.remove(t.offset()));
            }
        }
        if (storeDown) {
            commit(c, true);
            pause();
        }
    }

    private void commit(KafkaConsumer<String, byte[]> c, boolean now) {
        long t = System.nanoTime();
        if (!now && t - nextCommit < 0) {
            return;
        }
        nextCommit = t + COMMIT_EVERY_NANOS;
        commit(c, progress);
    }

    private void commit(KafkaConsumer<String, byte[]> c, Map<TopicPartition, Progress> which) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        Map<TopicPartition, Long> safe = new HashMap<>();
        which.forEach((tp, p) -> {
            long s = p.safe();
            if (s >= 0 && s > p.committed) {
                offsets.put(tp, new OffsetAndMetadata(s));
                safe.put(tp, s);
            }
        });
        if (offsets.isEmpty()) {
            return;
        }
        try {
            c.commitSync(offsets);
            safe.forEach((tp, s) -> which.get(tp).committed = s);
        } catch (WakeupException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.warnf("offsets of %s could not be committed (read again after a restart): %s", topic, e.getMessage());
        }
    }

    private void pause() {
        try {
            Thread.sleep(backoff.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    /**
     * Stops polling, commits what is safe, leaves the group. A poll ends within its timeout, so the consumer is
     * woken up only if it is still busy after a few seconds (e.g. a commit waiting for a broker that is down).
     */
    void close() {
        running = false;
        if (thread == null) {
            return;
        }
        try {
            thread.join(3_000);
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
            // fix the starting positions now (committed, else the reset policy), so that whatever is published
            // once this instance reports itself ready is consumed
            partitions.forEach(c::position);
            partitions.forEach(tp -> progress.computeIfAbsent(tp, k -> new Progress()));
            assigned = true;
            if (!partitions.isEmpty()) {
                LOG.infof("assigned %s partitions %s", topic, numbers(partitions));
            }
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            Map<TopicPartition, Progress> leaving = new HashMap<>();
            for (TopicPartition tp : partitions) {
                Progress p = progress.get(tp);
                if (p != null) {
                    leaving.put(tp, p);
                }
            }
            try {
                commit(c, leaving);
            } catch (WakeupException e) {
                // stopping: the offsets stay as they were; the next owner reads a little again
            }
            drop(partitions, "revoked");
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            drop(partitions, "lost");
        }

        private void drop(Collection<TopicPartition> partitions, String how) {
            if (partitions.isEmpty()) {
                return;
            }
            partitions.forEach(progress::remove);
            List<Integer> numbers = numbers(partitions);
            int dropped = tracker.dropPartitions(numbers);
            LOG.infof("%s %s partitions %s; dropped %d table(s)", how, topic, numbers, dropped);
        }
    }

    private static List<Integer> numbers(Collection<TopicPartition> partitions) {
        return partitions.stream().map(TopicPartition::partition).sorted().toList();
    }
}
