package online.durak.bot;

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

@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(BotTopics.class)
class ServiceEdgesTest extends ServiceEdgesContract {
    @Override
    protected String service() {
        return "bot-service";
    }

    @Override
    protected List<String> metrics() {
        return List.of("durak_bot_tables", "kafka_consumer_fetch_manager_records_lag_max"); // the bots' lag
    }

    @Override
    protected void awaitReady() {
        Bus.awaitReady();
    }

    @Test
    void readiness_includesTheConsumer_onceItHasItsPartitions() {
        Bus.awaitReady();
        Management.given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("checks.find { it.name == 'kafka-consumers' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'kafka-consumers' }.data.events", startsWith("UP "));
    }
}
