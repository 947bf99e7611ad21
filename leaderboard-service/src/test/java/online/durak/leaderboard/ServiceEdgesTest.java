package online.durak.leaderboard;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.ServiceEdgesContract;
import org.junit.jupiter.api.Test;
import online.durak.testkit.Management;

/** The service's edges: health (with its consumer), info, metrics and the shared JSON errors. */
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
}
