package online.durak.table.it;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.net.URI;
import java.util.List;
import java.util.Map;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/**
 * The rate limits (docs/accounts.md "Rate limits") turned on with small allowances, each per minute so that no limiter
 * fills up again during a test: 429 RATE_LIMITED with Retry-After before anything is done, per token and per address;
 * on a table's WebSocket an error frame, then the close (1008) when the client goes on.
 */
@QuarkusTest
@TestProfile(RateLimitsTest.On.class)
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class RateLimitsTest extends WithFakeRules {

    public static class On implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("durak.rate-limits.enabled", "true",
                    "durak.rate-limits.guests.per-address", "4/1m",
                    "durak.rate-limits.tables.per-token", "2/1m",
                    "durak.rate-limits.moves.per-token", "2/1m",
                    "durak.rate-limits.frames.per-connection", "3/1m",
                    "durak.rate-limits.close-after", "2");
        }
    }

    @TestHTTPResource("/")
    URI base;

    private static void limited(Response r, String message) {
        r.then().statusCode(429).contentType(ContentType.JSON).body("code", equalTo("RATE_LIMITED"))
                .body("message", startsWith(message));
        long retryAfter = Long.parseLong(r.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 60, "within the minute: " + retryAfter);
    }

    @Test
    void limitsPerAddressPerTokenAndPerConnection() throws Exception {
        // guests per address: 4 in a minute (two were taken here, the fifth is refused and makes none)
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        It.guest("Carl");
        It.guest("Dora");
        limited(given().contentType(ContentType.JSON).body("{\"name\":\"Eve\"}").post("/api/guests"),
                "too many new guests from this address (at most 4 in 60 s)");

        // tables per token: the third is refused before it is read, Anna's limit is not Boris's
        String id = It.as(a).body("{\"settings\":{\"players\":2}}").post("/api/tables").then().statusCode(201)
                .extract().path("tableId");
        It.as(a).body("{\"settings\":{\"players\":9}}").post("/api/tables").then().statusCode(400);
        limited(It.as(a).body("{\"settings\":{\"players\":2}}").post("/api/tables"), "too many new tables from this token");
        It.as(b).body("{\"settings\":{\"players\":2}}").post("/api/tables").then().statusCode(201);

        // moves per token, over REST: refused moves count too (each would cost the rules service a decision)
        for (int i = 0; i < 2; i++) {
            It.as(b).body("{\"move\":{\"type\":\"take\"}}").post("/api/tables/" + id + "/moves").then()
                    .statusCode(org.hamcrest.Matchers.not(429));
        }
        limited(It.as(b).body("{\"move\":{\"type\":\"take\"}}").post("/api/tables/" + id + "/moves"),
                "too many moves from this token");

        // frames per connection: 3 answered, then an error frame, then the close after 2 refused in a row
        URI ws = URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/" + id + "/ws?token=" + a);
        try (WsClient c = WsClient.connect(ws)) {
            c.until("view");
            for (int i = 0; i < 3; i++) {
                c.send("{\"type\":\"ping\"}");
                c.until("pong");
            }
            c.send("{\"type\":\"ping\"}");
            List<JsonNode> got = c.until("error");
            JsonNode error = got.get(got.size() - 1);
            assertEquals("RATE_LIMITED", error.path("code").asText(), error.toString());
            c.send("{\"type\":\"ping\"}");
            long deadline = System.currentTimeMillis() + 10_000;
            while (c.closeCode() == null && System.currentTimeMillis() < deadline) {
                c.poll(100);
            }
            assertEquals(1008, c.closeCode());
        }
    }
}
