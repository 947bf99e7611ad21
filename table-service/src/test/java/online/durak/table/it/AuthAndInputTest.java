package online.durak.table.it;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import online.durak.messages.Codec;
import online.durak.table.Script;
import online.durak.table.auth.Player;
import online.durak.table.auth.TokenService;
import online.durak.table.auth.Tokens;
import online.durak.testkit.DurakInfraResource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Sign-in, tokens, and every bad input that needs no rules service: each answered with its status and code,
 * and none of them publishes a command or changes a table.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class AuthAndInputTest {
    private static Kafka.Reader commands;

    @Inject
    TokenService tokens;

    @Inject
    TestStore store;

    @TestHTTPResource("/")
    URI base;

    @BeforeEach
    void setUp() {
        It.awaitReady();
        if (commands == null) {
            commands = new Kafka.Reader(TestTopics.COMMANDS, null);
        }
    }

    @AfterAll
    static void tearDown() {
        if (commands != null) {
            commands.close();
            commands = null;
        }
    }

    /** Commands published for this player so far (after a moment for stragglers). */
    private static List<ConsumerRecord<String, byte[]>> published(String playerId) {
        Kafka.sleep(700);
        return commands.records().stream()
                .filter(r -> new String(r.value(), StandardCharsets.UTF_8).contains("\"playerId\":\"" + playerId + "\""))
                .toList();
    }

    /** The error, its message starting with {@code message} (the field named first). */
    private static void error(io.restassured.response.Response r, int status, String code, String message) {
        r.then().statusCode(status).contentType(ContentType.JSON).body("code", equalTo(code))
                .body("message", startsWith(message));
    }

    private static void error(io.restassured.response.Response r, int status, String code) {
        r.then().statusCode(status).contentType(ContentType.JSON).body("code", equalTo(code))
                .body("message", not(equalTo("")));
    }

    // ---- sign-in and tokens ----

    @Test
    void signIn_givesATokenThatNamesThePlayer() {
        JsonPath g = It.guest("Anna");
        assertEquals("Anna", g.getString("name"));
        It.as(g.getString("token")).get("/api/me").then().statusCode(200)
                .body("playerId", equalTo(g.getString("playerId"))).body("name", equalTo("Anna"));
    }

    @Test
    void signIn_refusesBadBodies() {
        error(given().contentType(ContentType.JSON).body("{\"name\":").post("/api/guests"), 400, "INVALID_JSON");
        error(given().contentType(ContentType.JSON).body("[1]").post("/api/guests"), 400, "INVALID_JSON",
                "the body must be a JSON object");
        error(given().contentType(ContentType.JSON).body("\"Anna\"").post("/api/guests"), 400, "INVALID_JSON",
                "the body must be a JSON object");
        error(given().contentType(ContentType.JSON).post("/api/guests"), 400, "INVALID_JSON");
        error(given().contentType(ContentType.JSON).body("{\"name\":\"a\"} {}").post("/api/guests"), 400, "INVALID_JSON",
                "not valid JSON: there is more text after the JSON value");
        error(given().contentType(ContentType.JSON).body("{\"name\":\"a\",\"name\":\"b\"}").post("/api/guests"), 400,
                "INVALID_JSON", "not valid JSON: field \"name\" is given twice");
        error(given().contentType(ContentType.JSON).body("{\"name\":5}").post("/api/guests"), 400, "INVALID_REQUEST",
                "name: must be a string");
        error(given().contentType(ContentType.JSON).body("{\"name\":[\"Anna\"]}").post("/api/guests"), 400,
                "INVALID_REQUEST", "name: must be a string");
        error(given().contentType(ContentType.JSON).body("{\"nick\":\"x\"}").post("/api/guests"), 400, "INVALID_REQUEST",
                "nick: is not a known field (known: name)");
        error(given().contentType(ContentType.JSON).body("{\"name\":\"  \"}").post("/api/guests"), 400, "INVALID_NAME");
        error(given().contentType(ContentType.JSON).body("{\"name\":\"" + "x".repeat(40) + "\"}").post("/api/guests"),
                400, "INVALID_NAME");
    }

    @Test
    void signIn_refusesNamesThatDoNotReadAsWhatTheyAre() {
        // JSON escapes, so the server's JSON reader makes the characters (a lone surrogate cannot be sent as UTF-8)
        for (String name : new String[] {"\\u200B", "\\u202Eevil", "ab\\uD800"}) {
            given().contentType(ContentType.JSON).body("{\"name\":\"" + name + "\"}").post("/api/guests")
                    .then().statusCode(400).contentType(ContentType.JSON).body("code", equalTo("INVALID_NAME"))
                    .body("message", startsWith("name: must not hold"));
        }
        // a control character is refused by the JSON reader itself, in any field (durak-service's RequestText)
        given().contentType(ContentType.JSON).body("{\"name\":\"\\u0007bell\"}").post("/api/guests")
                .then().statusCode(400).contentType(ContentType.JSON).body("code", equalTo("INVALID_REQUEST"))
                .body("message", equalTo("name: must not hold a control character (U+0007 at character 1)"));
        // normalised (NFKC) and trimmed, the name is kept as it reads
        given().contentType(ContentType.JSON).body("{\"name\":\" Zoe\\u0308 \"}").post("/api/guests")
                .then().statusCode(201).body("name", equalTo("Zo\u00EB"));
    }

    @Test
    void missingOrForgedTokens_are401() {
        String token = It.guest("Anna").getString("token");
        String forged = token.substring(0, token.length() - 3) + (token.endsWith("AAA") ? "BBB" : "AAA");
        String otherKey = Tokens.signedByAnotherKey(new Player("p", "Mallory"));
        String expired = Tokens.expired(new Player("p", "Mallory"));
        for (String auth : new String[] {null, "", "Bearer", "Basic dXNlcjpwdw==", "Bearer " + forged,
                "Bearer " + otherKey, "Bearer " + expired, "Bearer not.a.jwt", token}) {
            RequestSpecification r = auth == null ? given() : given().header("Authorization", auth);
            error(r.get("/api/me"), 401, "UNAUTHORIZED");
            error(r.post("/api/guests/renew"), 401, "UNAUTHORIZED");
            error(r.get("/api/tables"), 401, "UNAUTHORIZED");
            error(r.get("/api/tables/abc/view"), 401, "UNAUTHORIZED");
            error(r.get("/api/tables/abc/events"), 401, "UNAUTHORIZED");
            error(r.get("/api/tables/abc/board"), 401, "UNAUTHORIZED");
            error(r.contentType(ContentType.JSON).body("{\"settings\":{\"players\":2}}").post("/api/tables"), 401, "UNAUTHORIZED");
            error(r.contentType(ContentType.JSON).body("{\"commandId\":\"c1\",\"move\":{\"type\":\"take\"}}")
                    .post("/api/tables/abc/moves"), 401, "UNAUTHORIZED");
        }
        assertTrue(published("p").isEmpty());
    }

    @Test
    void renew_givesAFreshToken_forTheSamePlayer() throws Exception {
        JsonPath guest = It.guest("Anna");
        String token = guest.getString("token");
        Thread.sleep(1100); // a later iat/exp, so the fresh token differs from the old one
        JsonPath renewed = given().header("Authorization", "Bearer " + token).post("/api/guests/renew")
                .then().statusCode(200).contentType(ContentType.JSON).extract().jsonPath();
        assertEquals(guest.getString("playerId"), renewed.getString("playerId"));
        assertEquals("Anna", renewed.getString("name"));
        String fresh = renewed.getString("token");
        assertTrue(!fresh.equals(token), "a new token");
        given().header("Authorization", "Bearer " + fresh).get("/api/me").then().statusCode(200)
                .body("playerId", equalTo(guest.getString("playerId"))).body("name", equalTo("Anna"));
        // an open call ignores a bad token: sign-in still works with one
        given().header("Authorization", "Bearer forged").contentType(ContentType.JSON).body("{\"name\":\"Boris\"}")
                .post("/api/guests").then().statusCode(201);
    }

    @Test
    void webSocket_withoutAValidToken_isRefused() {
        URI ws = URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/abc/ws");
        String otherKey = Tokens.signedByAnotherKey(new Player("p", "Mallory"));
        String expired = Tokens.expired(new Player("p", "Mallory"));
        for (URI uri : List.of(ws, URI.create(ws + "?token=v1.x.y.z"), URI.create(ws + "?token=" + otherKey),
                URI.create(ws + "?token=" + expired))) {
            CompletionException e = assertThrows(CompletionException.class, () -> WsClient.connect(uri).close());
            WebSocketHandshakeException h = assertInstanceOf(WebSocketHandshakeException.class, e.getCause());
            assertEquals(401, h.getResponse().statusCode());
        }
    }

    @Test
    void webSocket_withoutAValidToken_isAJsonError() {
        for (String query : new String[] {"", "?token=v1.x.y.z", "?token=" + Tokens.expired(new Player("p", "Mallory")),
                "?token=" + Tokens.signedByAnotherKey(new Player("p", "Mallory"))}) {
            given().header("Connection", "Upgrade").header("Upgrade", "websocket").header("Sec-WebSocket-Version", "13")
                    .header("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==").get("/api/tables/abc/ws" + query)
                    .then().statusCode(401).contentType(ContentType.JSON).body("code", equalTo("UNAUTHORIZED"))
                    .body("message", containsString("token"));
        }
    }

    // ---- tables ----

    @Test
    void createTable_refusesBadSettingsNamingTheSetting() {
        JsonPath g = It.guest("Anna");
        String token = g.getString("token");
        error(It.as(token).body("{\"settings\":").post("/api/tables"), 400, "INVALID_JSON");
        error(It.as(token).body("\"just text\"").post("/api/tables"), 400, "INVALID_JSON");
        String[][] cases = {
                {"{\"players\":7}", "players"},
                {"{\"players\":1}", "players"},
                {"{}", "players"},
                {"{\"players\":5,\"deck\":24}", "players"},
                {"{\"players\":3,\"teams\":true}", "teams"},
                {"{\"players\":2,\"variant\":\"FOOL\"}", "variant"},
                {"{\"players\":2,\"deck\":40}", "deck"},
                {"{\"players\":2,\"showTrumpToTransfer\":true}", "showTrumpToTransfer"},
                {"{\"players\":2,\"dealsPerMatch\":4}", "dealsPerMatch"},
                {"{\"players\":2,\"turnClock\":45}", "turnClock"},
                {"{\"players\":2,\"stake\":-1}", "stake"},
                {"{\"players\":2,\"throwIn\":\"SOMETIMES\"}", "throwIn"},
                {"{\"players\":2,\"colour\":\"red\"}", "colour"},
                {"[2]", ""},
        };
        for (String[] c : cases) {
            It.as(token).body("{\"settings\":" + c[0] + "}").post("/api/tables").then()
                    .statusCode(400).body("code", equalTo("INVALID_SETTING"))
                    .body("message", startsWith(c[1]));
        }
        error(It.as(token).body("{\"settings\":{\"players\":2},\"tableName\":\"x\"}").post("/api/tables"), 400,
                "INVALID_REQUEST");
        error(It.as(token).body("{\"settings\":{\"players\":2},\"commandId\":\"has spaces\"}").post("/api/tables"), 400,
                "INVALID_REQUEST");
        // guests play without stake (rules §6); an account's stake is held from its chips (AccountsTest, docs/chips.md)
        It.as(token).body("{\"settings\":{\"players\":2,\"stake\":100}}").post("/api/tables").then()
                .statusCode(403).contentType(ContentType.JSON).body("code", equalTo("STAKE_NEEDS_ACCOUNT"))
                .body("message", startsWith("stake: guests play without stake"));
        assertTrue(published(g.getString("playerId")).isEmpty());
        assertTrue(It.lobby(token, "").stream().noneMatch(t -> t.get("createdBy").equals(g.getString("playerId"))));
    }

    @Test
    void unknownTables_are404() {
        JsonPath g = It.guest("Anna");
        String token = g.getString("token");
        String id = "no-such-" + UUID.randomUUID();
        for (String path : List.of("", "/view", "/events", "/board", "/replay?deal=1")) {
            error(It.as(token).get("/api/tables/" + id + path), 404, "NO_SUCH_TABLE");
        }
        for (String path : List.of("/join", "/leave", "/start", "/continue")) {
            error(It.as(token).post("/api/tables/" + id + path), 404, "NO_SUCH_TABLE");
        }
        error(It.as(token).body("{\"commandId\":\"c1\",\"move\":{\"type\":\"take\"}}").post("/api/tables/" + id + "/moves"),
                404, "NO_SUCH_TABLE");
        error(It.as(token).get("/api/tables/" + "x".repeat(101) + "/view"), 404, "NO_SUCH_TABLE");
        error(It.as(token).get("/api/tables/a%00b/view"), 404, "NO_SUCH_TABLE");
        error(It.as(token).get("/api/tables/a%20b/board"), 404, "NO_SUCH_TABLE");
        assertTrue(published(g.getString("playerId")).isEmpty());
    }

    @Test
    void players_withoutASeat_areRefused403() throws Exception {
        // a table that may not be watched: SpectatorsTest has the public view of one that may
        Script game = Script.started("t-" + UUID.randomUUID(), "p0-" + UUID.randomUUID(), "p1-" + UUID.randomUUID(),
                Script.twoPlayers(1).withSpectators(false), 17).play(3);
        store.insert(game.messages); // only in the store: the service reads it on demand
        JsonPath stranger = It.guest("Stranger");
        String token = stranger.getString("token");
        String t = "/api/tables/" + game.tableId;
        It.as(token).get(t).then().statusCode(200).body("status", equalTo("PLAYING"))
                .body("seq", equalTo((int) game.lastSeq()));
        It.as(token).get(t + "/board").then().statusCode(200);
        error(It.as(token).get(t + "/view"), 403, "NOT_SEATED");
        error(It.as(token).get(t + "/events"), 403, "NOT_SEATED");
        error(It.as(token).body("{\"commandId\":\"c1\",\"move\":{\"type\":\"take\"}}").post(t + "/moves"), 403, "NOT_SEATED");
        error(It.as(token).post(t + "/leave"), 403, "NOT_SEATED");
        // a command without a body needs no content type (rest-assured would add one), or may name any
        java.net.http.HttpResponse<String> bare = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(base.resolve(t + "/continue"))
                        .header("Authorization", "Bearer " + token)
                        .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(403, bare.statusCode(), bare.body());
        error(given().header("Authorization", "Bearer " + token).contentType(ContentType.TEXT).post(t + "/continue"),
                403, "NOT_SEATED");
        error(It.as(token).post(t + "/continue"), 403, "NOT_SEATED");
        error(It.as(token).body("{\"seat\":1,\"level\":\"EASY\"}").post(t + "/bots"), 403, "NOT_SEATED");
        assertTrue(published(stranger.getString("playerId")).isEmpty());
        assertEquals(game.lastSeq(), store.count(game.tableId));
    }

    /**
     * docs/daily.md "What a player of the day sees": another player's daily table is refused whole until its day is
     * over (UTC), its finished deals included; its own player sees all of it; afterwards it is a table like any other.
     */
    @Test
    void anotherPlayersDailyTable_isRefused_untilItsDayIsOver() throws Exception {
        LocalDate notOver = LocalDate.now(ZoneOffset.UTC).plusDays(1); // a day not over yet, whenever the test runs
        String ann = "ann-" + UUID.randomUUID();
        Script daily = Script.daily("daily-" + UUID.randomUUID(), ann, notOver, false).playDeal();
        store.insert(daily.messages); // deal 1 is over, deal 2 waits on the board
        String t = "/api/tables/" + daily.tableId;
        String own = tokens.issue(new Player(ann, "Ann"));
        It.as(own).get(t).then().statusCode(200).body("status", equalTo("PLAYING"));
        It.as(own).get(t + "/view").then().statusCode(200).body("deal.shuffleCommitment", not(equalTo(null)));
        It.as(own).get(t + "/events").then().statusCode(200);
        It.as(own).get(t + "/board").then().statusCode(200);
        It.as(own).get(t + "/replay?deal=1").then().statusCode(200)
                .body("shuffleProof.salt", not(equalTo(null)));

        JsonPath bob = It.guest("Bob");
        String other = bob.getString("token");
        error(It.as(other).get(t), 403, "DAILY_HIDDEN");
        error(It.as(other).get(t + "/view"), 403, "DAILY_HIDDEN");
        error(It.as(other).get(t + "/events"), 403, "DAILY_HIDDEN");
        error(It.as(other).get(t + "/board"), 403, "DAILY_HIDDEN");
        error(It.as(other).get(t + "/replay?deal=1"), 403, "DAILY_HIDDEN");
        error(It.as(other).post(t + "/join"), 403, "DAILY_HIDDEN");
        error(It.as(other).post(t + "/continue"), 403, "DAILY_HIDDEN");
        error(It.as(other).post(t + "/hint"), 403, "DAILY_HIDDEN");
        error(It.as(other).post(t + "/again"), 403, "DAILY_HIDDEN");
        error(It.as(other).body("{\"commandId\":\"c1\",\"move\":{\"type\":\"take\"}}").post(t + "/moves"), 403,
                "DAILY_HIDDEN");
        URI socket = URI.create(base.toString().replaceFirst("^http", "ws") + t.substring(1) + "/ws?token=" + other);
        try (WsClient s = WsClient.connect(socket)) {
            JsonNode e = s.next();
            assertEquals("DAILY_HIDDEN", e.get("code").textValue(), e.toString());
            for (int i = 0; i < 50 && s.closeCode() == null; i++) {
                Kafka.sleep(100);
            }
            assertEquals(4403, s.closeCode());
        }
        It.as(other).get("/api/tables").then().statusCode(200).body("tableId", not(hasItem(daily.tableId)));
        assertTrue(published(bob.getString("playerId")).isEmpty());
        assertEquals(daily.lastSeq(), store.count(daily.tableId));

        // a practice attempt deals the same cards: hidden as well
        Script practice = Script.daily("daily-" + UUID.randomUUID(), ann, notOver, true).play(3);
        store.insert(practice.messages);
        error(It.as(other).get("/api/tables/" + practice.tableId + "/board"), 403, "DAILY_HIDDEN");

        // once the day is over, anyone may look
        Script past = Script.daily("daily-" + UUID.randomUUID(), ann, LocalDate.now(ZoneOffset.UTC).minusDays(2), false)
                .playDeal();
        store.insert(past.messages);
        It.as(other).get("/api/tables/" + past.tableId).then().statusCode(200);
        It.as(other).get("/api/tables/" + past.tableId + "/board").then().statusCode(200);
        It.as(other).get("/api/tables/" + past.tableId + "/replay?deal=1").then().statusCode(200)
                .body("shuffleProof.commitment", not(equalTo(null)));
        error(It.as(other).get("/api/tables/" + past.tableId + "/view"), 403, "NOT_SEATED");
    }

    @Test
    void badMovesAndParameters_are400() {
        String p0 = "p0-" + UUID.randomUUID();
        Script game = Script.started("t-" + UUID.randomUUID(), p0, "p1-" + UUID.randomUUID(), Script.twoPlayers(1), 3);
        store.insert(game.messages);
        String token = tokens.issue(new Player(p0, "Anna"));
        String t = "/api/tables/" + game.tableId;
        error(It.as(token).body("{\"move\":{\"type\":\"take\"}}").post(t + "/moves"), 400, "INVALID_REQUEST",
                "commandId: is required");
        error(It.as(token).body("{\"commandId\":7,\"move\":{\"type\":\"take\"}}").post(t + "/moves"), 400,
                "INVALID_REQUEST", "commandId: must be a string");
        error(It.as(token).body("{\"commandId\":\"" + "c".repeat(65) + "\",\"move\":{\"type\":\"take\"}}").post(t + "/moves"),
                400, "INVALID_REQUEST");
        error(It.as(token).body("{\"commandId\":\"c1\"}").post(t + "/moves"), 400, "INVALID_MOVE", "move: is required");
        error(It.as(token).body("{\"commandId\":\"c1\",\"move\":{\"type\":\"take\"},\"x\":1}").post(t + "/moves"),
                400, "INVALID_REQUEST", "x: is not a known field (known: commandId, move)");
        It.as(token).body("{\"commandId\":\"c1\",\"move\":{\"type\":\"fly\"}}").post(t + "/moves").then()
                .statusCode(400).body("code", equalTo("INVALID_MOVE")).body("message", startsWith("type"));
        It.as(token).body("{\"commandId\":\"c1\",\"move\":{\"type\":\"attack\",\"cards\":[\"1Z\"]}}").post(t + "/moves")
                .then().statusCode(400).body("code", equalTo("INVALID_MOVE")).body("message", containsString("cards"));
        error(It.as(token).body("{\"commandId\":\"c1\",\"move\":").post(t + "/moves"), 400, "INVALID_JSON");
        error(It.as(token).body("{\"seat\":\"one\"}").post(t + "/join"), 400, "INVALID_REQUEST", "seat: must be a whole number");
        error(It.as(token).body("{\"seat\":1.5}").post(t + "/join"), 400, "INVALID_REQUEST", "seat: must be a whole number");
        error(It.as(token).body("{\"seat\":99999999999}").post(t + "/join"), 400, "INVALID_REQUEST",
                "seat: must be a whole number from -2147483648 to 2147483647");
        error(It.as(token).body("{\"seat\":}").post(t + "/join"), 400, "INVALID_JSON", "not valid JSON: a syntax error");
        error(It.as(token).body("{\"seat\":1").post(t + "/join"), 400, "INVALID_JSON", "not valid JSON: it ends too early");
        error(It.as(token).body("{\"seat\":1,\"level\":\"GODLIKE\"}").post(t + "/bots"), 400, "INVALID_REQUEST",
                "level: must be EASY, NORMAL, STRONG");
        error(It.as(token).body("{\"level\":\"EASY\"}").post(t + "/bots"), 400, "INVALID_REQUEST", "seat: is required");
        error(It.as(token).body("{\"seat\":1}").post(t + "/bots"), 400, "INVALID_REQUEST", "level: is required");
        error(It.as(token).body("{\"commandId\":\"c1\",\"why\":1}").post(t + "/start"), 400, "INVALID_REQUEST",
                "why: is not a known field (known: commandId)");
        error(It.as(token).get(t + "/events?since=abc"), 400, "INVALID_PARAMETER");
        error(It.as(token).get(t + "/events?since=-1"), 400, "INVALID_PARAMETER");
        error(It.as(token).get(t + "/events?since=99999999999999999999"), 400, "INVALID_PARAMETER");
        It.as(token).get(t + "/events?since=" + Long.MAX_VALUE).then().statusCode(200).body("events.size()", equalTo(0));
        error(It.as(token).get(t + "/replay"), 400, "INVALID_PARAMETER");
        error(It.as(token).get(t + "/replay?deal=0"), 400, "INVALID_PARAMETER");
        error(It.as(token).get(t + "/replay?deal=1"), 409, "DEAL_RUNNING");
        error(It.as(token).get(t + "/replay?deal=2"), 404, "NO_SUCH_DEAL");
        assertTrue(published(p0).isEmpty());
        It.as(token).get(t + "/view").then().statusCode(200).body("seq", equalTo((int) game.lastSeq()));
    }

    @Test
    void aBodyThatIsNotJson_is415_andChangesNothing() throws Exception {
        String p0 = "p0-" + UUID.randomUUID();
        Script game = Script.started("t-" + UUID.randomUUID(), p0, "p1-" + UUID.randomUUID(), Script.twoPlayers(1), 3);
        store.insert(game.messages);
        String token = tokens.issue(new Player(p0, "Anna"));
        String t = "/api/tables/" + game.tableId;
        String move = "{\"commandId\":\"c415\",\"move\":{\"type\":\"take\"}}";
        It.as(token).get(t + "/view").then().statusCode(200).body("seq", equalTo((int) game.lastSeq()));
        given().header("Authorization", "Bearer " + token).contentType(ContentType.TEXT).body(move)
                .post(t + "/moves").then().statusCode(415).body("code", equalTo("UNSUPPORTED_MEDIA_TYPE"));
        // without a Content-Type header at all (rest-assured would add one)
        java.net.http.HttpResponse<String> bare = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(base.resolve(t + "/moves"))
                        .header("Authorization", "Bearer " + token)
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(move)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(415, bare.statusCode(), bare.body());
        assertEquals("UNSUPPORTED_MEDIA_TYPE", Codec.parse(bare.body()).path("code").asText(), bare.body());
        given().header("Authorization", "Bearer " + token).contentType(ContentType.TEXT)
                .body("{\"settings\":{\"players\":2}}").post("/api/tables").then().statusCode(415);
        given().contentType(ContentType.TEXT).body("{\"name\":\"Anna\"}").post("/api/guests").then().statusCode(415)
                .body("code", equalTo("UNSUPPORTED_MEDIA_TYPE"));
        assertTrue(published(p0).isEmpty());
        It.as(token).get(t + "/view").then().statusCode(200).body("seq", equalTo((int) game.lastSeq()));
    }

    @Test
    void aCommandNobodyAnswers_is504RulesTimeout() {
        JsonPath g = It.guest("Anna");
        long t0 = System.currentTimeMillis();
        error(It.as(g.getString("token")).body("{\"settings\":{\"players\":2},\"commandId\":\"create-1\"}")
                .post("/api/tables"), 504, "RULES_TIMEOUT");
        assertTrue(System.currentTimeMillis() - t0 >= 1500);
        List<ConsumerRecord<String, byte[]>> sent = published(g.getString("playerId"));
        assertEquals(1, sent.size());
        var command = Codec.readCommandMessage(sent.get(0).value());
        assertEquals(g.getString("playerId") + ":create-1", command.commandId());
        assertEquals(command.tableId(), sent.get(0).key());
        assertEquals("create", command.payload().type());
    }
}
