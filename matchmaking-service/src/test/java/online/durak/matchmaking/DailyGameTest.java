package online.durak.matchmaking;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/**
 * The daily game against the real Kafka, PostgreSQL and rules-service ({@link WithRulesService}): the tables it makes
 * are ordinary solo tables of the day's settings, the same deck orders for everyone, the first attempt counting.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(WithRulesService.class)
class DailyGameTest {

    record Player(String id, String token) {
        static Player fresh(String name) {
            String id = UUID.randomUUID().toString();
            return new Player(id, Tokens.token(id, name));
        }
    }

    static JsonPath play(Player p) {
        return given().auth().oauth2(p.token()).post("/api/daily").then().statusCode(201).extract().jsonPath();
    }

    static JsonPath today(Player p) {
        return given().auth().oauth2(p.token()).get("/api/daily").then().statusCode(200).extract().jsonPath();
    }

    /** The first deal's deck order, once the rules service has dealt it. */
    static String deckOrder(String tableId) {
        List<TableLog.Entry> log = QuickMatchTest.startedTable(tableId);
        return log.stream().filter(e -> e.type().equals("DealStarted")).findFirst().orElseThrow()
                .event().path("deckOrder").toString();
    }

    static JsonNode settings(String tableId) {
        return TableLog.of(tableId).get(0).event().path("rules");
    }

    @Test
    void twoPlayers_getTheSameDeckOrder_theFirstAttemptCounts_laterOnesArePractice() {
        String date = LocalDate.now(ZoneOffset.UTC).toString();
        Player ann = Player.fresh("Ann");
        Player bob = Player.fresh("Bob");
        JsonPath before = today(ann);
        assertEquals(date, before.getString("date"));
        assertEquals("UTC", before.getString("timeZone"));
        assertFalse(before.getBoolean("attempted"));
        assertFalse(before.getBoolean("practice"));
        assertNull(before.get("tableId"));

        JsonPath a = play(ann);
        JsonPath b = play(bob);
        assertEquals(date, a.getString("date"));
        assertFalse(a.getBoolean("practice"));
        assertFalse(b.getBoolean("practice"));
        assertNotEquals(a.getString("tableId"), b.getString("tableId"));
        String deck = deckOrder(a.getString("tableId"));
        assertEquals(deck, deckOrder(b.getString("tableId")), "the same cards for everyone that day");
        // an ordinary solo table of the day's settings: podkidnoi, 36 cards, three players, three deals, no clock
        JsonNode s = settings(a.getString("tableId"));
        assertEquals("PODKIDNOI", s.path("variant").asText());
        assertEquals(36, s.path("deck").asInt());
        assertEquals(3, s.path("players").asInt());
        assertEquals(3, s.path("dealsPerMatch").asInt());
        assertTrue(s.path("turnClock").isNull());
        assertEquals(date, s.path("daily").asText());
        assertFalse(s.path("practice").asBoolean());
        assertEquals(List.of(ann.id(), "bot:STRONG", "bot:STRONG"), TableLog.seats(TableLog.of(a.getString("tableId"))));

        // Ann again: practice, marked so in the answer and in the table's settings, on the same cards
        JsonPath again = play(ann);
        assertTrue(again.getBoolean("practice"));
        assertEquals(deck, deckOrder(again.getString("tableId")));
        assertTrue(settings(again.getString("tableId")).path("practice").asBoolean());
        JsonPath after = today(ann);
        assertTrue(after.getBoolean("attempted"));
        assertTrue(after.getBoolean("practice"));
        assertEquals(a.getString("tableId"), after.getString("tableId"), "the counting attempt's table");
        assertEquals(2, after.getInt("attempts"));
    }

    @Test
    void withoutAToken_orWithAnotherMethod_itIsA4xxWithAStableCode() {
        given().post("/api/daily").then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        given().get("/api/daily").then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        given().auth().oauth2("not-a-token").post("/api/daily").then().statusCode(401)
                .body("code", equalTo("UNAUTHORIZED"));
        Player p = Player.fresh("Cid");
        given().auth().oauth2(p.token()).delete("/api/daily").then().statusCode(405)
                .body("code", equalTo("METHOD_NOT_ALLOWED"));
        assertEquals(0, today(p).getInt("attempts"), "nothing was started");
    }

    @Test
    void aBodyOtherThanNoneOrAnEmptyObject_is400_andStartsNothing() {
        Player p = Player.fresh("Dora");
        for (String body : List.of("{\"players\":2}", "[]", "5", "\"x\"", "null", "{\"practice\":true}")) {
            given().auth().oauth2(p.token()).contentType("application/json").body(body).post("/api/daily")
                    .then().statusCode(400).body("code", equalTo("INVALID_REQUEST"))
                    .body("message", equalTo("body: must be empty or {} (the daily game has no settings: everyone "
                            + "plays the same)"));
        }
        given().auth().oauth2(p.token()).contentType("application/json").body("{").post("/api/daily")
                .then().statusCode(400).body("code", equalTo("INVALID_JSON"));
        given().auth().oauth2(p.token()).contentType("text/plain").body("{}").post("/api/daily")
                .then().statusCode(415).body("code", equalTo("UNSUPPORTED_MEDIA_TYPE"));
        assertEquals(0, today(p).getInt("attempts"), "nothing was started");
        given().auth().oauth2(p.token()).contentType("application/json").body("{}").post("/api/daily")
                .then().statusCode(201);
        assertEquals(1, today(p).getInt("attempts"));
    }
}
