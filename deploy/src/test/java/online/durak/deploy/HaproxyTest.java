package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real HAProxy with the launcher's configuration in front of two small HTTP servers that answer as edges do
 * ({@code GET /api/edge}, readiness on a port of their own, and every other path with their name): a table's request
 * reaches the edge that owns the partition Kafka's producer picks for the table's id; other paths go to either; when
 * the owner is gone its tables go to the other.
 */
class HaproxyTest {
    private static final int PARTITIONS = 12;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final List<HttpServer> servers = new ArrayList<>();
    /** How long every edge takes to answer its readiness check (a busy machine), in ms. */
    private volatile long slowReadiness;
    private ServiceProcess haproxy;

    /** An edge that owns {@code owned}: its HTTP server and its management server. */
    private Haproxy.Edge edge(String name, List<Integer> owned) throws IOException {
        HttpServer api = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        String share = "instance " + name + "\npartitions " + PARTITIONS + "\nowned"
            + owned.stream().map(p -> " " + p).collect(Collectors.joining()) + "\n";
        api.createContext("/", x -> {
            byte[] body = (x.getRequestURI().getPath().equals("/api/edge") ? share : name)
                .getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        HttpServer management = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        management.createContext("/q/health/ready", x -> {
            try {
                Thread.sleep(slowReadiness);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            x.sendResponseHeaders(200, -1);
            x.close();
        });
        api.start();
        management.start();
        servers.add(api);
        servers.add(management);
        return new Haproxy.Edge(name, api.getAddress().getPort(), management.getAddress().getPort());
    }

    @AfterEach
    void stop() {
        if (haproxy != null) {
            haproxy.stop(Duration.ofSeconds(5));
        }
        servers.forEach(s -> s.stop(0));
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET()
            .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url + ": " + r.body());
        assertEquals(r.body(), r.headers().firstValue("Durak-Edge").orElse(""), "the header names the edge");
        return r.body();
    }

    @Test
    void aTablesRequestsReachTheEdgeThatOwnsItsPartition_asKafkaPartitionsTheId(@TempDir Path dir) throws Exception {
        List<Integer> even = IntStream.range(0, PARTITIONS).filter(p -> p % 2 == 0).boxed().toList();
        List<Integer> odd = IntStream.range(0, PARTITIONS).filter(p -> p % 2 == 1).boxed().toList();
        Haproxy.Edge a = edge("edge-a", even);
        Haproxy.Edge b = edge("edge-b", odd);
        int port = ServiceProcess.freePort();
        int management = ServiceProcess.freePort(port);
        Path cfg = Haproxy.writeConfig(dir, port, management, List.of(a, b));
        haproxy = ServiceProcess.run(Haproxy.NAME, Haproxy.command(cfg), dir, port, management, Map.of(),
            dir.resolve("haproxy.log"));
        haproxy.awaitReady(Duration.ofSeconds(30));
        String base = "http://127.0.0.1:" + port;
        // ids of every length remainder (murmur2's tail), and UUIDs as the service makes them
        List<String> ids = new ArrayList<>(List.of("a", "ab", "abc", "abcd", "abcde"));
        for (int i = 0; i < 40; i++) {
            ids.add(UUID.randomUUID().toString());
        }
        Thread.sleep(1500); // the Lua asks the edges for their shares every second
        int toA = 0;
        for (String id : ids) {
            int partition = Utils.toPositive(Utils.murmur2(id.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
            String owner = even.contains(partition) ? "edge-a" : "edge-b";
            String path = "/api/tables/" + java.net.URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
            for (String p : List.of(path, path + "/view", path + "/ws")) {
                assertEquals(owner, get(base + p), id + " (partition " + partition + ") " + p);
            }
            toA += owner.equals("edge-a") ? 1 : 0;
        }
        assertTrue(toA > 0 && toA < ids.size(), "both edges own some of the ids");
        List<String> others = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            others.add(get(base + "/api/lobby"));
        }
        assertTrue(others.contains("edge-a") && others.contains("edge-b"), "anything else round robin: " + others);

        // a busy machine: the readiness checks take 1.5 s (longer than their interval) for several checks, and every
        // table stays with its owner (one slow check moved an edge's tables to the other before)
        slowReadiness = 1500;
        Thread.sleep(5000);
        for (String id : ids) {
            int partition = Utils.toPositive(Utils.murmur2(id.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
            assertEquals(even.contains(partition) ? "edge-a" : "edge-b",
                get(base + "/api/tables/" + java.net.URLEncoder.encode(id, StandardCharsets.UTF_8)), "slow, not down");
        }
        slowReadiness = 0;

        // the owner of the even partitions goes away: its tables are served by the other at once
        servers.get(0).stop(0);
        servers.get(1).stop(0);
        Thread.sleep(2500);
        for (String id : ids) {
            assertEquals("edge-b", get(base + "/api/tables/" + java.net.URLEncoder.encode(id, StandardCharsets.UTF_8)));
        }
        assertEquals("200", String.valueOf(HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management
            + "/q/health/ready")).GET().build(), HttpResponse.BodyHandlers.discarding()).statusCode()),
            "ready while one edge is");
    }
}
