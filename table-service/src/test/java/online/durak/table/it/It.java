package online.durak.table.it;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    /** Every table of the lobby (following its pages), each as GET /api/tables writes it; {@code query} filters. */
    static List<Map<String, Object>> lobby(String token, String query) {
        List<Map<String, Object>> all = new ArrayList<>();
        String after = "";
        do {
            JsonPath page = as(token).get("/api/tables?limit=50" + (query.isEmpty() ? "" : "&" + query)
                    + (after.isEmpty() ? "" : "&after=" + after)).then().statusCode(200).extract().jsonPath();
            all.addAll(page.getList("tables"));
            after = page.getString("next") == null ? "" : page.getString("next");
        } while (!after.isEmpty());
        return all;
    }

    /** The ids of every open table of the lobby. */
    static List<String> lobbyIds(String token) {
        return lobby(token, "").stream().map(t -> (String) t.get("tableId")).toList();
    }

    static RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON);
    }
}
