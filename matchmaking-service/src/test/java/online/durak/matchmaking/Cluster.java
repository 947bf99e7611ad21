package online.durak.matchmaking;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import online.durak.deploy.ServiceProcess;
import online.durak.messages.Codec;
import online.durak.testkit.TestTopicsResource;

/**
 * For the integration tests: topics of their own, the real rules-service, a stand-in leaderboard for ratings, and
 * instances of this service as built ({@code target/quarkus-app}), each a process as deploy starts it.
 */
final class Cluster implements AutoCloseable {
    static final Duration READY = Duration.ofSeconds(180);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final TestTopicsResource topics;
    private final Map<String, String> topicConfig;
    private final ServiceProcess rules;
    final FakeLeaderboard ratings;
    private final Map<String, String> env;
    final List<ServiceProcess> instances = new ArrayList<>();
    private final Path logs = Path.of("target", "service-logs").toAbsolutePath();

    Cluster(int instanceCount, Map<String, String> extraEnv) throws IOException {
        Path jar = Path.of("target", "quarkus-app", "quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the service is built first: " + jar.toAbsolutePath());
        }
        String prefix = TestTopicsResource.prefix("matchmaking-it");
        Map<String, String> names = Map.of("durak.kafka.topics.commands", prefix + ".commands",
                "durak.kafka.topics.replies", prefix + ".replies",
                "durak.kafka.topics.table-events", prefix + ".table-events");
        topics = new TestTopicsResource(names) {
        };
        topicConfig = topics.start();
        ratings = new FakeLeaderboard();
        env = new LinkedHashMap<>(RulesProcess.environment()); // the test key pair too: it signs for the chips
        env.put("DURAK_LEADERBOARD_URL", ratings.url());
        env.putAll(extraEnv);
        rules = RulesProcess.start(topicConfig, logs.resolve("rules-service-it.log"));
        List<CompletableFuture<ServiceProcess>> starting = new ArrayList<>();
        for (int i = 0; i < instanceCount; i++) {
            int n = i + 1;
            starting.add(CompletableFuture.supplyAsync(() -> launch(n, ServiceProcess.freePort())));
        }
        try {
            collect(starting);
        } catch (RuntimeException e) {
            close(); // the rules service and the topics too
            throw e;
        }
    }

    private ServiceProcess launch(int n, int port) {
        Path jar = Path.of("target", "quarkus-app", "quarkus-run.jar").toAbsolutePath();
        Map<String, String> props = new LinkedHashMap<>(topicConfig);
        props.put("durak.kafka.instance-id", "mm-it-" + n);
        // the machine these run on is shared and often loaded far beyond its cores: generous waits for the database
        props.put("durak.store.timeout", "60s");
        return ServiceProcess.start("matchmaking-service", jar, port, env, ServiceProcess.defaultJavaOpts(), props,
                logs.resolve("matchmaking-service-" + n + ".log")).awaitReady(READY);
    }

    /** Stops every instance (SIGTERM) and starts each again on its port. */
    void restartAll() {
        List<Integer> ports = instances.stream().map(ServiceProcess::port).toList();
        instances.forEach(i -> i.stop(Duration.ofSeconds(20)));
        instances.clear();
        List<CompletableFuture<ServiceProcess>> starting = new ArrayList<>();
        for (int i = 0; i < ports.size(); i++) {
            int n = i + 1;
            int port = ports.get(i);
            starting.add(CompletableFuture.supplyAsync(() -> launch(n, port)));
        }
        collect(starting);
    }

    /** The instances started; when one failed, the others are stopped too, so none outlives the test. */
    private void collect(List<CompletableFuture<ServiceProcess>> starting) {
        RuntimeException failed = null;
        for (CompletableFuture<ServiceProcess> f : starting) {
            try {
                instances.add(f.join());
            } catch (RuntimeException e) {
                failed = e;
            }
        }
        if (failed != null) {
            instances.forEach(i -> i.stop(Duration.ofSeconds(20)));
            instances.clear();
            throw failed;
        }
    }

    ServiceProcess instance(int i) {
        return instances.get(i % instances.size());
    }

    record Answer(int status, JsonNode body) {
    }

    static Answer call(ServiceProcess instance, String method, String token, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(instance.baseUrl() + "/api/quick-match"))
                .timeout(Duration.ofSeconds(120)).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json");
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        try {
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body().isEmpty() ? null : Codec.parse(r.body()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        instances.forEach(i -> i.stop(Duration.ofSeconds(20)));
        rules.stop(Duration.ofSeconds(20));
        ratings.close();
        topics.stop();
    }
}
