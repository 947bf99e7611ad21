package online.durak.service.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jboss.logging.Logger;

/**
 * A member of a shared consumer group that takes its share of a topic's partitions and reads none of them: the group's
 * assignment only says which share of the work is this instance's (docs/spine.md "The edges": the table service's
 * instances fold the tables of their own partitions). The partitions are paused as soon as they are assigned, so a
 * poll only keeps the membership; the cooperative sticky assignor moves only the partitions that change hands. The
 * {@link Listener} runs on the member's thread, inside the poll, before the next rebalance.
 */
public final class GroupMember {
    private static final Logger LOG = Logger.getLogger(GroupMember.class);
    private static final Duration POLL = Duration.ofMillis(500);

    /** Told of the partitions that became this instance's and of those it gave up. */
    public interface Listener {
        /**
         * Partitions that are this instance's now. False: call again after the backoff (e.g. a store that is down);
         * the member is not ready until it succeeds.
         */
        default boolean assigned(Set<Integer> added) {
            return true;
        }

        /** Partitions given up: revoked in a rebalance, or lost (the member was thrown out of the group). */
        default void released(Set<Integer> removed, boolean lost) {
        }
    }

    private final String name;
    private final String topic;
    private final Map<String, Object> properties;
    private final Duration retryBackoff;
    private final Listener listener;
    private final Thread thread;
    private final Set<Integer> partitions = new ConcurrentSkipListSet<>();
    private volatile int partitionCount;
    private volatile boolean assigned;
    private volatile Set<Integer> pending;
    private long retryAt;
    private volatile boolean running = true;
    private volatile KafkaConsumer<String, byte[]> consumer;

    GroupMember(String name, String topic, Map<String, Object> properties, Duration retryBackoff, Listener listener) {
        this.name = name;
        this.topic = topic;
        this.properties = properties;
        this.retryBackoff = retryBackoff;
        this.listener = listener;
        this.thread = new Thread(this::run, name + "-member");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
        LOG.infof("%s: a member of group %s for %s, reading nothing", name, properties.get("group.id"), topic);
    }

    public String name() {
        return name;
    }

    public String topic() {
        return topic;
    }

    /** The partitions that are this instance's now. */
    public Set<Integer> partitions() {
        return partitions;
    }

    /** How many partitions the topic has (0 until the member has joined). */
    public int partitionCount() {
        return partitionCount;
    }

    /** Joined the group, its partitions taken up. */
    public boolean ready() {
        return running && assigned && pending == null && thread.isAlive();
    }

    /** Leaves the group and waits (at most a few seconds) for the thread to end. */
    public void stop() {
        running = false;
        try {
            thread.join(3_000);
            KafkaConsumer<String, byte[]> c = consumer;
            if (thread.isAlive() && c != null) {
                c.wakeup();
                thread.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        while (running) {
            try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(properties)) {
                consumer = c;
                c.subscribe(List.of(topic), new Rebalance(c));
                while (running) {
                    c.poll(POLL);
                    Set<Integer> p = pending;
                    if (p != null && System.currentTimeMillis() >= retryAt) {
                        take(p);
                    }
                }
            } catch (WakeupException e) {
                // stopping
            } catch (RuntimeException e) {
                LOG.errorf(e, "%s: the member failed; joining again in %s", name, retryBackoff);
                release(Set.copyOf(partitions), true);
                pause();
            } finally {
                assigned = false;
            }
        }
    }

    private void take(Set<Integer> added) {
        boolean ok;
        try {
            ok = listener.assigned(added);
        } catch (RuntimeException e) {
            LOG.warnf("%s: partitions %s assigned, not yet taken up: %s", name, added, e.getMessage());
            ok = false;
        }
        if (ok) {
            pending = null;
        } else {
            retryAt = System.currentTimeMillis() + retryBackoff.toMillis();
        }
    }

    private void release(Set<Integer> removed, boolean lost) {
        if (removed.isEmpty()) {
            return;
        }
        partitions.removeAll(removed);
        Set<Integer> p = pending;
        if (p != null) {
            Set<Integer> left = new TreeSet<>(p);
            left.removeAll(removed);
            pending = left.isEmpty() ? null : left;
        }
        listener.released(removed, lost);
        LOG.infof("%s: %s %s partitions %s; now %s", name, lost ? "lost" : "gave up", topic, removed, partitions);
    }

    private void pause() {
        try {
            Thread.sleep(retryBackoff.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    private static Set<Integer> numbers(Collection<TopicPartition> partitions) {
        Set<Integer> n = new TreeSet<>();
        partitions.forEach(tp -> n.add(tp.partition()));
        return n;
    }

    /** Runs inside poll on the member's thread. */
    private final class Rebalance implements ConsumerRebalanceListener {
        private final KafkaConsumer<String, byte[]> c;

        Rebalance(KafkaConsumer<String, byte[]> c) {
            this.c = c;
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> added) {
            c.pause(added); // nothing is ever read
            if (partitionCount == 0) {
                partitionCount = c.partitionsFor(topic).size();
            }
            assigned = true;
            if (added.isEmpty()) {
                return;
            }
            Set<Integer> n = numbers(added);
            partitions.addAll(n);
            Set<Integer> p = pending;
            Set<Integer> all = new TreeSet<>(n);
            if (p != null) {
                all.addAll(p);
            }
            pending = all;
            LOG.infof("%s: took %s partitions %s; now %s", name, topic, n, partitions);
            take(all);
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> removed) {
            release(numbers(removed), false);
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> removed) {
            release(numbers(removed), true);
        }
    }
}
