package online.durak.bot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(BotTopics.class)
class ServiceEdgesTest {

    @Test
    void readiness_isUp_onceTheConsumerHasItsPartitions() {
        Bus.awaitReady();
        given().when().get("/q/health/ready")
                .then().statusCode(200).body("status", equalTo("UP"))
                .body("checks.find { it.name == 'kafka-consumers' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'kafka-consumers' }.data.events", startsWith("UP "));
    }

    @Test
    void info_namesTheServiceAndVersion() {
        given().when().get("/api/info")
                .then().statusCode(200)
                .body("service", equalTo("bot-service"))
                .body("version", equalTo("0.1.0-SNAPSHOT"));
    }

    @Test
    void metrics_areExposed() {
        given().when().get("/q/metrics")
                .then().statusCode(200).body(containsString("durak_bot_tables"))
                .body(containsString("kafka_consumer_fetch_manager_records_lag_max")); // the bots' lag
    }
}
