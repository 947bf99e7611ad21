package online.durak.table.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.net.URI;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import online.durak.messages.Codec;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/**
 * Spectators (docs/websocket.md): a person without a seat at a running table that may be watched gets the public view
 * over REST and live over the table's socket, and can do nothing there; at any other table 403 NOT_SEATED (4403).
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class SpectatorsTest extends WithFakeRules {
    /** The fields of a deal every seat's view and the public view show alike. */
    private static final List<String> PUBLIC = List.of("phase", "toAct", "attacker", "defender", "handSizes", "known",
            "table", "trump", "trumpCard", "stockCount", "discardCount", "discard", "trumpsInPlay", "boutsPlayed",
            "out", "roomLeft", "stillToCome", "passed", "durak", "points");

    @TestHTTPResource("/")
    URI base;

    private URI ws(String tableId, String token) {
        return URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/" + tableId + "/ws?token=" + token);
    }

    private static String running(String a, String b, String settings) {
        String id = It.as(a).body("{\"settings\":" + settings + "}").post("/api/tables").then().statusCode(201)
                .extract().jsonPath().getString("tableId");
        It.as(b).post("/api/tables/" + id + "/join").then().statusCode(200);
        It.as(a).post("/api/tables/" + id + "/start").then().statusCode(200);
        return id;
    }

    /** Views by seq from a connection's frames (view and event frames), until the one of {@code untilSeq}. */
    private static void collect(WsClient ws, Map<Long, JsonNode> views, long untilSeq) {
        while (!views.containsKey(untilSeq)) {
            JsonNode f = ws.next();
            if (f.path("view").isObject()) {
                views.put(f.get("seq").longValue(), f.get("view"));
            }
        }
    }

    @Test
    void aPersonWithoutASeat_watchesTheRunningTable_seeingWhatEverySeatSeesButNoHand() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String c = It.guest("Carl").getString("token");
        String id = running(a, b, "{\"players\":2,\"dealsPerMatch\":3,\"turnClock\":null}");
        String t = "/api/tables/" + id;

        JsonPath rest = It.as(c).get(t + "/view").then().statusCode(200).extract().jsonPath();
        assertEquals(-1, rest.getInt("seat"));
        assertEquals("PLAYING", rest.getString("table.status"));
        assertEquals("Anna", rest.getString("table.seats[0].name"), "the seats' names");
        assertNull(rest.get("deal.hand"));
        assertNull(rest.get("deal.hands"));
        assertEquals(List.of(), rest.getList("deal.legalMoves"));
        JsonNode events = Codec.parse(It.as(c).get(t + "/events").asString());
        assertEquals(-1, events.get("seat").intValue());
        for (JsonNode e : events.get("events")) {
            assertFalse(e.get("event").has("hand"), e.toString());
            assertFalse(e.get("event").has("deckOrder"), e.toString());
        }

        Map<Long, JsonNode> anna = new HashMap<>();
        Map<Long, JsonNode> boris = new HashMap<>();
        Map<Long, JsonNode> carl = new HashMap<>();
        try (WsClient wa = WsClient.connect(ws(id, a)); WsClient wb = WsClient.connect(ws(id, b))) {
            wa.next();
            wb.next();
            try (WsClient wc = WsClient.connect(ws(id, c))) {
                JsonNode first = wc.next();
                assertEquals("view", first.get("type").textValue());
                assertEquals(1, first.at("/view/table/spectators").intValue(), "counting itself");
                for (WsClient seated : List.of(wa, wb)) {
                    JsonNode told = seated.next();
                    assertEquals("spectators", told.get("type").textValue(), told.toString());
                    assertEquals(1, told.get("count").intValue());
                }
                assertEquals(1, It.as(a).get(t + "/view").then().extract().jsonPath().getInt("table.spectators"));

                // the spectator can do nothing here
                wc.send("{\"type\":\"move\",\"commandId\":\"c1\",\"move\":{\"type\":\"take\"}}");
                JsonNode refused = wc.next();
                assertEquals("NOT_SEATED", refused.get("code").textValue(), refused.toString());
                It.as(c).body("{\"commandId\":\"c2\",\"move\":{\"type\":\"take\"}}").post(t + "/moves").then()
                        .statusCode(403).body("code", org.hamcrest.Matchers.equalTo("NOT_SEATED"));
                It.as(c).post(t + "/continue").then().statusCode(403);
                It.as(c).get(t + "/replay?deal=1").then().statusCode(409)
                        .body("code", org.hamcrest.Matchers.equalTo("DEAL_RUNNING"));

                // moves: each seq's public view is every seat's view of it without the seat's hand
                long last = 0;
                for (int i = 0; i < 12; i++) {
                    JsonPath v = It.as(a).get(t + "/view").then().extract().jsonPath();
                    if (!v.getBoolean("match.dealRunning")) {
                        break;
                    }
                    String mover = v.getInt("deal.toAct") == 0 ? a : b;
                    JsonNode own = Codec.parse(It.as(mover).get(t + "/view").asString());
                    last = It.as(mover).body("{\"commandId\":\"s" + i + "\",\"move\":" + own.at("/deal/legalMoves/0")
                            + "}").post(t + "/moves").then().statusCode(200).extract().jsonPath().getLong("seq");
                }
                collect(wa, anna, last);
                collect(wb, boris, last);
                collect(wc, carl, last);
                assertTrue(carl.size() > 5, "one view per event: " + carl.keySet());
                for (Map.Entry<Long, JsonNode> e : carl.entrySet()) {
                    JsonNode pub = e.getValue();
                    assertEquals(-1, pub.get("seat").intValue());
                    JsonNode deal = pub.get("deal");
                    assertTrue(deal.get("seat").isNull());
                    assertFalse(deal.has("hand") || deal.has("hands"), deal.toString());
                    assertEquals(0, deal.get("legalMoves").size());
                    for (Map<Long, JsonNode> seat : List.of(anna, boris)) {
                        JsonNode own = seat.get(e.getKey());
                        assertNotNull(own, "a seat's view at seq " + e.getKey());
                        for (String field : PUBLIC) {
                            assertEquals(own.get("deal").get(field), deal.get(field), field + " at seq " + e.getKey());
                        }
                        Set<String> hidden = new HashSet<>();
                        own.get("deal").get("hand").forEach(card -> hidden.add(card.textValue()));
                        deal.get("known").forEach(cards -> cards.forEach(card -> hidden.remove(card.textValue())));
                        String text = Codec.write(pub);
                        for (String card : hidden) {
                            assertFalse(text.contains("\"" + card + "\""), card + " of a hand at seq " + e.getKey());
                        }
                    }
                }
            }
            for (WsClient seated : List.of(wa, wb)) {
                List<JsonNode> upTo = seated.until("spectators");
                assertEquals(0, upTo.get(upTo.size() - 1).get("count").intValue(), "the spectator went");
            }
        }
    }

    @Test
    void aTableThatMayNotBeWatched_isRefusedWithNotSeated() {
        String a = It.guest("Dora").getString("token");
        String b = It.guest("Emil").getString("token");
        String c = It.guest("Fred").getString("token");
        String closed = running(a, b, "{\"players\":2,\"turnClock\":null,\"spectators\":false}");
        It.as(c).get("/api/tables/" + closed + "/view").then().statusCode(403)
                .body("code", org.hamcrest.Matchers.equalTo("NOT_SEATED"));
        It.as(c).get("/api/tables/" + closed + "/events").then().statusCode(403);
        try (WsClient wc = WsClient.connect(ws(closed, c))) {
            JsonNode error = wc.next();
            assertEquals("NOT_SEATED", error.get("code").textValue());
            assertEquals(4403, wc.awaitClose());
        }
        String open = It.as(a).body("{\"settings\":{\"players\":2}}").post("/api/tables").then().statusCode(201)
                .extract().jsonPath().getString("tableId");
        It.as(c).get("/api/tables/" + open + "/view").then().statusCode(403)
                .body("code", org.hamcrest.Matchers.equalTo("NOT_SEATED"));
        It.as(a).body("{\"settings\":{\"players\":2,\"stake\":0,\"spectators\":\"yes\"}}").post("/api/tables").then()
                .statusCode(400).body("code", org.hamcrest.Matchers.equalTo("INVALID_SETTING"));
        It.as(a).body("{\"settings\":{\"players\":2,\"stake\":10,\"spectators\":true}}").post("/api/tables").then()
                .statusCode(400).body("code", org.hamcrest.Matchers.equalTo("INVALID_SETTING"))
                .body("message", org.hamcrest.Matchers.startsWith("spectators: "));
    }
}
