package online.durak.table.it;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/**
 * The edge forwards the leaderboard's paths to the leaderboard service (here a stand-in that echoes what it got), as
 * they are: method, path, query, the caller's token, the service's own status and body; a service that is not there
 * is 503 UPSTREAM_UNAVAILABLE, never a bare 502 or a 500.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
@QuarkusTestResource(FakeLeaderboard.class)
class UpstreamTest {

    @Test
    void theBoard_isForwarded_withItsQueryAndTheCallersToken() {
        given().header("Authorization", "Bearer abc").queryParam("period", "week").queryParam("player", "p 1")
                .get("/api/leaderboard").then().statusCode(200)
                .body("method", equalTo("GET")).body("path", equalTo("/api/leaderboard"))
                .body("query", equalTo("period=week&player=p%201")).body("authorization", equalTo("Bearer abc"));
        given().get("/api/leaderboard/bots").then().statusCode(200).body("path", equalTo("/api/leaderboard/bots"))
                .body("query", nullValue());
    }

    @Test
    void aProfile_isForwarded_andTheServicesOwnErrorPassesThrough() {
        given().get("/api/players/anna").then().statusCode(200).body("path", equalTo("/api/players/anna"));
        given().get("/api/players/nobody").then().statusCode(404).body("code", equalTo("NO_SUCH_PLAYER"))
                .body("message", containsString("id:"));
    }

    @Test
    void chipsAndPots_areForwarded_butNeverTheInternalHolds() {
        given().header("Authorization", "Bearer abc").queryParam("page", "2").get("/api/me/chips").then()
                .statusCode(200).body("path", equalTo("/api/me/chips")).body("query", equalTo("page=2"))
                .body("authorization", equalTo("Bearer abc"));
        given().post("/api/me/chips/bonus").then().statusCode(200).body("method", equalTo("POST"))
                .body("path", equalTo("/api/me/chips/bonus"));
        given().get("/api/tables/t-1/pot").then().statusCode(200).body("path", equalTo("/api/tables/t-1/pot"));
        // the holds are the services' own: the edge has no such path
        given().contentType("application/json").body("{}").post("/internal/chips/holds").then().statusCode(404)
                .body("code", equalTo("NOT_FOUND"));
    }

    @Test
    void aServiceThatIsNotThere_is503_withAStableCode() {
        given().get("/api/gone/anything").then().statusCode(503).header("Retry-After", "5")
                .body("code", equalTo("UPSTREAM_UNAVAILABLE")).body("message", containsString("gone"));
    }

    @Test
    void anEventStream_isForwardedAsItIsWritten_notBufferedUntilItsEnd() throws Exception {
        var client = java.net.http.HttpClient.newHttpClient();
        var response = client.send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/api/quick-match/events"))
                .header("Accept", "text/event-stream").build(), java.net.http.HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, response.statusCode());
        assertEquals("text/event-stream", response.headers().firstValue("Content-Type").orElse(null));
        var lines = response.body().iterator();
        // the upstream holds the stream open until released: these lines can only come before its end
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(4), () -> {
            assertEquals("event: waiting", lines.next());
            assertEquals("data: {\"n\":1}", lines.next());
        });
        FakeLeaderboard.release();
        assertEquals("", lines.next());
        assertEquals("event: formed", lines.next());
    }

    @Test
    void theMostSpecificPath_wins_whicheverUpstreamHasIt() {
        // /api/daily/list is the leaderboard's, although matchmaking has /api/daily*
        given().queryParam("date", "2026-12-01").get("/api/daily/list").then().statusCode(200)
                .body("upstream", equalTo("leaderboard")).body("path", equalTo("/api/daily/list"))
                .body("query", equalTo("date=2026-12-01"));
        given().post("/api/daily").then().statusCode(200).body("upstream", equalTo("matchmaking"))
                .body("path", equalTo("/api/daily"));
        given().get("/api/quick-match").then().statusCode(200).body("upstream", equalTo("matchmaking"));
    }

    @Test
    void otherPaths_stayTheTableServices() {
        given().get("/api/info").then().statusCode(200).body("path", nullValue());
        given().get("/api/playersX").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
    }
}
