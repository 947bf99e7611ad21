package online.durak.leaderboard;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.restassured.path.json.JsonPath;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.testkit.TestInfra;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import online.durak.service.auth.ServiceToken;
import online.durak.testkit.Management;

/** The rules service's side for these tests: table events published to the test topic, keyed by table id. */
public final class Feed implements AutoCloseable {
    private final KafkaProducer<String, byte[]> producer;

    public Feed() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.shared().bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        producer = new KafkaProducer<>(p);
    }

    public void publish(List<EventMessage> events) {
        try {
            for (EventMessage m : events) {
                producer.send(new ProducerRecord<>(LeaderboardTopics.EVENTS, m.tableId(), Codec.toBytes(m)))
                        .get(10, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            throw new IllegalStateException("publishing failed", e);
        }
    }

    /** Waits until readiness is UP: the consumer has joined its group and has its partitions. */
    public static void awaitReady() {
        await("readiness UP", () -> Management.given().get("/q/health/ready").statusCode() == 200);
    }

    /** An operator's service token: the only kind {@code /admin/*} takes. */
    public static final ServiceToken OPERATOR = new ServiceToken("durak-online", "operator");

    /** Starts a rebuild and waits for its end; its last status. */
    public static JsonPath rebuild() {
        given().auth().oauth2(OPERATOR.get()).post("/admin/rebuild").then().statusCode(202)
                .body("running", equalTo(true));
        await(Duration.ofMinutes(10), "the rebuild's end",
                () -> !given().auth().oauth2(OPERATOR.get()).get("/admin/rebuild").jsonPath().getBoolean("running"));
        JsonPath status = given().auth().oauth2(OPERATOR.get()).get("/admin/rebuild").then().statusCode(200)
                .extract().jsonPath();
        assertNull(status.get("error"));
        return status;
    }

    public static void await(String what, BooleanSupplier done) {
        await(Duration.ofSeconds(60), what, done);
    }

    public static void await(Duration wait, String what, BooleanSupplier done) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted");
            }
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(2));
    }
}
