package online.durak.testkit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.http.ContentType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every service shows at its edges, the same way (durak-service): readiness and metrics on the management port
 * only, {@code /api/info}, the shared {@code {code, message}} errors also for what the framework answers itself, and a
 * control character in a path or a query parameter refused before anything is done. A service's
 * {@code @QuarkusTest} extends it and names itself and the metrics of its own.
 */
public abstract class ServiceEdgesContract {

    /** The service's name, as {@code /api/info} gives it. */
    protected abstract String service();

    /** Metric names the service must expose beside the framework's. */
    protected List<String> metrics() {
        return List.of();
    }

    /** Waits until the service can be ready (e.g. its consumers have their partitions); nothing by default. */
    protected void awaitReady() {
    }

    @Test
    void readiness_isUp() {
        awaitReady();
        Management.given().when().get("/q/health/ready")
                .then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void info_namesTheServiceAndVersion() {
        given().when().get("/api/info")
                .then().statusCode(200)
                .body("service", equalTo(service()))
                .body("version", equalTo("0.1.0-SNAPSHOT"));
    }

    @Test
    void metrics_areExposed() {
        awaitReady(); // a consumer's meters exist once it has started, whichever test runs first
        String body = Management.given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        for (String metric : metrics()) {
            org.hamcrest.MatcherAssert.assertThat(metric, body, containsString(metric));
        }
    }

    @Test
    void healthAndMetrics_areNotServedOnThePublicPort() {
        for (String path : List.of("/q/metrics", "/q/health", "/q/health/ready", "/q/health/live")) {
            given().get(path).then().statusCode(404).contentType(ContentType.JSON).body("code", equalTo("NOT_FOUND"));
        }
    }

    @Test
    void aControlCharacterInAPathOrParameter_is400_namingIt() {
        given().urlEncodingEnabled(false).get("/api/info%00x").then().statusCode(400).contentType(ContentType.JSON)
                .body("code", equalTo("INVALID_PATH"))
                .body("message", equalTo("the path must not hold a control character (U+0000 at character 10)"));
        given().urlEncodingEnabled(false).get("/api/info?page=1%1B").then().statusCode(400)
                .contentType(ContentType.JSON).body("code", equalTo("INVALID_PARAMETER"))
                .body("message", equalTo("page: must not hold a control character (U+001B at character 2)"));
    }

    @Test
    void errors_areTheSharedJsonErrors() {
        given().get("/api/nothing-here").then().statusCode(404).contentType(ContentType.JSON)
                .body("code", equalTo("NOT_FOUND")).body("message", equalTo("no such resource"));
        given().delete("/api/info").then().statusCode(405).contentType(ContentType.JSON)
                .body("code", equalTo("METHOD_NOT_ALLOWED"));
        given().get("/api/" + "x".repeat(5000)).then().statusCode(414).contentType(ContentType.JSON)
                .body("code", equalTo("URI_TOO_LONG"));
    }
}
