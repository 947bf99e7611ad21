package online.durak.service.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.smallrye.common.annotation.Identifier;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Makes every Kafka client of a service the same way: the {@code kafka.*} properties (broker, security), string
 * keys and byte values, client ids {@code <service>-<name>}, the Kafka clients' own metrics
 * ({@code kafka_consumer_*}, {@code kafka_producer_*}) bound, and every {@link TopicConsumer} known to
 * {@link ConsumersReadiness}.
 */
@ApplicationScoped
public class KafkaClients {

    private final Map<String, Object> base;
    private final KafkaConfig config;
    private final MeterRegistry registry;
    private final String instanceId;
    private final List<TopicConsumer> consumers = new CopyOnWriteArrayList<>();
    private final List<GroupMember> members = new CopyOnWriteArrayList<>();
    private final List<KafkaClientMetrics> producerMetrics = new CopyOnWriteArrayList<>();

    public KafkaClients(@Identifier("default-kafka-broker") Map<String, Object> base, KafkaConfig config,
                        MeterRegistry registry) {
        this.base = base;
        this.config = config;
        this.registry = registry;
        this.instanceId = config.instanceId().filter(s -> !s.isBlank())
                .orElse(UUID.randomUUID().toString().substring(0, 8));
    }

    public KafkaConfig config() {
        return config;
    }

    public KafkaConfig.Topics topics() {
        return config.topics();
    }

    public String instanceId() {
        return instanceId;
    }

    /** An idempotent producer (acks=all, no linger: a move waits for nobody). The caller closes it. */
    public Producer<String, byte[]> producer(String name) {
        Map<String, Object> p = common();
        p.put(ProducerConfig.CLIENT_ID_CONFIG, config.service() + "-" + instanceId + "-" + name);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) config.producer().maxBlock().toMillis());
        // a topic's metadata, once known, is kept (refreshed in the background, never dropped as idle): a send then
        // never waits for it, which lets table-service send a move's command from an event loop
        p.put(ProducerConfig.METADATA_MAX_IDLE_CONFIG, Integer.MAX_VALUE);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p);
        KafkaClientMetrics metrics = new KafkaClientMetrics(producer);
        metrics.bindTo(registry);
        producerMetrics.add(metrics);
        return producer;
    }

    /**
     * A consumer of {@code topic} configured by {@code durak.kafka.consumers.<name>.*}, started; its handler is
     * called on the consumer's own thread(s).
     */
    public TopicConsumer consume(String name, String topic, TopicConsumer.Handler handler) {
        KafkaConfig.Consumer c = config.consumers().get(name);
        TopicConsumer consumer = new TopicConsumer(name, topic, c, index -> consumerProperties(name, c, index),
                handler, registry);
        consumers.add(consumer);
        consumer.start();
        return consumer;
    }

    List<TopicConsumer> consumers() {
        return consumers;
    }

    /**
     * A member of the shared group {@code durak.kafka.consumers.<name>.group} that takes its share of {@code topic}'s
     * partitions and reads none of them ({@link GroupMember}), started; the listener runs on its own thread.
     */
    public GroupMember member(String name, String topic, GroupMember.Listener listener) {
        KafkaConfig.Consumer c = config.consumers().get(name);
        if (c.group().isEmpty()) {
            throw new IllegalStateException("durak.kafka.consumers." + name + ".group is required: a member shares its "
                    + "group with the other instances");
        }
        Map<String, Object> m = consumerProperties(name, c, 0);
        // only the partitions that change hands move, so a rebalance does not take every partition from everyone
        m.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        GroupMember member = new GroupMember(name, topic, m, c.retryBackoff(), listener);
        members.add(member);
        member.start();
        return member;
    }

    List<GroupMember> members() {
        return members;
    }

    private Map<String, Object> consumerProperties(String name, KafkaConfig.Consumer c, int index) {
        Map<String, Object> m = common();
        String own = config.service() + "-" + instanceId + "-" + name;
        m.put(ConsumerConfig.GROUP_ID_CONFIG, c.group().orElse(own));
        m.put(ConsumerConfig.CLIENT_ID_CONFIG, c.threads() > 1 ? own + "-" + index : own);
        m.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, c.group().isPresent() ? c.offsetReset() : "latest");
        m.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        m.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, c.maxPollRecords());
        // a crashed instance's partitions move to the others (or its restart) after 10 s, not the default 45 s
        m.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000);
        m.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 3_000);
        c.fetchMinBytes().ifPresent(b -> m.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, b));
        c.fetchMaxWait().ifPresent(d -> m.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, (int) d.toMillis()));
        m.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        m.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return m;
    }

    private Map<String, Object> common() {
        Map<String, Object> m = new HashMap<>(base);
        m.remove(ConsumerConfig.GROUP_ID_CONFIG);
        return m;
    }

    /** Consumers a service did not stop itself stop with the application. */
    @PreDestroy
    void stopAll() {
        TopicConsumer.stopAll(consumers);
        members.forEach(GroupMember::stop);
        producerMetrics.forEach(KafkaClientMetrics::close);
    }
}
