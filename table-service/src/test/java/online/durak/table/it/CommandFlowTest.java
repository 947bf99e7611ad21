package online.durak.table.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import online.durak.messages.Codec;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/**
 * Commands end to end with {@link FakeRules} standing in for the rules service: create, join, start, a whole
 * deal of moves over REST and WebSocket, refusals with their status, the board and the replay.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class CommandFlowTest extends WithFakeRules {
    @TestHTTPResource("/")
    URI base;

    private URI ws(String tableId, String token) {
        return URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/" + tableId + "/ws?token=" + token);
    }

    private static String createTable(String token, String settings) {
        var r = It.as(token).body("{\"settings\":" + settings + "}").post("/api/tables");
        r.then().statusCode(201).body("status", equalTo("OPEN")).body("seq", equalTo(2));
        String id = r.jsonPath().getString("tableId");
        assertTrue(r.header("Location").endsWith("/api/tables/" + id));
        return id;
    }

    @Test
    void aWholeMatchOfOneDeal() throws Exception {
        JsonPath anna = It.guest("Anna");
        JsonPath boris = It.guest("Boris");
        String a = anna.getString("token");
        String b = boris.getString("token");
        String id = createTable(a, "{\"players\":2,\"dealsPerMatch\":1,\"turnClock\":null}");
        String t = "/api/tables/" + id;
        It.as(a).get(t).then().statusCode(200).body("seats[0].name", equalTo("Anna"))
                .body("seats[0].playerId", equalTo(anna.getString("playerId")))
                .body("seats[1].free", equalTo(true)).body("freeSeats", equalTo(1))
                .body("settings.turnClock", equalTo(null));
        assertTrue(It.lobbyIds(b).contains(id), "an open table is in the lobby");

        It.as(a).body("{\"seat\":1}").post(t + "/join").then().statusCode(409).body("code", equalTo("ALREADY_SEATED"));
        It.as(b).post(t + "/start").then().statusCode(403).body("code", equalTo("NOT_SEATED"));
        It.as(a).post(t + "/start").then().statusCode(409).body("code", equalTo("TABLE_NOT_FULL"));
        It.as(b).body("{\"seat\":5}").post(t + "/join").then().statusCode(422).body("code", equalTo("NO_SUCH_SEAT"));
        It.as(b).body("{\"seat\":1}").post(t + "/join").then().statusCode(200)
                .body("freeSeats", equalTo(0)).body("seats[1].name", equalTo("Boris"));
        String carl = It.guest("Carl").getString("token");
        It.as(carl).post(t + "/join").then().statusCode(409).body("code", equalTo("TABLE_FULL"));

        JsonPath started = It.as(b).post(t + "/start").then().statusCode(200).extract().jsonPath();
        assertTrue(started.getBoolean("accepted"));
        long startSeq = started.getLong("seq");
        assertEquals(1, started.getInt("view.seat"));
        assertTrue(started.getLong("view.seq") >= startSeq);
        assertEquals(6, started.getList("view.deal.hand").size());
        String sealed = started.getString("view.deal.shuffleCommitment");
        It.as(a).accept("text/plain, application/json").get(t + "/record").then().statusCode(409)
                .body("code", equalTo("MATCH_NOT_OVER"));
        assertTrue(sealed.matches("[0-9a-f]{64}"), sealed);
        assertEquals(sealed, It.as(a).get(t + "/view").jsonPath().getString("deal.shuffleCommitment"));
        assertFalse(It.lobbyIds(b).contains(id), "a started table is not open");
        It.as(carl).post(t + "/join").then().statusCode(409).body("code", equalTo("MATCH_STARTED"));

        try (WsClient wa = WsClient.connect(ws(id, a)); WsClient wb = WsClient.connect(ws(id, b))) {
            long seenA = wa.next().get("seq").longValue();
            wb.next();
            String[] tokens = {a, b};
            int moves = 0;
            boolean refusalsTried = false;
            long lastSeq = startSeq;
            while (true) {
                JsonPath v = It.as(a).get(t + "/view").then().statusCode(200).extract().jsonPath();
                if (!v.getBoolean("match.dealRunning")) {
                    break;
                }
                int toAct = v.getInt("deal.toAct");
                String mover = tokens[toAct];
                JsonNode view = Codec.parse(It.as(mover).get(t + "/view").asString());
                JsonNode move = view.at("/deal/legalMoves/0");
                if (!refusalsTried) {
                    refusalsTried = true;
                    It.as(tokens[1 - toAct]).body("{\"commandId\":\"early\",\"move\":" + move + "}").post(t + "/moves")
                            .then().statusCode(409).body("code", equalTo("NOT_YOUR_TURN"));
                    String notMine = notInHand(view);
                    It.as(mover).body("{\"commandId\":\"bad\",\"move\":{\"type\":\"attack\",\"cards\":[\"" + notMine + "\"]}}")
                            .post(t + "/moves").then().statusCode(422);
                }
                String commandId = "m" + moves;
                if (toAct == 1 && moves % 2 == 1) {
                    wb.send("{\"type\":\"move\",\"commandId\":\"" + commandId + "\",\"move\":" + move + "}");
                    List<JsonNode> frames = wb.until("reply");
                    JsonNode reply = frames.get(frames.size() - 1);
                    assertEquals(commandId, reply.get("commandId").textValue());
                    assertTrue(reply.get("accepted").booleanValue(), reply.toString());
                    assertTrue(reply.get("seq").longValue() > lastSeq);
                    // the events of the move came before its reply
                    assertEquals(reply.get("seq").longValue(), frames.get(frames.size() - 2).get("seq").longValue());
                    lastSeq = reply.get("seq").longValue();
                } else {
                    JsonPath r = It.as(mover).body("{\"commandId\":\"" + commandId + "\",\"move\":" + move + "}")
                            .post(t + "/moves").then().statusCode(200).extract().jsonPath();
                    assertTrue(r.getLong("seq") > lastSeq);
                    assertTrue(r.getLong("view.seq") >= r.getLong("seq"));
                    assertEquals(toAct, r.getInt("view.seat"));
                    lastSeq = r.getLong("seq");
                    if (moves == 0) { // the same commandId again: the same answer, nothing new
                        It.as(mover).body("{\"commandId\":\"" + commandId + "\",\"move\":" + move + "}")
                                .post(t + "/moves").then().statusCode(200).body("seq", equalTo((int) lastSeq));
                    }
                }
                moves++;
                assertTrue(moves < 500, "the deal does not end");
            }
            JsonPath end = It.as(a).get(t + "/view").then().statusCode(200).extract().jsonPath();
            assertEquals("FINISHED", end.getString("table.status"));
            long last = end.getLong("seq");
            // seat 0's socket got every seq after its first view, in order, each with its own view
            List<Long> seqs = new ArrayList<>();
            while (seqs.isEmpty() || seqs.get(seqs.size() - 1) < last) {
                JsonNode f = wa.next();
                if (f.get("type").textValue().equals("event")) {
                    seqs.add(f.get("seq").longValue());
                    assertEquals(0, f.at("/view/seat").intValue());
                    assertFalse(f.at("/view/deal").has("hands"));
                }
            }
            for (int i = 0; i < seqs.size(); i++) {
                assertEquals(seenA + 1 + i, seqs.get(i));
            }
            JsonPath board = It.as(carl).get(t + "/board").then().statusCode(200).extract().jsonPath();
            assertEquals(1, board.getList("deals").size());
            assertTrue(board.getBoolean("match.over"));
            assertEquals(2, board.getList("deals[0].rows").size());
            assertTrue(board.getString("deals[0].rows[0].calculation").contains(":")
                    || board.getString("deals[0].rows[0].calculation").contains("="));
            JsonPath replay = It.as(carl).get(t + "/replay?deal=1").then().statusCode(200).extract().jsonPath();
            assertEquals("DealStarted", replay.getString("steps[0].event.type"));
            assertEquals("DealEnded", replay.getString("steps[-1].event.type"));
            // the seal the seats saw at the start, opened: SHA-256 of salt ":" deck order, recomputed here
            assertEquals(sealed, replay.getString("shuffleProof.commitment"));
            List<String> deck = replay.getList("shuffleProof.deckOrder");
            assertEquals(deck, replay.getList("steps[0].event.event.deckOrder"));
            assertEquals(sealed, java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest((replay.getString("shuffleProof.salt") + ":" + String.join(",", deck))
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8))));
            assertEquals(2, replay.getInt("settings.players"));
            // the match's record (docs/record-format.md), as text; read back, it is the same deal step by step
            String record = It.as(carl).accept("text/plain, application/json").get(t + "/record").then().statusCode(200)
                    .contentType(org.hamcrest.Matchers.startsWith("text/plain")).extract().asString();
            assertTrue(record.startsWith("[Durak \"1\"]\n[Table \"" + id + "\"]\n"), record);
            assertTrue(record.contains("[Deal1Commitment \"" + sealed + "\"]\n"), record);
            JsonPath read = It.as(carl).contentType("text/plain").body(record).post("/api/records").then().statusCode(200)
                    .extract().jsonPath();
            assertEquals(replay.getList("steps.seq"), read.getList("deals[0].steps.seq"));
            assertEquals(replay.getList("steps.view"), read.getList("deals[0].steps.view"));
            assertEquals(replay.getMap("shuffleProof"), read.getMap("deals[0].shuffleProof"));
            It.as(carl).contentType("text/plain").body(record.replace(sealed, "0".repeat(64))).post("/api/records")
                    .then().statusCode(400).body("code", equalTo("INVALID_RECORD"))
                    .body("message", org.hamcrest.Matchers.matchesPattern("line \\d+: the shuffle proof of deal 1 does not hold: .*"));
            It.as(a).body("{\"commandId\":\"late\",\"move\":{\"type\":\"take\"}}").post(t + "/moves")
                    .then().statusCode(409).body("code", equalTo("MATCH_OVER"));
            It.as(a).post(t + "/continue").then().statusCode(409).body("code", equalTo("MATCH_OVER"));
        }
    }

    private static String notInHand(JsonNode view) {
        List<String> mine = new ArrayList<>();
        view.at("/deal/hand").forEach(c -> mine.add(c.textValue()));
        for (String rank : new String[] {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}) {
            for (String suit : new String[] {"C", "D", "H", "S"}) {
                if (!mine.contains(rank + suit)) {
                    return rank + suit;
                }
            }
        }
        throw new AssertionError("a hand with every card");
    }

    @Test
    void eventsThatNeverComeThroughKafkaAreReadFromTheStore() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String id = createTable(a, "{\"players\":2}");
        rules.holdBackEvents.set(1); // the join's events reach the store only
        It.as(b).post("/api/tables/" + id + "/join").then().statusCode(200)
                .body("freeSeats", equalTo(0)).body("seq", equalTo(3));
    }

    /**
     * The events of commands this edge did not send (here the bots') reach its projection in their replies: with no
     * event on the events topic at all, a solo game goes on, each view showing the bots' moves after the person's.
     */
    @Test
    void othersCommandsEvents_comeWithTheirReplies() {
        rules.eventsInRepliesOnly = true;
        try {
            String a = It.guest("Anna").getString("token");
            var solo = It.as(a).body("{\"settings\":{\"players\":2,\"dealsPerMatch\":1},\"bots\":\"EASY\"}")
                    .post("/api/tables/solo");
            solo.then().statusCode(201);
            String t = "/api/tables/" + solo.jsonPath().getString("tableId");
            String id = solo.jsonPath().getString("tableId");
            int mine = solo.jsonPath().getInt("seat");
            int answered = 0;
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(20).toNanos();
            while (answered < 3) {
                assertTrue(System.nanoTime() < deadline, "the bot's moves reach the view (" + answered + " so far)");
                JsonNode v = Codec.parse(It.as(a).get(t + "/view").asString());
                if ("FINISHED".equals(v.at("/table/status").asText()) || v.at("/match/onBoard").asBoolean()) {
                    break; // the deal ended early: what was seen is enough
                }
                if (v.at("/deal/toAct").asInt(-1) != mine) {
                    Kafka.sleep(20); // the bot's move is on its way, in its reply
                    continue;
                }
                var moved = It.as(a).body("{\"commandId\":\"r" + v.get("seq") + "\",\"move\":"
                        + v.at("/deal/legalMoves/0") + "}").post(t + "/moves");
                assertEquals(200, moved.statusCode(), moved.asString());
                JsonNode after = Codec.parse(moved.asString());
                long mineAt = after.get("seq").asLong();
                long last = rules.lastSeq(id); // the bot has answered by now (the stand-in plays it at once)
                if (last > mineAt) {
                    long waitUntil = System.nanoTime() + java.time.Duration.ofSeconds(5).toNanos();
                    while (Codec.parse(It.as(a).get(t + "/view").asString()).get("seq").asLong() < last) {
                        assertTrue(System.nanoTime() < waitUntil, "the bot's events up to seq " + last + " are seen");
                        Kafka.sleep(20);
                    }
                    answered++;
                }
            }
            assertTrue(answered > 0, "at least one of the bot's moves was seen");
        } finally {
            rules.eventsInRepliesOnly = false;
        }
    }

    @Test
    void aRetriedCreateOrSoloAnswersTheSameTable_andAnIdReusedForAnotherCommandIsRefused() {
        String a = It.guest("Anna").getString("token");
        String create = "{\"settings\":{\"players\":2},\"commandId\":\"retry-create\"}";
        var first = It.as(a).body(create).post("/api/tables");
        first.then().statusCode(201);
        var again = It.as(a).body(create).post("/api/tables");
        again.then().statusCode(201);
        String id = first.jsonPath().getString("tableId");
        assertEquals(id, again.jsonPath().getString("tableId"));
        assertEquals(first.header("Location"), again.header("Location"));
        assertEquals(Codec.parse(first.asString()), Codec.parse(again.asString()));
        assertEquals(1, store.count(id, "TableCreated"));
        assertEquals(2, store.count(id)); // TableCreated, SeatTaken: nothing more
        assertEquals(1, It.lobbyIds(a).stream().filter(id::equals).count());

        // another player's commandId is another command
        String b = It.guest("Boris").getString("token");
        String boris = It.as(b).body(create).post("/api/tables").then().statusCode(201).extract().path("tableId");
        assertFalse(boris.equals(id));

        // a solo game: seated, bots, started at once; the retry gets the same table and view
        rules.botsPaused = true; // nothing moves between the two answers
        try {
            String solo = "{\"settings\":{\"players\":3,\"dealsPerMatch\":1},\"bots\":\"EASY\","
                    + "\"commandId\":\"retry-solo\"}";
            var s1 = It.as(a).body(solo).post("/api/tables/solo");
            s1.then().statusCode(201).body("table.status", equalTo("PLAYING"));
            var s2 = It.as(a).body(solo).post("/api/tables/solo");
            s2.then().statusCode(201);
            String soloId = s1.jsonPath().getString("tableId");
            assertEquals(soloId, s2.jsonPath().getString("tableId"));
            assertEquals(s1.header("Location"), s2.header("Location"));
            assertEquals(Codec.parse(s1.asString()), Codec.parse(s2.asString()));
            long events = store.count(soloId);
            assertEquals(1, store.count(soloId, "TableCreated"));
            assertEquals(1, store.count(soloId, "MatchStarted"));

            // the same commandId for another kind of command: a clear refusal, and no table
            It.as(a).body("{\"settings\":{\"players\":2},\"commandId\":\"retry-solo\"}").post("/api/tables")
                    .then().statusCode(422).body("code", equalTo("COMMAND_ID_IN_USE"));
            It.as(a).body(solo.replace("retry-solo", "retry-create")).post("/api/tables/solo")
                    .then().statusCode(422).body("code", equalTo("COMMAND_ID_IN_USE"));
            It.as(a).body("{\"commandId\":\"retry-create\"}").post("/api/tables/" + boris + "/join")
                    .then().statusCode(422).body("code", equalTo("COMMAND_ID_IN_USE"));
            assertEquals(events, store.count(soloId));
            assertEquals(2, store.count(id));
            assertEquals(1, store.count(boris, "SeatTaken"));
        } finally {
            rules.botsPaused = false;
        }
    }

    @Test
    void botsAndLeavingBeforeTheStart() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String id = createTable(a, "{\"players\":3}");
        String t = "/api/tables/" + id;
        It.as(b).post(t + "/join").then().statusCode(200).body("seats[1].name", equalTo("Boris"));
        It.as(b).post(t + "/leave").then().statusCode(200).body("seats[1].free", equalTo(true));
        It.as(a).body("{\"seat\":2,\"level\":\"STRONG\"}").post(t + "/bots").then().statusCode(200)
                .body("seats[2].bot", equalTo("STRONG"));
        It.as(a).body("{\"seat\":2,\"level\":\"EASY\"}").post(t + "/bots").then().statusCode(409)
                .body("code", equalTo("SEAT_TAKEN"));
    }
}
