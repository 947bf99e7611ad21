package online.durak.leaderboard;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import online.durak.service.api.ErrorCodes;
import online.durak.service.api.InfoResource;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.OpenApiDocument;
import online.durak.testkit.ServiceEdgesContract;
import org.junit.jupiter.api.Test;
import online.durak.testkit.Management;

/**
 * The service's edges: health (with its consumer), info, metrics, the shared JSON errors, and its own OpenAPI document
 * (the public part of which the edge's /q/openapi takes in).
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(LeaderboardTopics.class)
class ServiceEdgesTest extends ServiceEdgesContract {
    @Override
    protected String service() {
        return "leaderboard-service";
    }

    @Override
    protected List<String> metrics() {
        return List.of("durak_leaderboard_matches_total", "durak_leaderboard_lag_seconds",
                "durak_kafka_records_total", "kafka_consumer_fetch_manager_records_lag_max");
    }

    @Override
    protected void awaitReady() {
        Feed.awaitReady();
    }

    @Test
    void readiness_includesTheConsumer_onceItHasItsPartitions() {
        Feed.awaitReady();
        Management.given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("checks.find { it.name == 'kafka-consumers' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'kafka-consumers' }.data.events", startsWith("UP "));
    }

    @Test
    void theOpenApiDocument_listsEveryResourcesPaths_eachErrorDescribedByItsCodes() {
        Set<String> resources = OpenApiDocument.resourceOperations(Path.of("target/classes"), InfoResource.class);
        assertTrue(resources.containsAll(List.of("GET /api/leaderboard", "GET /api/leaderboard/bots",
                "GET /api/players/{id}", "GET /api/me/chips", "POST /api/me/chips/bonus", "GET /api/tables/{id}/pot",
                "GET /api/daily/list", "POST /internal/chips/holds", "POST /admin/rebuild")), "found: " + resources);
        OpenApiDocument doc = OpenApiDocument.served();
        assertEquals(resources, doc.operations());
        assertEquals(List.of(), doc.undescribedErrors(ErrorCodes::describe));
    }
}
