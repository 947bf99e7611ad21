package online.durak.table;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
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
                .body("service", equalTo("table-service"))
                .body("version", equalTo("0.1.0-SNAPSHOT"));
    }

    @Test
    void metrics_areExposed() {
        given().when().get("/q/metrics")
                .then().statusCode(200);
    }
}
