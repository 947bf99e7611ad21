package online.durak.matchmaking;

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

/**
 * The service's edges: health, info, metrics (its own among them), the shared JSON errors, and its own OpenAPI document
 * (which the edge's /q/openapi takes in).
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(WithRulesService.class)
class ServiceEdgesTest extends ServiceEdgesContract {
    @Override
    protected String service() {
        return "matchmaking-service";
    }

    @Override
    protected List<String> metrics() {
        return List.of("durak_matchmaking_tables_formed_total", "durak_matchmaking_tickets_dropped_total",
                "durak_matchmaking_tables_refused_total", "durak_matchmaking_wait_seconds");
    }

    @Test
    void theOpenApiDocument_listsEveryResourcesPaths_eachErrorDescribedByItsCodes() {
        Set<String> resources = OpenApiDocument.resourceOperations(Path.of("target/classes"), InfoResource.class);
        assertTrue(resources.containsAll(List.of("POST /api/quick-match", "GET /api/quick-match",
                "DELETE /api/quick-match", "POST /api/quick-match/heartbeat", "GET /api/quick-match/events",
                "GET /api/daily", "POST /api/daily")), "found: " + resources);
        OpenApiDocument doc = OpenApiDocument.served();
        assertEquals(resources, doc.operations());
        assertEquals(List.of(), doc.undescribedErrors(ErrorCodes::describe));
    }
}
