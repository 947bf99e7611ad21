package online.durak.leaderboard;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
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
                .body("service", equalTo("leaderboard-service"))
                .body("version", equalTo("0.1.0-SNAPSHOT"));
    }

    @Test
    void metrics_areExposed() {
        given().when().get("/q/metrics")
                .then().statusCode(200);
    }

    @Test
    void errors_areTheSharedJsonErrors() {
        given().get("/api/nothing-here").then().statusCode(404).contentType(ContentType.JSON)
                .body("code", equalTo("NOT_FOUND")).body("message", equalTo("no such resource"));
        given().delete("/api/info").then().statusCode(405).body("code", equalTo("METHOD_NOT_ALLOWED"));
        given().get("/api/" + "x".repeat(5000)).then().statusCode(414).contentType(ContentType.JSON)
                .body("code", equalTo("URI_TOO_LONG"));
    }
}
