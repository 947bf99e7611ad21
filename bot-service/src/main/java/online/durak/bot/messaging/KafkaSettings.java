package online.durak.bot.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import online.durak.bot.BotConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Client settings for the broker at {@code kafka.bootstrap.servers} (env {@code DURAK_KAFKA}). */
@ApplicationScoped
public class KafkaSettings {

    private final String bootstrapServers;
    private final BotConfig config;
    private final String clientSuffix = UUID.randomUUID().toString().substring(0, 8);

    public KafkaSettings(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers, BotConfig config) {
        this.bootstrapServers = bootstrapServers;
        this.config = config;
    }

    public String commandsTopic() {
        return config.topics().commands();
    }

    public String eventsTopic() {
        return config.topics().tableEvents();
    }

    public String repliesTopic() {
        return config.topics().replies();
    }

    public String group() {
        return config.group();
    }

    public Map<String, Object> producer() {
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "bot-service-" + clientSuffix + "-commands");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return p;
    }

    /** The table-events consumer of the shared group: offsets committed by hand, once a table's move is sent. */
    public Map<String, Object> consumer() {
        Map<String, Object> c = new HashMap<>();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, config.group());
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, "bot-service-" + clientSuffix + "-events");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, config.offsetReset());
        c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500);
        // a crashed instance's partitions move to the others (or to its restart) after 10 s without heartbeats, not
        // the default 45 s: until then no bot plays at the tables of those partitions
        c.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000);
        c.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 3_000);
        // a bot thinks for hundreds of ms anyway: let the broker gather events for up to 50 ms instead of answering
        // a fetch for every single move of every table (most of them tables without bots)
        c.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 32 * 1024);
        c.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 50);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return c;
    }

    /** The replies consumer: a group of this instance's own (every partition), from the end, never committed. */
    public Map<String, Object> repliesConsumer() {
        Map<String, Object> c = new HashMap<>();
        String id = "bot-service-" + clientSuffix + "-replies";
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, id);
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, id);
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        // refusals are only counted and logged: half a second late is soon enough, and far fewer fetches
        c.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 64 * 1024);
        c.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 500);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return c;
    }
}
