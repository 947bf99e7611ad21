package online.durak.table.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * More commands in flight than the service has worker threads, each needing a worker thread to complete (its
 * events reach the store only, so the projection catches up from the store on the worker pool once its wait is
 * over): every one is answered. A resource that waited for its command on the worker thread held all of them
 * while the catch-ups queued behind, and none was ever answered (load.sh --tables 200 --think-ms 2000).
 */
@QuarkusTest
@TestProfile(FewWorkersTest.FewWorkers.class)
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class FewWorkersTest {
    static final int WORKERS = 3;

    public static class FewWorkers implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.thread-pool.max-threads", String.valueOf(WORKERS),
                    "quarkus.thread-pool.core-threads", "1",
                    "durak.projection.timeout", "500ms");
        }
    }

    private static FakeRules rules;

    @Inject
    TestStore store;

    @TestHTTPResource("/")
    URI base;

    @AfterAll
    static void tearDown() {
        if (rules != null) {
            rules.close();
            rules = null;
        }
    }

    @Test
    void moreCommandsThanWorkerThreads_areAllAnswered() {
        It.awaitReady();
        rules = new FakeRules(store);
        int commands = 4 * WORKERS;
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < commands; i++) {
            tokens.add(It.guest("Anna").getString("token"));
        }
        rules.holdBackEvents.set(commands);
        HttpClient http = HttpClient.newHttpClient();
        List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
        for (String token : tokens) {
            // a bound for a deadlock, not a timing: each answer takes about durak.projection.timeout
            HttpRequest create = HttpRequest.newBuilder(base.resolve("/api/tables")).timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"settings\":{\"players\":2}}")).build();
            sent.add(http.sendAsync(create, HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> f : sent) {
            HttpResponse<String> r = f.join();
            assertEquals(201, r.statusCode(), r.body());
        }
        assertEquals(0, rules.holdBackEvents.get(), "every create's events reached the store only");
    }
}
