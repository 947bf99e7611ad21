package online.durak.system;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import online.durak.client.Api;
import online.durak.deploy.Haproxy;
import online.durak.deploy.ServiceProcess;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Two more table-service instances, the edges, behind HAProxy as {@code deploy/start.sh --edges 2} runs them
 * ({@link Haproxy}'s configuration), beside {@link SystemUnderTest}'s services (its rules, bot, leaderboard and
 * matchmaking services serve them too). The two form a share group of their own, so they split the partitions of
 * {@code durak.table-events} between them whatever the other table-service instance does. Started once per test JVM
 * by the first class that uses it (after {@link SystemUnderTest}: {@code @ExtendWith({SystemUnderTest.class,
 * TwoEdges.class})}).
 */
public final class TwoEdges implements BeforeAllCallback {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(180);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private static Running running;

    @Override
    public void beforeAll(ExtensionContext context) {
        start();
    }

    private static synchronized void start() {
        if (running == null) {
            running = Running.start();
            Runtime.getRuntime().addShutdownHook(new Thread(running::close, "system-tests-edges-stop"));
        }
    }

    static synchronized Running running() {
        if (running == null) {
            throw new IllegalStateException("@ExtendWith(TwoEdges.class) is missing");
        }
        return running;
    }

    /** GET a URL (with a bearer token unless null): its status, body and the edge HAProxy sent it to ({@code Durak-Edge}; empty when not through it). */
    record Answer(int status, String body, String edge) {
    }

    static Answer get(String url, String token) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).GET();
            if (token != null) {
                b.header("Authorization", "Bearer " + token);
            }
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body(), r.headers().firstValue("Durak-Edge").orElse(""));
        } catch (java.io.IOException e) {
            return new Answer(-1, e.toString(), "");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The two edges (by their HAProxy server names {@code edge-1}, {@code edge-2}) and HAProxy. */
    record Running(List<ServiceProcess> edges, ServiceProcess haproxy) implements AutoCloseable {

        static Running start() {
            long t0 = System.nanoTime();
            Map<String, String> env = SystemUnderTest.environment(SystemUnderTest.running().ports());
            Map<String, String> group = Map.of("durak.kafka.consumers.share.group", "table-service-edges-" + UUID.randomUUID());
            List<ServiceProcess> edges = new ArrayList<>();
            List<Haproxy.Edge> servers = new ArrayList<>();
            ServiceProcess haproxy = null;
            try {
                List<Integer> taken = new ArrayList<>();
                for (int k = 1; k <= 2; k++) {
                    int port = free(taken);
                    int management = free(taken);
                    String name = "edge-" + k;
                    edges.add(ServiceProcess.start(name, ServiceProcess.jarOf(SystemUnderTest.home(), "table-service"),
                            port, management, env, ServiceProcess.defaultJavaOpts(), group,
                            SystemUnderTest.logDir().resolve(name + ".log")));
                    servers.add(new Haproxy.Edge(name, port, management));
                }
                CompletableFuture.allOf(edges.stream()
                        .map(s -> CompletableFuture.runAsync(() -> s.awaitReady(READY_TIMEOUT)))
                        .toArray(CompletableFuture[]::new)).join();
                int port = free(taken);
                int management = free(taken);
                var cfg = Haproxy.writeConfig(SystemUnderTest.logDir().resolveSibling("haproxy"), port, management,
                        servers);
                haproxy = ServiceProcess.run(Haproxy.NAME, Haproxy.command(cfg), cfg.getParent(), port, management,
                        Map.of(), SystemUnderTest.logDir().resolve("haproxy.log"));
                haproxy.awaitReady(READY_TIMEOUT);
                Running r = new Running(edges, haproxy);
                r.awaitShared();
                System.err.printf("[system-tests] edges %s behind HAProxy :%d ready in %d ms%n",
                        edges.stream().map(e -> e.name() + " :" + e.port()).toList(), port,
                        (System.nanoTime() - t0) / 1_000_000);
                return r;
            } catch (RuntimeException e) {
                edges.forEach(s -> s.stop(Duration.ofSeconds(10)));
                if (haproxy != null) {
                    haproxy.stop(Duration.ofSeconds(5));
                }
                throw e;
            }
        }

        private static int free(List<Integer> taken) {
            int port = ServiceProcess.freePort(taken.stream().mapToInt(Integer::intValue).toArray());
            taken.add(port);
            return port;
        }

        /** Until every partition is one edge's, and HAProxy has asked them (it does every second). */
        private void awaitShared() {
            long end = System.nanoTime() + READY_TIMEOUT.toNanos();
            while (System.nanoTime() < end) {
                Set<String> owned = new HashSet<>();
                int partitions = -1;
                boolean both = true;
                for (ServiceProcess e : edges) {
                    Share s = share(e);
                    both &= !s.owned().isEmpty();
                    owned.addAll(s.owned());
                    partitions = Math.max(partitions, s.partitions());
                }
                if (both && owned.size() == partitions) {
                    sleep(2500);
                    return;
                }
                sleep(250);
            }
            throw new IllegalStateException("the two edges did not share the partitions: "
                    + edges.stream().map(Running::share).toList());
        }

        /** An edge's {@code GET /api/edge}. */
        static Share share(ServiceProcess edge) {
            Answer a = get(edge.baseUrl() + "/api/edge", null);
            int partitions = 0;
            List<String> owned = List.of();
            for (String line : a.status() == 200 ? a.body().split("\n") : new String[0]) {
                if (line.startsWith("partitions ")) {
                    partitions = Integer.parseInt(line.substring(11).trim());
                } else if (line.startsWith("owned")) {
                    String rest = line.substring(5).trim();
                    owned = rest.isEmpty() ? List.of() : List.of(rest.split(" "));
                }
            }
            return new Share(edge.name(), partitions, owned);
        }

        Api api() {
            return new Api(haproxy.baseUrl());
        }

        ServiceProcess edge(String name) {
            return edges.stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
        }

        ServiceProcess other(String name) {
            return edges.stream().filter(e -> !e.name().equals(name)).findFirst().orElseThrow();
        }

        @Override
        public void close() {
            List<ServiceProcess> all = new ArrayList<>(edges);
            all.add(haproxy);
            all.forEach(s -> s.process().destroy());
            all.forEach(s -> s.stop(Duration.ofSeconds(20)));
        }
    }

    /** What an edge says of its share. */
    record Share(String edge, int partitions, List<String> owned) {
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
