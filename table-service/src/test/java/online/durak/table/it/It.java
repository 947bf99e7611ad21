package online.durak.table.it;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import online.durak.testkit.Management;

/** Small helpers of the @QuarkusTest classes. */
final class It {
    private It() {
    }

    /** Waits until readiness is UP: the consumers have their partitions and the projections were rebuilt. */
    static void awaitReady() {
        long deadline = System.currentTimeMillis() + 90_000;
        int status = 0;
        while (System.currentTimeMillis() < deadline) {
            status = Management.given().get("/q/health/ready").statusCode();
            if (status == 200) {
                return;
            }
            Kafka.sleep(200);
        }
        throw new AssertionError("not ready within 90 s: " + Management.given().get("/q/health/ready").asString());
    }

    /** Signs in a guest: {playerId, name, token}. */
    static JsonPath guest(String name) {
        return given().contentType(ContentType.JSON).body("{\"name\":\"" + name + "\"}")
                .post("/api/guests").then().statusCode(201).extract().jsonPath();
    }

    static RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON);
    }
}
