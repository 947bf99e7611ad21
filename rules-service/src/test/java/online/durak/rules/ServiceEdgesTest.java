package online.durak.rules;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
class ServiceEdgesTest {

    @Test
    void readiness_isUp() {
        given().when().get("/q/health/ready")
                .then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void info_namesTheServiceAndVersion() {
        given().when().get("/api/info")
                .then().statusCode(200)
                .body("service", equalTo("rules-service"))
                .body("version", equalTo("0.1.0-SNAPSHOT"));
    }

    @Test
    void metrics_areExposed() {
        given().when().get("/q/metrics")
                .then().statusCode(200)
                .body(containsString("durak_rules_commands_total"))
                .body(containsString("durak_rules_decide_commit_seconds"))
                // the Kafka clients' own: how far behind the commands each consumer is, the producer's latency
                .body(containsString("kafka_consumer_fetch_manager_records_lag_max"))
                .body(containsString("kafka_producer_request_latency_avg"));
    }
}
