package online.durak.rules.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import online.durak.rules.RulesConfig;

/** Client settings for the broker at {@code kafka.bootstrap.servers}. */
@ApplicationScoped
public class KafkaSettings {

    private final String bootstrapServers;
    private final RulesConfig config;

    public KafkaSettings(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                         RulesConfig config) {
        this.bootstrapServers = bootstrapServers;
        this.config = config;
    }

    public Map<String, Object> producer() {
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "rules-service-producer");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 15_000);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return p;
    }

    public Map<String, Object> consumer(int index) {
        Map<String, Object> c = new HashMap<>();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, config.group());
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, "rules-service-" + index);
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, config.offsetReset());
        c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 100);
        // a crashed instance's partitions move to the others after 10 s without heartbeats (the default is 45 s)
        c.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000);
        c.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 3_000);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return c;
    }
}
