package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Against the real broker and database: a keyed record and a table row are written, everything is
 * stopped, started again on the same data folder (on new ports), and both are still there.
 */
class InfraRestartTest {

    private static final String GROUP = "durak-deploy-test";

    @TempDir
    Path data;

    private static String show(Statement st, String setting) throws SQLException {
        try (ResultSet rs = st.executeQuery("SHOW " + setting)) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }

    @Test
    void recordAndRowSurviveARestartOnTheSameDataFolder() throws Exception {
        Infra.Config config = Infra.Config.of(data); // free ports, 12 partitions
        String key = "table-" + UUID.randomUUID();
        String value = "{\"commandId\":\"" + UUID.randomUUID() + "\",\"move\":\"ATTACK 7H\"}";
        RecordMetadata written;

        // ---- first run -------------------------------------------------------------------------
        Infra infra = new Infra(config).start();
        try {
            long kafkaMs = infra.kafka().startupMillis();
            long pgMs = infra.postgres().startupMillis();
            Properties p = load(infra.propertiesFile());
            for (String k : List.of(Infra.KEY_BOOTSTRAP, Infra.KEY_JDBC_URL, Infra.KEY_REACTIVE_URL,
                    Infra.KEY_PG_USER, Infra.KEY_PG_PASSWORD)) {
                assertTrue(p.containsKey(k), "infra.properties has " + k);
            }
            String bootstrap = p.getProperty(Infra.KEY_BOOTSTRAP);
            assertEquals(infra.kafka().bootstrapServers(), bootstrap);
            // plain key=value lines, readable by shell scripts too, and by the owner only (it holds the password)
            assertTrue(Files.readAllLines(infra.propertiesFile()).contains(Infra.KEY_BOOTSTRAP + "=" + bootstrap));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(infra.propertiesFile())));
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data)));
            int pgPort = infra.postgres().port();
            assertEquals("postgresql://127.0.0.1:" + pgPort + "/durak", p.getProperty(Infra.KEY_REACTIVE_URL));
            assertEquals("jdbc:postgresql://127.0.0.1:" + pgPort + "/durak", p.getProperty(Infra.KEY_JDBC_URL));

            assertPartitions(infra, 12);

            written = produce(bootstrap, Infra.COMMANDS_TOPIC, key, value);
            ConsumerRecord<String, String> read = consumeInGroup(bootstrap, key);
            assertEquals(value, read.value());
            assertEquals(written.partition(), read.partition());
            assertEquals(written.offset(), read.offset());

            try (Connection c = DriverManager.getConnection(p.getProperty(Infra.KEY_JDBC_URL),
                    p.getProperty(Infra.KEY_PG_USER), p.getProperty(Infra.KEY_PG_PASSWORD));
                 Statement st = c.createStatement()) {
                st.execute("CREATE TABLE table_events (table_id TEXT NOT NULL, seq BIGINT NOT NULL,"
                    + " payload TEXT NOT NULL, PRIMARY KEY (table_id, seq))");
                try (PreparedStatement ins = c.prepareStatement("INSERT INTO table_events VALUES (?, ?, ?)")) {
                    ins.setString(1, key);
                    ins.setLong(2, 1);
                    ins.setString(3, value);
                    assertEquals(1, ins.executeUpdate());
                }
                assertEquals(value, selectPayload(c, key));
                // durable by default: a commit is on disk before the client hears of it
                assertEquals("on", show(st, "fsync"));
                assertEquals("on", show(st, "synchronous_commit"));
            }
            System.out.printf("[durak-deploy] first start: Kafka %d ms, PostgreSQL %d ms (side by side)%n", kafkaMs, pgMs);
        } finally {
            infra.stop();
        }
        assertFalse(Files.exists(data.resolve(Infra.PROPERTIES_FILE)), "infra.properties removed on stop");
        assertFalse(infra.kafka().isRunning());

        // ---- second run on the same folder -------------------------------------------------------
        Infra again = new Infra(config).start();
        try {
            System.out.printf("[durak-deploy] restart: Kafka %d ms, PostgreSQL %d ms%n",
                again.kafka().startupMillis(), again.postgres().startupMillis());
            String bootstrap = again.kafka().bootstrapServers();
            assertPartitions(again, 12);
            // a second launcher on the same folder refuses at once and leaves the running one alone
            IllegalStateException busy = assertThrows(IllegalStateException.class, () -> new Infra(config).start());
            assertTrue(busy.getMessage().contains("in use"), busy.getMessage());
            assertTrue(Files.exists(again.propertiesFile()));
            // creating the topics again is harmless
            assertEquals(Map.of(Infra.COMMANDS_TOPIC, 12), again.kafka().createTopics(12, Infra.COMMANDS_TOPIC));

            ConsumerRecord<String, String> read = TestKafka.readAt(bootstrap,
                new TopicPartition(Infra.COMMANDS_TOPIC, written.partition()), written.offset());
            assertEquals(key, read.key());
            assertEquals(value, read.value());

            // the consumer group's committed offset survived as well (__consumer_offsets)
            try (Admin admin = again.kafka().admin()) {
                Map<TopicPartition, OffsetAndMetadata> offsets =
                    admin.listConsumerGroupOffsets(GROUP).partitionsToOffsetAndMetadata().get();
                OffsetAndMetadata committed = offsets.get(new TopicPartition(Infra.COMMANDS_TOPIC, written.partition()));
                assertEquals(written.offset() + 1, committed.offset());
            }

            try (Connection c = again.postgres().connect()) {
                assertEquals(value, selectPayload(c, key));
            }

            // external mode: pointed at a running server, starts nothing and stops nothing
            EmbeddedPostgresServer external = EmbeddedPostgresServer.external(
                again.postgres().jdbcUrl(), again.postgres().user(), again.postgres().password()).start();
            assertTrue(external.isExternal());
            assertEquals(again.postgres().reactiveUrl(), external.reactiveUrl());
            try (Connection c = external.connect()) {
                assertEquals(value, selectPayload(c, key));
            }
            external.stop();
            try (Connection c = again.postgres().connect()) {
                assertEquals(value, selectPayload(c, key));
            }
        } finally {
            again.stop();
        }
    }

    private static void assertPartitions(Infra infra, int n) throws Exception {
        try (Admin admin = infra.kafka().admin()) {
            Map<String, TopicDescription> d = admin.describeTopics(Infra.TOPICS).allTopicNames().get();
            assertEquals(Set.copyOf(Infra.TOPICS), d.keySet());
            d.values().forEach(t -> assertEquals(n, t.partitions().size(), t.name()));
        }
    }

    private static RecordMetadata produce(String bootstrap, String topic, String key, String value) throws Exception {
        try (KafkaProducer<String, String> producer = TestKafka.producer(bootstrap)) {
            return producer.send(new ProducerRecord<>(topic, key, value)).get();
        }
    }

    /** Subscribes as a group member (the way the services consume), reads the key, commits. */
    private static ConsumerRecord<String, String> consumeInGroup(String bootstrap, String key) {
        try (KafkaConsumer<String, String> consumer = TestKafka.groupMember(bootstrap, GROUP)) {
            consumer.subscribe(List.of(Infra.COMMANDS_TOPIC));
            ConsumerRecord<String, String> r = TestKafka.first(consumer, x -> key.equals(x.key()));
            if (r != null) {
                consumer.commitSync();
                return r;
            }
        }
        return fail("record with key " + key + " not consumed");
    }

    private static String selectPayload(Connection c, String tableId) throws Exception {
        try (PreparedStatement q = c.prepareStatement("SELECT payload FROM table_events WHERE table_id = ? AND seq = 1")) {
            q.setString(1, tableId);
            try (ResultSet rs = q.executeQuery()) {
                assertTrue(rs.next(), "row for " + tableId);
                return rs.getString(1);
            }
        }
    }

    private static Properties load(Path file) throws Exception {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        return p;
    }
}
