package online.durak.table.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import online.durak.messages.Codec;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/**
 * Leaving a running match (rules.md §7) and "Again" on the final board (§6), through REST with {@link FakeRules}
 * standing in for the rules service (and for the bots, which play at once). The wait for people who do not press
 * "Again" is shortened to 3 s in the test profile.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class LeaveAndAgainTest extends WithFakeRules {
    /** Anna creates a table of three (one deal, no clock), Boris joins, a bot takes seat 2, Anna starts. */
    private static String twoPeopleAndABot(String a, String b, int deals) {
        String id = It.as(a).body("{\"settings\":{\"players\":3,\"dealsPerMatch\":" + deals + ",\"turnClock\":null}}")
                .post("/api/tables").then().statusCode(201).extract().jsonPath().getString("tableId");
        String t = "/api/tables/" + id;
        It.as(b).post(t + "/join").then().statusCode(200);
        It.as(a).body("{\"seat\":2,\"level\":\"EASY\"}").post(t + "/bots").then().statusCode(200);
        It.as(a).post(t + "/start").then().statusCode(200);
        return id;
    }

    /** Plays the people's first legal moves (the fake rules plays the bots) until the match is over. */
    private static JsonPath playToTheEnd(String t, Map<Integer, String> tokens, String looker) {
        // bounded by time, not by a count of loops: a loaded machine turns many loops into waits for the bot
        long deadline = System.nanoTime() + java.time.Duration.ofMinutes(4).toNanos();
        for (int moves = 0; System.nanoTime() < deadline; moves++) {
            JsonPath v = It.as(looker).get(t + "/view").then().statusCode(200).extract().jsonPath();
            if ("FINISHED".equals(v.getString("table.status"))) {
                return v;
            }
            if (v.getBoolean("match.onBoard")) {
                for (Map.Entry<Integer, String> e : tokens.entrySet()) {
                    It.as(e.getValue()).post(t + "/continue");
                }
                continue;
            }
            Integer toAct = v.get("deal.toAct");
            String mover = toAct == null ? null : tokens.get(toAct);
            if (mover == null) {
                Kafka.sleep(20); // a bot's turn, or the deal's end on its way
                continue;
            }
            JsonNode view = Codec.parse(It.as(mover).get(t + "/view").asString());
            It.as(mover).body("{\"commandId\":\"m" + moves + "-" + view.get("seq") + "\",\"move\":"
                    + view.at("/deal/legalMoves/0") + "}").post(t + "/moves");
        }
        throw new AssertionError("the match does not end");
    }

    @Test
    void aPersonLeavingMidMatch_isReplacedByABot_thatPlaysToTheEnd_andGetsMinus10OnTheFinalBoard() {
        JsonPath anna = It.guest("Anna");
        JsonPath boris = It.guest("Boris");
        String a = anna.getString("token");
        String b = boris.getString("token");
        String id = twoPeopleAndABot(a, b, 1);
        String t = "/api/tables/" + id;
        long before = It.as(a).get(t + "/view").jsonPath().getLong("seq");

        JsonPath left = It.as(b).post(t + "/leave").then().statusCode(200).extract().jsonPath();
        assertEquals("PLAYING", left.getString("status"));
        assertEquals("EASY", left.getString("seats[1].bot"), "a bot of the table's level took the seat");
        assertEquals("Easy bot 1", left.getString("seats[1].name"));

        JsonPath seen = It.as(a).get(t + "/view").then().statusCode(200).extract().jsonPath();
        assertEquals("Boris", seen.getString("table.left[0].name"), "Anna's view says who left");
        assertEquals("EASY", seen.getString("table.left[0].replacedBy"), "and that a bot took the seat");
        JsonPath events = It.as(a).get(t + "/events?since=" + before).then().statusCode(200).extract().jsonPath();
        // a bot may have moved between the seq read and the leave: the leave is the one MatchLeft after it
        assertEquals(List.of(boris.getString("playerId")),
                events.getList("events.findAll { it.event.type == 'MatchLeft' }.event.playerId"));

        // the leaver can no longer act at the table: he may watch it as anyone may (the public view, no hand)
        It.as(b).get(t + "/view").then().statusCode(200).body("seat", equalTo(-1)).body("deal.hand", nullValue());
        It.as(b).post(t + "/leave").then().statusCode(403).body("code", equalTo("NOT_SEATED"));
        It.as(b).post(t + "/continue").then().statusCode(403).body("code", equalTo("NOT_SEATED"));

        playToTheEnd(t, Map.of(0, a), a);
        JsonPath board = It.as(a).get(t + "/board").then().statusCode(200).extract().jsonPath();
        assertTrue(board.getBoolean("match.over"));
        assertEquals(-10, board.getInt("match.left[0].leaderboardPoints"), "no deal finished before the leave");
        assertEquals(boris.getString("playerId"), board.getString("match.left[0].playerId"));
        assertNull(board.get("match.leaderboardPoints[1]"), "the seat is a bot's");
        long end = board.getLong("seq");
        It.as(b).post(t + "/leave").then().statusCode(403);
        It.as(a).post(t + "/leave").then().statusCode(409).body("code", equalTo("MATCH_OVER"));
        assertEquals(end, It.as(a).get(t + "/board").jsonPath().getLong("seq"), "the refusals changed nothing");
    }

    @Test
    void theOnePersonOfASoloMatch_leaving_endsIt() {
        String a = It.guest("Solo").getString("token");
        JsonPath solo = It.as(a).body("{\"settings\":{\"players\":2,\"dealsPerMatch\":3},\"bots\":\"NORMAL\"}")
                .post("/api/tables/solo").then().statusCode(201).extract().jsonPath();
        String t = "/api/tables/" + solo.getString("tableId");
        JsonPath left = It.as(a).post(t + "/leave").then().statusCode(200).extract().jsonPath();
        assertEquals("FINISHED", left.getString("status"));
        JsonPath board = It.as(a).get(t + "/board").then().statusCode(200).extract().jsonPath();
        assertEquals(0, board.getInt("match.left[0].leaderboardPoints"), "nothing finished, no −10 when alone");
        assertNull(board.get("match.left[0].replacedBy"));
    }

    @Test
    void aLeaveFromAnotherTable_isRefused_andChangesNothing() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String c = It.guest("Carl").getString("token");
        String id = twoPeopleAndABot(a, b, 1);
        String t = "/api/tables/" + id;
        It.as(c).post(t + "/leave").then().statusCode(403).body("code", equalTo("NOT_SEATED"));
        // the bot may move meanwhile, so the seq is no measure here: nobody left, Boris still holds his seat
        JsonPath v = It.as(b).get(t + "/view").then().statusCode(200).extract().jsonPath();
        java.util.List<Object> left = v.getList("table.left");
        assertTrue(left == null || left.isEmpty(), "nobody left: " + left);
        assertEquals("Boris", v.getString("table.seats[1].name"));
    }

    @Test
    void again_bothPress_theSameNewTable_startedWithTheSameSeats() {
        JsonPath anna = It.guest("Anna");
        JsonPath boris = It.guest("Boris");
        String a = anna.getString("token");
        String b = boris.getString("token");
        String id = twoPeopleAndABot(a, b, 1);
        String t = "/api/tables/" + id;
        It.as(a).post(t + "/again").then().statusCode(409).body("code", equalTo("MATCH_NOT_OVER"));
        playToTheEnd(t, Map.of(0, a, 1, b), a);
        String c = It.guest("Carl").getString("token");
        It.as(c).post(t + "/again").then().statusCode(403).body("code", equalTo("NOT_SEATED"));

        JsonPath first = It.as(b).post(t + "/again").then().statusCode(200).extract().jsonPath();
        String again = first.getString("tableId");
        assertNotEquals(id, again);
        assertEquals(1, first.getInt("seat"), "Boris keeps his seat");
        assertEquals("OPEN", first.getString("table.status"), "it waits for Anna");
        assertEquals("EASY", first.getString("table.seats[2].bot"), "the bot keeps its seat");
        JsonPath board = It.as(a).get(t + "/board").then().statusCode(200).extract().jsonPath();
        assertEquals(again, board.getString("again.tableId"), "the final board names the new table");
        assertEquals(List.of(1), board.getList("again.pressed"), "and who pressed");
        assertFalse(It.lobbyIds(c).contains(again), "an again table waiting for its people is not in the lobby");

        JsonPath second = It.as(a).post(t + "/again").then().statusCode(200).extract().jsonPath();
        assertEquals(again, second.getString("tableId"), "everyone pressing gets the same table");
        assertEquals(0, second.getInt("seat"));
        assertEquals("PLAYING", second.getString("table.status"), "everyone pressed: it started");
        JsonPath repeat = It.as(b).post(t + "/again").then().statusCode(200).extract().jsonPath();
        assertEquals(again, repeat.getString("tableId"), "pressing again answers the same table");
        assertEquals(anna.getString("playerId"), repeat.getString("table.seats[0].playerId"));
        assertEquals(boris.getString("playerId"), repeat.getString("table.seats[1].playerId"));
    }

    @Test
    void again_onePresses_andAfterTheWaitTheOtherSeatIsABot() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String id = twoPeopleAndABot(a, b, 1);
        String t = "/api/tables/" + id;
        playToTheEnd(t, Map.of(0, a, 1, b), a);
        JsonPath first = It.as(a).post(t + "/again").then().statusCode(200).extract().jsonPath();
        String again = "/api/tables/" + first.getString("tableId");
        assertEquals("OPEN", first.getString("table.status"));
        long deadline = System.currentTimeMillis() + 20_000;
        JsonPath v = null;
        while (System.currentTimeMillis() < deadline) {
            v = It.as(a).get(again + "/view").then().statusCode(200).extract().jsonPath();
            if ("PLAYING".equals(v.getString("table.status"))) {
                break;
            }
            Kafka.sleep(200);
        }
        assertEquals("PLAYING", v.getString("table.status"), "started after the wait");
        assertEquals("EASY", v.getString("table.seats[1].bot"), "Boris's seat went to a bot of the table's level");
        assertEquals(false, v.getBoolean("table.seats[1].human"));
    }

    @Test
    void again_ofASoloMatch_startsAtOnce() {
        String a = It.guest("Solo").getString("token");
        JsonPath solo = It.as(a).body("{\"settings\":{\"players\":2,\"dealsPerMatch\":1},\"bots\":\"STRONG\"}")
                .post("/api/tables/solo").then().statusCode(201).extract().jsonPath();
        String t = "/api/tables/" + solo.getString("tableId");
        playToTheEnd(t, Map.of(0, a), a);
        JsonPath again = It.as(a).post(t + "/again").then().statusCode(200).extract().jsonPath();
        assertEquals("PLAYING", again.getString("table.status"));
        assertTrue(again.getBoolean("table.solo"));
        assertEquals("STRONG", again.getString("table.seats[1].bot"));
    }

    @Test
    void again_ofASoloMatch_keepsItsTempo() {
        String a = It.guest("Tempo").getString("token");
        JsonPath solo = It.as(a).body("{\"settings\":{\"players\":2,\"dealsPerMatch\":1},\"tempo\":\"SLOW\"}")
                .post("/api/tables/solo").then().statusCode(201).extract().jsonPath();
        String id = solo.getString("tableId");
        assertEquals(online.durak.engine.table.Tempo.SLOW, rules.table(id).tempo());
        playToTheEnd("/api/tables/" + id, Map.of(0, a), a);
        String again = It.as(a).post("/api/tables/" + id + "/again").then().statusCode(200).extract().jsonPath()
                .getString("tableId");
        assertEquals(online.durak.engine.table.Tempo.SLOW, rules.table(again).tempo(), "Again keeps the tempo");
    }
}
