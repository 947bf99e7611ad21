package online.durak.load;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * What a move cannot beat on this machine: a bare Kafka round trip (produce with acks=all, consumed by a
 * consumer that waits on the partition) and a PostgreSQL insert + commit, one at a time. A move is two such
 * round trips (command in, reply and events out) plus one commit, and the work around them.
 */
public final class Floor {

    static final String TOPIC = "durak.load-floor";
    static final String TABLE = "load_floor";

    private Floor() {
    }

    /** Kafka produce → consume round trips, one at a time, after {@code warmup} unmeasured ones. */
    public static Latencies kafka(String bootstrap, int samples, int warmup) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        Latencies result = new Latencies();
        TopicPartition tp = new TopicPartition(TOPIC, 0);
        byte[] payload = new byte[300]; // about the size of a command or an event message
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p);
             KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(c)) {
            consumer.assign(List.of(tp));
            consumer.seekToEnd(List.of(tp));
            consumer.position(tp);
            for (int i = 0; i < warmup + samples; i++) {
                String key = UUID.randomUUID().toString();
                long t0 = System.nanoTime();
                producer.send(new ProducerRecord<>(TOPIC, key, payload));
                boolean seen = false;
                while (!seen) {
                    for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofSeconds(5))) {
                        seen |= key.equals(r.key());
                    }
                    if (!seen && System.nanoTime() - t0 > Duration.ofSeconds(30).toNanos()) {
                        throw new IllegalStateException("a Kafka record did not come back within 30 s");
                    }
                }
                if (i >= warmup) {
                    result.add(System.nanoTime() - t0);
                }
            }
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.deleteTopics(List.of(TOPIC)).all().get();
        }
        return result;
    }

    /** PostgreSQL: one insert of an event-sized row and its commit, one at a time. */
    public static Latencies postgres(String jdbcUrl, String user, String password, int samples, int warmup)
        throws SQLException {
        Latencies result = new Latencies();
        try (Connection conn = DriverManager.getConnection(jdbcUrl, user, password)) {
            try (Statement s = conn.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (table_id text NOT NULL, seq bigint NOT NULL, "
                    + "event jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (table_id, seq))");
            }
            conn.setAutoCommit(false);
            String table = UUID.randomUUID().toString();
            String event = "{\"type\":\"Covered\",\"seat\":1,\"attack\":\"9S\",\"card\":\"QS\"}";
            try (PreparedStatement insert = conn.prepareStatement(
                "INSERT INTO " + TABLE + " (table_id, seq, event) VALUES (?, ?, ?::jsonb)")) {
                for (int i = 0; i < warmup + samples; i++) {
                    long t0 = System.nanoTime();
                    insert.setString(1, table);
                    insert.setLong(2, i);
                    insert.setString(3, event);
                    insert.executeUpdate();
                    conn.commit();
                    if (i >= warmup) {
                        result.add(System.nanoTime() - t0);
                    }
                }
            }
            conn.setAutoCommit(true);
            try (Statement s = conn.createStatement()) {
                s.execute("DROP TABLE " + TABLE);
            }
        }
        return result;
    }
}
