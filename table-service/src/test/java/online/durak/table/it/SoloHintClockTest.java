package online.durak.table.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
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
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Views;
import online.durak.engine.table.TableCommand;
import online.durak.messages.Codec;
import online.durak.table.Script;
import online.durak.table.auth.Player;
import online.durak.table.auth.TokenService;
import online.durak.testkit.DurakInfraResource;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Solo games, hints and the clock in views, with {@link FakeRules} standing in for the rules service (and for the
 * bots' moves) and {@link FakeBots} for the bot service's hint endpoint.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
@QuarkusTestResource(FakeBots.class)
class SoloHintClockTest extends WithFakeRules {
    private static KafkaProducer<String, byte[]> producer;

    @Inject
    TokenService tokens;

    @TestHTTPResource("/")
    URI base;

    private String bots;

    @BeforeEach
    void setUp() {
        if (producer == null) {
            producer = Kafka.producer();
        }
        rules.botsPaused = false;
        bots = ConfigProvider.getConfig().getValue(FakeBots.CONTROL, String.class);
        FakeBots.mode(bots, "ok");
    }

    @AfterAll
    static void tearDown() {
        if (producer != null) {
            producer.close();
            producer = null;
        }
    }

    private static String solo(String token, String body) {
        var r = It.as(token).body(body).post("/api/tables/solo");
        r.then().statusCode(201).body("seat", equalTo(0)).body("table.status", equalTo("PLAYING"))
                .body("table.solo", equalTo(true)).body("clock", nullValue());
        String id = r.jsonPath().getString("tableId");
        assertTrue(r.header("Location").endsWith("/api/tables/" + id));
        return id;
    }

    /** Seat 0's view once it is seat 0's decision (bots move at once), or the deal is over. */
    private static JsonNode myTurn(String token, String id) {
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode v = Codec.parse(It.as(token).get("/api/tables/" + id + "/view").then().statusCode(200)
                    .extract().asString());
            // toAct is null between the events of one command (e.g. a bout ended, the next not yet begun)
            if (!v.at("/match/dealRunning").asBoolean() || v.at("/deal/toAct").asInt(-1) == v.get("seat").asInt()
                    && v.at("/deal/toAct").isInt()) {
                return v;
            }
            Kafka.sleep(50);
        }
        throw new AssertionError("seat 0 never got to act at " + id);
    }

    private static JsonNode hint(String token, String id, int status) {
        return Codec.parse(It.as(token).post("/api/tables/" + id + "/hint").then().statusCode(status).extract().asString());
    }

    // ---- solo ----

    @Test
    void aSoloGameStartsAtOnceAgainstTheBotsAskedFor() {
        String t = It.guest("Sola").getString("token");
        String id = solo(t, "{\"settings\":{\"dealsPerMatch\":1},\"bots\":[\"EASY\",\"STRONG\"]}");
        JsonPath v = It.as(t).get("/api/tables/" + id + "/view").then().statusCode(200).extract().jsonPath();
        assertEquals(3, v.getInt("table.settings.players"));
        assertNull(v.get("table.settings.turnClock"));
        assertEquals(0, v.getInt("table.settings.stake"));
        assertEquals(List.of(true, false, false), v.getList("table.seats.human"));
        assertEquals("EASY", v.getString("table.seats[1].bot"));
        assertEquals("STRONG", v.getString("table.seats[2].bot"));
        assertNull(v.get("table.seats[0].bot"));
        assertEquals(List.of(0, 0, 0), v.getList("match.hints"));
        assertEquals(1, v.getInt("match.dealNumber"));
        assertNull(v.get("clock"));
        assertFalse(It.lobbyIds(t).contains(id), "a solo table is never open");

        String u = It.guest("Uno").getString("token");
        String two = solo(u, "{\"settings\":{\"players\":2}}");
        It.as(u).get("/api/tables/" + two).then().statusCode(200).body("seats[1].bot", equalTo("NORMAL"))
                .body("status", equalTo("PLAYING"));
        String four = solo(u, "{\"settings\":{\"players\":4,\"turnClock\":null,\"stake\":0},\"bots\":\"STRONG\","
                + "\"commandId\":\"solo-1\"}");
        It.as(u).get("/api/tables/" + four).then().statusCode(200).body("seats.bot", equalTo(
                java.util.Arrays.asList(null, "STRONG", "STRONG", "STRONG")));
    }

    /** Every house rule of rules.md §1 but the clock and the stake, as the client's solo form sends them. */
    @Test
    void aSoloGameTakesEveryHouseRuleATableHas() {
        String t = It.guest("Rules").getString("token");
        String id = solo(t, "{\"settings\":{\"variant\":\"PEREVODNOI\",\"deck\":52,\"players\":4,\"teams\":true,"
                + "\"throwIn\":\"NEIGHBOURS_ONLY\",\"firstBoutLimit\":\"NONE\",\"showTrumpToTransfer\":true,"
                + "\"discardVisible\":false,\"dealsPerMatch\":7},\"bots\":[\"EASY\",\"NORMAL\",\"STRONG\"]}");
        JsonPath v = It.as(t).get("/api/tables/" + id + "/view").then().statusCode(200).extract().jsonPath();
        assertEquals("PEREVODNOI", v.getString("table.settings.variant"));
        assertEquals(52, v.getInt("table.settings.deck"));
        assertEquals(4, v.getInt("table.settings.players"));
        assertTrue(v.getBoolean("table.settings.teams"));
        assertEquals("NEIGHBOURS_ONLY", v.getString("table.settings.throwIn"));
        assertEquals("NONE", v.getString("table.settings.firstBoutLimit"));
        assertTrue(v.getBoolean("table.settings.showTrumpToTransfer"));
        assertFalse(v.getBoolean("table.settings.discardVisible"));
        assertEquals(7, v.getInt("table.settings.dealsPerMatch"));
        assertEquals(List.of("EASY", "NORMAL", "STRONG"), v.getList("table.seats.bot").subList(1, 4));

        String other = solo(t, "{\"settings\":{\"players\":2,\"deck\":24,\"firstBoutLimit\":\"UNTIL_FIRST_DISCARD\","
                + "\"throwIn\":\"NEIGHBOURS\"}}");
        It.as(t).get("/api/tables/" + other + "/view").then().statusCode(200)
                .body("table.settings.deck", equalTo(24)).body("table.settings.throwIn", equalTo("NEIGHBOURS"))
                .body("table.settings.firstBoutLimit", equalTo("UNTIL_FIRST_DISCARD"))
                .body("table.settings.variant", equalTo("PODKIDNOI"));
        // showing a trump to transfer is perevodnoi's; teams need four or six players
        It.as(t).body("{\"settings\":{\"players\":2,\"showTrumpToTransfer\":true}}").post("/api/tables/solo").then()
                .statusCode(400).body("code", equalTo("INVALID_SETTING")).body("message", startsWith("showTrumpToTransfer"));
        It.as(t).body("{\"settings\":{\"players\":3,\"teams\":true}}").post("/api/tables/solo").then()
                .statusCode(400).body("code", equalTo("INVALID_SETTING")).body("message", startsWith("teams"));
    }

    @Test
    void badSoloRequestsAreRefusedNamingTheField() {
        String t = It.guest("Sola").getString("token");
        String[][] cases = {
                {"{\"settings\":{\"players\":7}}", "INVALID_SETTING", "players"},
                {"{\"settings\":{\"players\":5,\"deck\":24}}", "INVALID_SETTING", "players"},
                {"{\"settings\":{\"players\":2,\"variant\":\"BLITZ\"}}", "INVALID_SETTING", "variant"},
                {"{\"settings\":{\"players\":2,\"turnClock\":60}}", "INVALID_SETTING", "turnClock"},
                {"{\"settings\":{\"players\":2,\"stake\":5}}", "INVALID_SETTING", "stake"},
                {"{\"settings\":{}}", "INVALID_SETTING", "players"},
                {"{\"settings\":{\"players\":3},\"bots\":[\"EASY\"]}", "INVALID_REQUEST", "bots"},
                {"{\"settings\":{\"players\":2},\"bots\":\"SUPER\"}", "INVALID_REQUEST", "bots"},
                {"{\"settings\":{\"players\":3},\"bots\":[\"EASY\",\"easy\"]}", "INVALID_REQUEST", "bots[1]"},
                {"{\"settings\":{\"players\":2},\"bots\":7}", "INVALID_REQUEST", "bots"},
                {"{\"settings\":{\"players\":2},\"seat\":1}", "INVALID_REQUEST", "seat"},
                {"{\"settings\":[2]}", "INVALID_SETTING", "settings"},
                {"[]", "INVALID_JSON", ""},
        };
        for (String[] c : cases) {
            It.as(t).body(c[0]).post("/api/tables/solo").then().statusCode(400)
                    .body("code", equalTo(c[1])).body("message", startsWith(c[2]));
        }
        It.as(t).post("/api/tables/solo").then().statusCode(400).body("code", equalTo("INVALID_JSON"));
        io.restassured.RestAssured.given().contentType("application/json").body("{\"settings\":{\"players\":2}}")
                .post("/api/tables/solo").then().statusCode(401);
    }

    @Test
    void aBadTempoIsRefusedNamingIt_andNothingIsSent() {
        String t = It.guest("Tempo").getString("token");
        for (String bad : new String[] {"\"QUICK\"", "\"fast\"", "7", "[\"FAST\"]", "{}"}) {
            It.as(t).body("{\"settings\":{\"players\":2},\"tempo\":" + bad + ",\"commandId\":\"tempo-1\"}")
                    .post("/api/tables/solo").then().statusCode(400)
                    .body("code", equalTo("INVALID_REQUEST")).body("message", startsWith("tempo"));
        }
        // the same commandId (so the same table, on the same partition after the refused ones) now with a tempo
        String id = solo(t, "{\"settings\":{\"players\":2},\"tempo\":\"FAST\",\"commandId\":\"tempo-1\"}");
        assertEquals(online.durak.engine.table.Tempo.FAST, rules.table(id).tempo());
        List<online.durak.messages.CommandMessage> sent = rules.received.stream()
                .filter(c -> c.tableId().equals(id)).filter(c -> c.payload() instanceof online.durak.messages.CommandMessage.Solo)
                .toList();
        assertEquals(1, sent.size(), "only the good request was sent");
        assertEquals(online.durak.engine.table.Tempo.FAST,
                ((online.durak.messages.CommandMessage.Solo) sent.get(0).payload()).tempo());
        String plain = solo(t, "{\"settings\":{\"players\":2}}");
        assertNull(rules.table(plain).tempo(), "left out: the bot service's own think time");
    }

    // ---- hints ----

    @Test
    void aHintInASoloGameIsALegalMoveAndIsCountedOnTheBoard() {
        String t = It.guest("Sola").getString("token");
        String id = solo(t, "{\"settings\":{\"dealsPerMatch\":1},\"bots\":[\"EASY\",\"STRONG\"]}");
        JsonNode v = myTurn(t, id);
        assertTrue(v.at("/match/dealRunning").asBoolean(), "the deal ended before seat 0 acted");
        long before = store.count(id);
        assertEquals(v.get("seq").asLong(), before);

        JsonNode h = hint(t, id, 200);
        assertEquals(id, h.get("tableId").textValue());
        assertEquals(0, h.get("seat").intValue());
        assertEquals(1, h.get("hints").intValue());
        assertEquals(before + 1, h.get("seq").longValue());
        assertTrue(contains(v.at("/deal/legalMoves"), h.get("move")), h.toString());
        assertFalse(h.get("reason").textValue().isBlank());
        assertEquals(h.get("reason"), h.at("/reasons/en"));
        assertEquals("der falsche Bot spielt immer seinen ersten erlaubten Zug", h.at("/reasons/de").textValue());
        assertFalse(h.get("clear").booleanValue(), "the bot service's judgement is passed on");
        JsonNode c = h.at("/candidates/0");
        assertEquals(h.get("move"), c.get("move"));
        assertEquals(0.75, c.get("notDurakRate").doubleValue());
        assertEquals(2.5, c.get("meanCardsLeftWhenDurak").doubleValue());
        assertEquals(40, c.get("samples").intValue());
        assertFalse(c.get("exact").booleanValue());
        assertFalse(c.has("extra"));

        // the bot service was asked with the settings and seat 0's own view only
        JsonNode asked = FakeBots.last(bots);
        assertEquals(3, asked.at("/rules/players").intValue());
        assertEquals(0, asked.at("/view/seat").intValue());
        assertFalse(asked.get("view").has("hands"));
        assertEquals(v.at("/deal/hand"), asked.at("/view/hand"));

        // recorded: one HintTaken event, visible in the events feed, counted in the view
        assertEquals(before + 1, store.count(id));
        JsonNode page = Codec.parse(It.as(t).get("/api/tables/" + id + "/events?since=" + before).asString());
        assertEquals(1, page.get("events").size());
        assertEquals("HintTaken", page.at("/events/0/event/type").textValue());
        assertEquals(0, page.at("/events/0/event/seat").intValue());
        assertEquals(2, hint(t, id, 200).get("hints").intValue());
        It.as(t).get("/api/tables/" + id + "/view").then().statusCode(200).body("match.hints", equalTo(List.of(2, 0, 0)));

        // play the deal (and the match of one deal) to its end with the hinted move first
        It.as(t).body("{\"commandId\":\"h1\",\"move\":" + Codec.write(h.get("move")) + "}")
                .post("/api/tables/" + id + "/moves").then().statusCode(200);
        for (int i = 0; i < 500; i++) {
            JsonNode now = myTurn(t, id);
            if (!now.at("/match/dealRunning").asBoolean()) {
                break;
            }
            var r = It.as(t).body("{\"commandId\":\"m" + i + "\",\"move\":" + Codec.write(now.at("/deal/legalMoves/0"))
                    + "}").post("/api/tables/" + id + "/moves");
            assertEquals(200, r.statusCode(), r.asString() + " after " + now);
        }
        JsonPath board = It.as(t).get("/api/tables/" + id + "/board").then().statusCode(200).extract().jsonPath();
        assertTrue(board.getBoolean("match.over"));
        assertEquals(List.of(2, 0, 0), board.getList("match.hints"));
        assertEquals(List.of(2, 0, 0), board.getList("hints"));
        assertEquals("STRONG", board.getString("seats[2].bot"));
        assertEquals(409, It.as(t).post("/api/tables/" + id + "/hint").statusCode());
    }

    @Test
    void aHintOverTheWebSocketIsAnsweredAfterItsEventAndRefusedLikeOverRest() {
        String t = It.guest("Sola").getString("token");
        String id = solo(t, "{\"settings\":{\"players\":2,\"dealsPerMatch\":1}}");
        JsonNode v = myTurn(t, id);
        assertTrue(v.at("/match/dealRunning").asBoolean());
        long before = store.count(id);
        URI uri = URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/" + id + "/ws?token=" + t);
        try (WsClient ws = WsClient.connect(uri)) {
            ws.until("view");
            ws.send("{\"type\":\"hint\",\"commandId\":\"ws-hint-1\"}");
            List<JsonNode> frames = ws.until("hint");
            JsonNode h = frames.get(frames.size() - 1);
            assertEquals("ws-hint-1", h.get("commandId").textValue());
            assertEquals(before + 1, h.get("seq").longValue());
            assertEquals(1, h.get("hints").intValue());
            assertTrue(contains(v.at("/deal/legalMoves"), h.get("move")), h.toString());
            assertFalse(h.get("reason").textValue().isBlank());
            assertTrue(frames.stream().anyMatch(f -> "event".equals(f.path("type").textValue())
                    && f.get("seq").longValue() == before + 1
                    && "HintTaken".equals(f.at("/event/type").textValue())), "its event came first: " + frames);

            // refused like over REST: the bot service down is 503's code, a stray field is a bad frame
            FakeBots.mode(bots, "error");
            ws.send("{\"type\":\"hint\",\"commandId\":\"ws-hint-2\"}");
            JsonNode e = ws.until("error").get(0);
            assertEquals("BOTS_UNAVAILABLE", e.get("code").textValue(), e.toString());
            assertEquals("ws-hint-2", e.get("commandId").textValue());
            ws.send("{\"type\":\"hint\",\"seat\":1}");
            assertEquals("INVALID_FRAME", ws.until("error").get(0).get("code").textValue());
            assertEquals(before + 1, store.count(id), "only the hint that was given is recorded");
        }

        // at a table of two people the socket gets HINTS_SOLO_ONLY
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String two = It.as(a).body("{\"settings\":{\"players\":2}}").post("/api/tables").then().statusCode(201)
                .extract().jsonPath().getString("tableId");
        It.as(b).post("/api/tables/" + two + "/join").then().statusCode(200);
        It.as(a).post("/api/tables/" + two + "/start").then().statusCode(200);
        long count = store.count(two);
        URI twoUri = URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/" + two + "/ws?token=" + a);
        try (WsClient ws = WsClient.connect(twoUri)) {
            ws.until("view");
            ws.send("{\"type\":\"hint\"}");
            assertEquals("HINTS_SOLO_ONLY", ws.until("error").get(0).get("code").textValue());
        }
        assertEquals(count, store.count(two));
    }

    @Test
    void hintsAreRefusedAtTablesWithOtherPeopleWithoutChangingTheLog() {
        JsonNode askedBefore = FakeBots.last(bots);
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String id = It.as(a).body("{\"settings\":{\"players\":2,\"dealsPerMatch\":1}}").post("/api/tables")
                .then().statusCode(201).extract().jsonPath().getString("tableId");
        String t = "/api/tables/" + id;
        It.as(a).post(t + "/hint").then().statusCode(409).body("code", equalTo("HINTS_SOLO_ONLY"));
        It.as(b).post(t + "/join").then().statusCode(200);
        It.as(a).post(t + "/start").then().statusCode(200);
        long count = store.count(id);
        for (String token : List.of(a, b)) {
            It.as(token).post(t + "/hint").then().statusCode(409).body("code", equalTo("HINTS_SOLO_ONLY"))
                    .body("message", org.hamcrest.Matchers.containsString("solo"));
        }
        String carl = It.guest("Carl").getString("token");
        It.as(carl).post(t + "/hint").then().statusCode(403).body("code", equalTo("NOT_SEATED"));
        It.as(a).post("/api/tables/nosuchtable/hint").then().statusCode(404).body("code", equalTo("NO_SUCH_TABLE"));
        It.as(a).body("{\"commandId\":\"bad id!\"}").post(t + "/hint").then().statusCode(400)
                .body("code", equalTo("INVALID_REQUEST"));

        // two people and a bot: no hints either
        String three = It.as(a).body("{\"settings\":{\"players\":3}}").post("/api/tables")
                .then().statusCode(201).extract().jsonPath().getString("tableId");
        It.as(b).post("/api/tables/" + three + "/join").then().statusCode(200);
        It.as(a).body("{\"seat\":2,\"level\":\"STRONG\"}").post("/api/tables/" + three + "/bots").then().statusCode(200);
        It.as(a).post("/api/tables/" + three + "/start").then().statusCode(200);
        It.as(b).post("/api/tables/" + three + "/hint").then().statusCode(409).body("code", equalTo("HINTS_SOLO_ONLY"));

        Kafka.sleep(300);
        assertEquals(count, store.count(id), "a refused hint changes no event log");
        assertEquals(askedBefore, FakeBots.last(bots), "the bot service was not asked");
    }

    @Test
    void noHintWhenItIsNotMyDecision() {
        rules.botsPaused = true;
        String t = It.guest("Sola").getString("token");
        String id = solo(t, "{\"settings\":{\"players\":2}}");
        for (int i = 0; i < 20; i++) {
            JsonNode v = Codec.parse(It.as(t).get("/api/tables/" + id + "/view").asString());
            if (v.at("/deal/toAct").asInt(-1) != 0) {
                break;
            }
            It.as(t).body("{\"commandId\":\"m" + i + "\",\"move\":" + Codec.write(v.at("/deal/legalMoves/0")) + "}")
                    .post("/api/tables/" + id + "/moves").then().statusCode(200);
        }
        JsonNode v = Codec.parse(It.as(t).get("/api/tables/" + id + "/view").asString());
        assertEquals(1, v.at("/deal/toAct").asInt(), "the bot's turn");
        long count = store.count(id);
        It.as(t).post("/api/tables/" + id + "/hint").then().statusCode(409).body("code", equalTo("NOT_YOUR_TURN"));
        assertEquals(count, store.count(id));
    }

    @Test
    void whenTheBotServiceFailsTheAnswerIs503AndNothingIsCounted() {
        String t = It.guest("Sola").getString("token");
        String id = solo(t, "{\"settings\":{\"players\":3},\"bots\":[\"NORMAL\",\"NORMAL\"]}");
        assertTrue(myTurn(t, id).at("/match/dealRunning").asBoolean());
        long count = store.count(id);
        for (String mode : List.of("error", "garbage", "illegal", "hang", "down")) {
            FakeBots.mode(bots, mode);
            long t0 = System.nanoTime();
            JsonNode e = hint(t, id, 503);
            assertEquals("BOTS_UNAVAILABLE", e.get("code").textValue(), mode);
            assertNotNull(e.get("message").textValue());
            if (mode.equals("hang")) {
                assertTrue(e.get("message").textValue().contains("did not answer within"), e.toString());
                assertTrue((System.nanoTime() - t0) / 1_000_000 < 3900, "answered at the timeout, not when the bot did");
            }
            if (mode.equals("down")) {
                assertTrue(e.get("message").textValue().contains("cannot be reached"), e.toString());
            }
        }
        FakeBots.mode(bots, "ok");
        assertEquals(count, store.count(id));
        assertEquals(1, hint(t, id, 200).get("hints").intValue());
    }

    // ---- the clock ----

    @Test
    void theViewShowsTheTurnClockFromTheEventsTimes() throws Exception {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String id = It.as(a).body("{\"settings\":{\"players\":2,\"turnClock\":30,\"dealsPerMatch\":1}}")
                .post("/api/tables").then().statusCode(201).extract().jsonPath().getString("tableId");
        String t = "/api/tables/" + id;
        It.as(a).get(t + "/view").then().statusCode(200).body("clock", nullValue());
        It.as(b).post(t + "/join").then().statusCode(200);
        JsonNode started = Codec.parse(It.as(a).post(t + "/start").then().statusCode(200).extract().asString());
        JsonNode view = started.get("view");
        assertClock(a, id, view);
        try (WsClient ws = WsClient.connect(URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/"
                + id + "/ws?token=" + b))) {
            JsonNode first = ws.next();
            assertEquals(view.at("/clock"), first.at("/view/clock"));
            int toAct = view.at("/deal/toAct").asInt();
            String mover = toAct == 0 ? a : b;
            JsonNode mine = Codec.parse(It.as(mover).get(t + "/view").asString());
            JsonNode moved = Codec.parse(It.as(mover).body("{\"commandId\":\"c1\",\"move\":"
                    + Codec.write(mine.at("/deal/legalMoves/0")) + "}").post(t + "/moves").then().statusCode(200)
                    .extract().asString());
            assertClock(mover, id, moved.get("view"));
            JsonNode frame;
            do {
                frame = ws.next();
            } while (!frame.get("type").textValue().equals("event") || frame.get("seq").asLong() < moved.get("seq").asLong());
            assertEquals(1, frame.at("/view/seat").asInt());
            assertEquals(moved.at("/view/clock/turnEnds"), frame.at("/view/clock/turnEnds"));
        }
    }

    /** The clock of a view: the seat to act, 30 s after the last event's time, no grace yet. */
    private static void assertClock(String token, String id, JsonNode view) {
        JsonNode page = Codec.parse(It.as(token).get("/api/tables/" + id + "/events?since=" + (view.get("seq").asLong() - 1))
                .asString());
        Instant at = Instant.parse(page.at("/events/0/at").textValue());
        JsonNode clock = view.get("clock");
        assertEquals(view.at("/deal/toAct").asInt(), clock.get("seat").asInt(), clock.toString());
        assertEquals(at.plusSeconds(30), Instant.parse(clock.get("turnEnds").textValue()));
        assertTrue(clock.get("graceEnds").isNull());
        assertFalse(clock.get("computerMoves").asBoolean());
    }

    @Test
    void aTimeoutTheGraceAndTheComputersMoveShowInTheViewAndTheEvents() {
        String p0 = "p0-" + UUID.randomUUID();
        String p1 = "p1-" + UUID.randomUUID();
        String t0 = tokens.issue(new Player(p0, "Anna"));
        Rules timed = Rules.defaults(2).withDealsPerMatch(1).withTurnClockSeconds(60);
        Script g = Script.started("clock-" + UUID.randomUUID(), p0, p1, timed, 99).play(3);
        int seat = g.state.toAct();
        Instant turnStarted = g.seq(g.lastSeq()).at();
        Instant graceEnds = turnStarted.plusSeconds(70);
        g.run(new TableCommand.TimeOut("clock", seat, graceEnds));
        long timedOut = g.lastSeq();
        publish(g, 1, timedOut);
        JsonNode v = viewAt(t0, g.tableId, timedOut);
        assertEquals(seat, v.at("/clock/seat").asInt());
        assertEquals(turnStarted.plusSeconds(60).toString(), v.at("/clock/turnEnds").textValue());
        assertEquals(graceEnds.toString(), v.at("/clock/graceEnds").textValue());
        assertFalse(v.at("/clock/computerMoves").asBoolean());

        g.run(new TableCommand.GraceOver("clock", seat));
        publish(g, timedOut + 1, g.lastSeq());
        v = viewAt(t0, g.tableId, g.lastSeq());
        assertTrue(v.at("/clock/computerMoves").asBoolean());
        assertEquals(turnStarted.plusSeconds(60).toString(), v.at("/clock/turnEnds").textValue(),
                "a timeout does not restart the clock");

        long before = g.lastSeq();
        Move m = Views.seatView(g.state.match().deal(), seat).legalMoves().get(0);
        g.run(new TableCommand.Play(g.state.seats().get(seat).playerId(), m, true));
        publish(g, before + 1, g.lastSeq());
        v = viewAt(t0, g.tableId, g.lastSeq());
        assertEquals(g.state.toAct(), v.at("/clock/seat").asInt());
        assertTrue(v.at("/clock/graceEnds").isNull());
        assertEquals(g.seq(g.lastSeq()).at().plusSeconds(60).toString(), v.at("/clock/turnEnds").textValue());

        JsonNode events = Codec.parse(It.as(t0).get("/api/tables/" + g.tableId + "/events?since=" + (timedOut - 1))
                .asString()).get("events");
        assertEquals("TimedOut", events.at("/0/event/type").textValue());
        assertEquals(graceEnds.toString(), events.at("/0/event/graceEnds").textValue());
        assertEquals("GraceRanOut", events.at("/1/event/type").textValue());
        assertEquals("PlayedByComputer", events.at("/2/event/type").textValue());
        assertEquals(seat, events.at("/2/event/seat").asInt());
        assertEquals(g.lastSeq() - timedOut + 1, events.size());
        assertEquals(g.seq(timedOut + 3).type(), events.at("/3/event/type").textValue(), "the computer's move follows");
    }

    private void publish(Script g, long from, long to) {
        store.insert(g.range(from, to));
        Kafka.publish(producer, g.range(from, to));
    }

    private static JsonNode viewAt(String token, String id, long seq) {
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline) {
            var r = It.as(token).get("/api/tables/" + id + "/view");
            if (r.statusCode() == 200 && r.jsonPath().getLong("seq") >= seq) {
                return Codec.parse(r.asString());
            }
            Kafka.sleep(100);
        }
        throw new AssertionError("the view did not reach seq " + seq);
    }

    private static boolean contains(JsonNode moves, JsonNode move) {
        Move wanted = Codec.readMove(move);
        for (JsonNode m : moves) {
            if (Codec.readMove(m).equals(wanted)) {
                return true;
            }
        }
        return false;
    }
}
