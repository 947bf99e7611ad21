package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Exit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The infrastructure restarted while its clients keep their addresses: Kafka and PostgreSQL on request through the
 * control port (as durak-testkit's TestInfra asks for it), the postmaster after a SIGKILL by the supervisor, and a
 * broker that fails is reported.
 */
class InfraFaultsTest {

    @TempDir
    Path data;

    @Test
    void restartedOnTheSameAddresses_recordsRowsAndOffsetsSurvive_andFailuresAreTold() throws Exception {
        BlockingQueue<String> failures = new LinkedBlockingQueue<>();
        BlockingQueue<String> console = new LinkedBlockingQueue<>();
        Infra infra = new Infra(Infra.Config.of(data).withPartitions(3));
        try (InfraControl control = InfraControl.open(infra, 0)) {
            infra.withProperty(InfraControl.KEY_PORT, String.valueOf(control.port()));
            infra.onFailure(failures::add);
            infra.start();
            infra.supervisePostgres(new RestartPolicy(3, Duration.ofMinutes(1), Duration.ofMillis(200),
                Duration.ofSeconds(1)), console::add);
            Properties p = new Properties();
            try (InputStream in = Files.newInputStream(infra.propertiesFile())) {
                p.load(in);
            }
            assertEquals(String.valueOf(control.port()), p.getProperty(InfraControl.KEY_PORT));
            String bootstrap = p.getProperty(Infra.KEY_BOOTSTRAP);
            String jdbc = p.getProperty(Infra.KEY_JDBC_URL);
            String key = "table-" + UUID.randomUUID();

            try (Control c = new Control(control.port())) {
                // ---- Kafka: a record and a group's offset from before the restart are there after it ----------
                try (KafkaProducer<String, String> producer = TestKafka.producer(bootstrap)) {
                    RecordMetadata before = producer.send(new ProducerRecord<>(Infra.COMMANDS_TOPIC, key, "before")).get();
                    String group = "faults-" + UUID.randomUUID();
                    assertEquals("before", consumeInGroup(bootstrap, group, key).value());

                    String answer = c.send("restart kafka");
                    assertTrue(answer.matches("ok \\d+"), answer);
                    System.out.printf("[durak-deploy] Kafka restarted on request: %s ms down%n", answer.substring(3));
                    assertEquals(bootstrap, infra.kafka().bootstrapServers(), "the same address");

                    // the producer made before the restart reconnects to the same address by itself
                    RecordMetadata after = producer.send(new ProducerRecord<>(Infra.COMMANDS_TOPIC, key, "after"))
                        .get(60, TimeUnit.SECONDS);
                    assertEquals(before.partition(), after.partition());
                    assertEquals(before.offset() + 1, after.offset());
                    // the group goes on after its committed offset: the record from after the restart is next
                    assertEquals("after", consumeInGroup(bootstrap, group, key).value());
                    assertEquals("before", TestKafka.readAt(bootstrap,
                        new TopicPartition(Infra.COMMANDS_TOPIC, before.partition()), before.offset()).value());
                }

                // ---- PostgreSQL: a row written before the restart is read after it, at the same URL -----------
                try (Connection db = DriverManager.getConnection(jdbc, "durak", "durak"); Statement st = db.createStatement()) {
                    st.execute("CREATE TABLE faults (id TEXT PRIMARY KEY, v TEXT NOT NULL)");
                    st.execute("INSERT INTO faults VALUES ('" + key + "', 'written before')");
                }
                String answer = c.send("restart postgres");
                assertTrue(answer.matches("ok \\d+"), answer);
                System.out.printf("[durak-deploy] PostgreSQL restarted on request: %s ms down%n", answer.substring(3));
                assertEquals(jdbc, infra.postgres().jdbcUrl());
                assertEquals("written before", select(jdbc, key));

                // ---- bad commands get a clear answer, and the connection stays usable ---------------------------
                assertEquals("error unknown command \"restart zookeeper\"; " + InfraControl.HELP, c.send("restart zookeeper"));
                assertEquals("error empty command; " + InfraControl.HELP, c.send("  "));
                assertEquals("ok 0", c.send("PING"));
            }
            assertTrue(console.isEmpty(), "a restart on request is no crash: " + console);

            // ---- the postmaster killed with SIGKILL comes back on the same port, with the row -------------------
            long pid = infra.postgres().postmasterPid();
            assertTrue(ProcessHandle.of(pid).orElseThrow().destroyForcibly());
            String first = console.poll(10, TimeUnit.SECONDS);
            assertEquals("PostgreSQL ended; restarting (restart 1 of 3 in 1 min) in 200 ms", first);
            String ready = awaitLine(console, "PostgreSQL ready again", Duration.ofSeconds(60));
            assertTrue(ready.startsWith("PostgreSQL ready again at " + jdbc + " (pid "), ready);
            assertNotEquals(pid, infra.postgres().postmasterPid());
            assertEquals("written before", select(jdbc, key));
            assertTrue(failures.isEmpty(), failures.toString());

            // ---- a fatal fault in the broker (Kafka asks to halt the JVM) is told instead ----------------------
            Exit.halt(7, "simulated fatal fault");
            String halted = failures.poll(5, TimeUnit.SECONDS);
            assertEquals("the Kafka broker at " + bootstrap + " failed (Kafka asked to halt the JVM with status 7:"
                + " simulated fatal fault)", halted);

            // ---- a broker that shuts down by itself is told too -------------------------------------------------
            infra.kafka().shutDownBehindItsBack();
            assertEquals("the Kafka broker at " + bootstrap + " shut down by itself", failures.poll(60, TimeUnit.SECONDS));
            assertTrue(!infra.kafka().isRunning());
        } finally {
            infra.stop();
        }
        assertTrue(!Files.exists(data.resolve(Infra.PROPERTIES_FILE)));
    }

    /** A client of the control port: one line out, one line back. */
    private static final class Control implements AutoCloseable {
        private final Socket socket;
        private final BufferedReader in;
        private final PrintWriter out;

        Control(int port) throws Exception {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setSoTimeout(180_000);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = new PrintWriter(socket.getOutputStream(), true, StandardCharsets.UTF_8);
        }

        String send(String line) throws Exception {
            out.print(line + "\n");
            out.flush();
            return in.readLine();
        }

        @Override
        public void close() throws Exception {
            socket.close();
        }
    }

    private static String awaitLine(BlockingQueue<String> lines, String prefix, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        StringBuilder seen = new StringBuilder();
        while (System.nanoTime() < deadline) {
            String l = lines.poll(1, TimeUnit.SECONDS);
            if (l != null && l.startsWith(prefix)) {
                return l;
            }
            if (l != null) {
                seen.append(l).append('\n');
            }
        }
        return fail("no line starting with " + prefix + " within " + timeout.toSeconds() + " s; saw:\n" + seen);
    }

    /** The group's next record with {@code key}, committed. */
    private static ConsumerRecord<String, String> consumeInGroup(String bootstrap, String group, String key) {
        try (KafkaConsumer<String, String> consumer = TestKafka.groupMember(bootstrap, group)) {
            consumer.subscribe(List.of(Infra.COMMANDS_TOPIC));
            ConsumerRecord<String, String> r = TestKafka.first(consumer, x -> key.equals(x.key()));
            if (r != null) {
                consumer.commitSync(java.util.Map.of(new TopicPartition(r.topic(), r.partition()),
                    new org.apache.kafka.clients.consumer.OffsetAndMetadata(r.offset() + 1)));
                return r;
            }
        }
        return fail("no record with key " + key + " for group " + group);
    }

    private static String select(String jdbc, String id) throws Exception {
        try (Connection c = DriverManager.getConnection(jdbc, "durak", "durak");
             PreparedStatement q = c.prepareStatement("SELECT v FROM faults WHERE id = ?")) {
            q.setString(1, id);
            try (ResultSet rs = q.executeQuery()) {
                assertTrue(rs.next(), "row " + id);
                return rs.getString(1);
            }
        }
    }
}
