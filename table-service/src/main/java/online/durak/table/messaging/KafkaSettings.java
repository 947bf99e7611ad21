package online.durak.table.messaging;

import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Topic names (docs/spine.md) and client settings. Every {@code kafka.*} property of the configuration
 * (bootstrap servers, security) reaches the clients; consumers get a group id unique to this instance, so
 * that every instance reads every partition.
 */
@ApplicationScoped
public class KafkaSettings {
    @Inject
    @Identifier("default-kafka-broker")
    Map<String, Object> base;

    @ConfigProperty(name = "durak.topics.commands", defaultValue = "durak.commands")
    String commandsTopic;

    @ConfigProperty(name = "durak.topics.table-events", defaultValue = "durak.table-events")
    String eventsTopic;

    @ConfigProperty(name = "durak.topics.replies", defaultValue = "durak.replies")
    String repliesTopic;

    /** This instance's name in group and client ids; random unless configured. */
    @ConfigProperty(name = "durak.instance-id")
    java.util.Optional<String> configuredInstanceId;

    private String instanceId;

    public String commandsTopic() {
        return commandsTopic;
    }

    public String eventsTopic() {
        return eventsTopic;
    }

    public String repliesTopic() {
        return repliesTopic;
    }

    public synchronized String instanceId() {
        if (instanceId == null) {
            instanceId = configuredInstanceId.filter(s -> !s.isBlank())
                    .orElse(UUID.randomUUID().toString().substring(0, 8));
        }
        return instanceId;
    }

    private Map<String, Object> common() {
        Map<String, Object> m = new HashMap<>(base);
        m.remove(ConsumerConfig.GROUP_ID_CONFIG);
        return m;
    }

    public Map<String, Object> producer() {
        Map<String, Object> m = common();
        m.put(ProducerConfig.CLIENT_ID_CONFIG, "table-service-" + instanceId() + "-commands");
        m.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        m.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        m.putIfAbsent(ProducerConfig.ACKS_CONFIG, "all");
        m.putIfAbsent(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        m.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, 0);
        return m;
    }

    /** A consumer of this instance's own group for {@code purpose}, starting at the end of the topic. */
    public Map<String, Object> consumer(String purpose) {
        Map<String, Object> m = common();
        String id = "table-service-" + instanceId() + "-" + purpose;
        m.put(ConsumerConfig.GROUP_ID_CONFIG, id);
        m.put(ConsumerConfig.CLIENT_ID_CONFIG, id);
        m.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        m.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        m.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        m.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return m;
    }
}
