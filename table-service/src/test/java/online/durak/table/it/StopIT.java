package online.durak.table.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import online.durak.engine.Rules;
import online.durak.engine.table.TableCommand;
import online.durak.messages.Codec;
import online.durak.table.Script;
import online.durak.testkit.TestEventStore;
import online.durak.testkit.TestInfra;
import online.durak.testkit.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * The built service ({@code target/quarkus-app}, as deploy starts it) stopped with SIGTERM while a WebSocket is open
 * and a command is in flight (on a commands topic nobody answers): the socket is closed with 1001, the command is still
 * answered (504 RULES_TIMEOUT after {@code durak.rules.timeout}, not cut off), a command sent during the stop is
 * refused at once (503 SERVICE_STOPPING), reads are still served, and the process ends without an ERROR line (it used
 * to wait out {@code quarkus.shutdown.timeout} and log "Timed out waiting for graceful shutdown"). Run by failsafe
 * after the package phase, against the build's shared Kafka and PostgreSQL.
 */
class StopIT {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void sigterm_closesSockets_answersWhatIsInFlight_andStopsWithoutAnError() throws Exception {
        Path jar = Path.of("target", "quarkus-app", "quarkus-run.jar");
        assertTrue(Files.isRegularFile(jar), "the service is built: " + jar.toAbsolutePath());
        TestInfra infra = TestInfra.shared();
        TestTopics topics = new TestTopics();
        Map<String, String> topicConfig = topics.start();
        Path log = Path.of("target", "stop-it", "table-service.log");
        Files.createDirectories(log.getParent());
        int port = freePort();
        int managementPort = freePort();
        String base = "http://127.0.0.1:" + port;
        String management = "http://127.0.0.1:" + managementPort; // health and metrics
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC", "-Dquarkus.http.port=" + port,
                "-Dquarkus.management.port=" + managementPort,
                "-Ddurak.kafka.topics.commands=" + topicConfig.get("durak.kafka.topics.commands"),
                "-Ddurak.kafka.topics.replies=" + topicConfig.get("durak.kafka.topics.replies"),
                "-Ddurak.rules.timeout=4s", "-jar", jar.toString());
        pb.environment().putAll(Map.of("DURAK_KAFKA", infra.bootstrapServers(),
                "DURAK_PG_REACTIVE_URL", infra.reactiveUrl(), "DURAK_PG_JDBC_URL", infra.jdbcUrl(),
                "DURAK_PG_USER", infra.user(),
                "DURAK_PG_PASSWORD", infra.password()));
        pb.environment().putAll(TestKeys.environment()); // the tests' own key pair
        pb.redirectErrorStream(true).redirectOutput(log.toFile());
        Process service = pb.start();
        Vertx vertx = Vertx.vertx();
        try {
            awaitReady(management, service);
            JsonNode guest = Codec.parse(post(base + "/api/guests", null, "{\"name\":\"Anna\"}").body());
            String token = guest.get("token").textValue();
            String tableId = "stop-" + UUID.randomUUID();
            Pool pool = Pool.newInstance(PgBuilder.pool().connectingTo(PgConnectOptions.fromUri(infra.reactiveUrl())
                    .setUser(infra.user()).setPassword(infra.password())).using(vertx.getDelegate()).build());
            new TestEventStore(pool).insert(new Script(tableId)
                    .run(new TableCommand.Create(guest.get("playerId").textValue(), "Anna", Rules.defaults(2))).messages);
            pool.closeAndAwait();

            try (WsClient ws = WsClient.connect(URI.create("ws://127.0.0.1:" + port + "/api/tables/" + tableId
                    + "/ws?token=" + token))) {
                assertEquals("view", ws.next().get("type").textValue());
                CompletableFuture<HttpResponse<String>> inFlight = postAsync(base + "/api/tables", token,
                        "{\"settings\":{\"players\":2},\"commandId\":\"in-flight\"}");
                awaitPending(management); // published, waiting for a reply that does not come

                service.destroy(); // SIGTERM
                Integer code = null;
                for (int i = 0; i < 100 && code == null; i++) {
                    Kafka.sleep(50);
                    code = ws.closeCode();
                }
                assertEquals(1001, code, "the WebSocket is closed with 1001 (going away)");
                HttpResponse<String> late = post(base + "/api/tables", token,
                        "{\"settings\":{\"players\":2},\"commandId\":\"late\"}");
                assertEquals(503, late.statusCode(), late.body());
                assertEquals("SERVICE_STOPPING", Codec.parse(late.body()).get("code").textValue());
                assertEquals(200, get(base + "/api/tables/" + tableId, token).statusCode(), "reads go on");

                HttpResponse<String> answered = inFlight.get(20, TimeUnit.SECONDS);
                assertEquals(504, answered.statusCode(), answered.body());
                assertEquals("RULES_TIMEOUT", Codec.parse(answered.body()).get("code").textValue());
            }
            assertTrue(service.waitFor(30, TimeUnit.SECONDS), "the service stops");
            List<String> lines = Files.readAllLines(log);
            assertTrue(lines.stream().anyMatch(l -> l.contains("stopping: 1 WebSocket(s) closed (1001), 1 request(s) "
                    + "in flight")), String.join("\n", lines));
            assertTrue(lines.stream().anyMatch(l -> l.contains("table-service stopped in")), String.join("\n", lines));
            assertFalse(lines.stream().anyMatch(l -> l.contains(" ERROR ")), String.join("\n", lines));
        } finally {
            service.destroyForcibly();
            vertx.closeAndAwait();
            topics.stop();
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void awaitReady(String base, Process service) throws Exception {
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            assertTrue(service.isAlive(), "the service exited at start; see target/stop-it/table-service.log");
            try {
                if (get(base + "/q/health/ready", null).statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException e) {
                // not listening yet
            }
            Kafka.sleep(300);
        }
        throw new AssertionError("not ready within 120 s; see target/stop-it/table-service.log");
    }

    private static HttpRequest.Builder request(String url, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json");
        return token == null ? b : b.header("Authorization", "Bearer " + token);
    }

    /** Until the service holds a sent command without its reply (its gauge), so the stop finds it in flight. */
    private static void awaitPending(String base) throws Exception {
        for (int i = 0; i < 400; i++) {
            String metrics = get(base + "/q/metrics", null).body();
            if (metrics.lines().anyMatch(l -> l.startsWith("durak_commands_pending") && !l.endsWith(" 0.0"))) {
                return;
            }
            Kafka.sleep(50);
        }
        throw new AssertionError("the command was never sent: durak_commands_pending stayed 0");
    }

    private static HttpResponse<String> get(String url, String token) throws Exception {
        return HTTP.send(request(url, token).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String url, String token, String body) throws Exception {
        return HTTP.send(request(url, token).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static CompletableFuture<HttpResponse<String>> postAsync(String url, String token, String body) {
        return HTTP.sendAsync(request(url, token).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
