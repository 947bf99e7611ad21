package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Deck;
import online.durak.messages.Codec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every kind of bad input gets its status and stable code, and leaves the table's event log as it was.
 * Ann and Bob play at a started 2-player table, and sit at another one that has not started; Cid sits nowhere;
 * a 3-seat table waits with Ann alone.
 */
@ExtendWith(SystemUnderTest.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputTest {

    private Api api;
    private Api.Guest ann;
    private Api.Guest bob;
    private Api.Guest cid;
    private String table;
    private String path;
    private String waiting;
    private String full;

    @BeforeAll
    void twoTables() {
        api = SystemUnderTest.api();
        List<Api.Guest> g = Players.signIn(api, "Ann", "Bob", "Cid");
        ann = g.get(0);
        bob = g.get(1);
        cid = g.get(2);
        table = Players.openTable(api, List.of(ann, bob), Api.object().put("players", 2).putNull("turnClock"));
        path = "/api/tables/" + table;
        Api.Response r = api.post(path + "/start", ann.token(), Api.object());
        assertEquals(200, r.status(), r.toString());
        full = Players.openTable(api, List.of(ann, bob), Api.object().put("players", 2).putNull("turnClock"));
        waiting = Players.openTable(api, List.of(ann), Api.object().put("players", 3).putNull("turnClock"));
    }

    /** Runs {@code call}, checks status and code, and that no table's log changed. */
    private Api.Response refused(int status, String code, Supplier<Api.Response> call) {
        List<String> tables = List.of(table, full, waiting);
        List<Long> before = tables.stream().map(Truth::lastSeq).toList();
        Api.Response r = call.get();
        assertEquals(status, r.status(), r.toString());
        assertEquals(code, r.code(), r.toString());
        assertTrue(r.body().hasNonNull("message"), r.toString());
        assertEquals(before, tables.stream().map(Truth::lastSeq).toList(), "a table's log changed");
        return r;
    }

    private Api.Guest toAct() {
        return Moves.toAct(api.get(path + "/view", ann.token()).body()) == 0 ? ann : bob;
    }

    private Api.Guest notToAct() {
        return toAct() == ann ? bob : ann;
    }

    private static ObjectNode move(String json) {
        return Players.moveBody("c-" + System.nanoTime(), Codec.parse(json));
    }

    @Test
    void malformedJson_isInvalidJson() {
        String token = toAct().token();
        refused(400, "INVALID_JSON", () -> api.post(path + "/moves", token, "{\"commandId\":\"x1\",\"move\":"));
        refused(400, "INVALID_JSON", () -> api.post("/api/tables", ann.token(), "{\"settings\":{\"players\":2}"));
        refused(400, "INVALID_JSON", () -> api.post("/api/guests", null, "not json"));
    }

    @Test
    void wrongShapes_areInvalidRequestOrInvalidMove() {
        String token = toAct().token();
        refused(400, "INVALID_REQUEST", () -> api.post(path + "/moves", token,
            move("{\"type\":\"pass\"}").put("extra", 1)));
        refused(400, "INVALID_REQUEST", () -> api.post(path + "/moves", token, "{\"move\":{\"type\":\"take\"}}"));
        refused(400, "INVALID_MOVE", () -> api.post(path + "/moves", token, move("{\"type\":\"fly\"}")));
        refused(400, "INVALID_MOVE", () -> api.post(path + "/moves", token,
            move("{\"type\":\"attack\",\"cards\":[\"11X\"]}")));
    }

    @Test
    void unknownTable_isNoSuchTable() {
        refused(404, "NO_SUCH_TABLE", () -> api.post("/api/tables/nosuchtable/moves", ann.token(),
            move("{\"type\":\"pass\"}")));
        refused(404, "NO_SUCH_TABLE", () -> api.get("/api/tables/nosuchtable/view", ann.token()));
        refused(404, "NO_SUCH_TABLE", () -> api.post("/api/tables/nosuchtable/join", cid.token(), Api.object()));
    }

    @Test
    void unknownSeat_isNoSuchSeat() {
        refused(422, "NO_SUCH_SEAT", () -> api.post("/api/tables/" + waiting + "/join", cid.token(),
            Api.object().put("seat", 7)));
    }

    @Test
    void aFullTable_isTableFull() {
        refused(409, "TABLE_FULL", () -> api.post("/api/tables/" + full + "/join", cid.token(), Api.object()));
    }

    @Test
    void aMoveAtATableWhereOneHasNoSeat_isNotSeated() {
        refused(403, "NOT_SEATED", () -> api.post(path + "/moves", cid.token(), move("{\"type\":\"pass\"}")));
        // one without a seat may watch a running table (docs/websocket.md "Spectators"): the public view, no hand
        JsonNode watched = api.get(path + "/view", cid.token()).body();
        assertEquals(-1, watched.path("seat").asInt(), watched.toString());
        assertTrue(watched.path("deal").path("hand").isMissingNode(), watched.toString());
    }

    @Test
    void aMoveOutOfTurn_isNotYourTurn() {
        Api.Guest other = notToAct();
        JsonNode hand = api.get(path + "/view", other.token()).body().path("deal").path("hand");
        refused(409, "NOT_YOUR_TURN", () -> api.post(path + "/moves", other.token(),
            move("{\"type\":\"attack\",\"cards\":[\"" + hand.get(0).asText() + "\"]}")));
    }

    @Test
    void anIllegalMove_isRefusedWithTheEnginesCode() {
        Api.Guest actor = toAct();
        JsonNode view = api.get(path + "/view", actor.token()).body();
        assertEquals("ATTACK", view.path("deal").path("phase").asText(), "the first bout opens with an attack");
        CardSet hand = Codec.readCards(view.path("deal").path("hand"));
        Card notMine = Deck.ofSize(36).cards().cards().stream().filter(c -> !hand.contains(c)).findFirst().orElseThrow();
        refused(422, "CARD_NOT_IN_HAND", () -> api.post(path + "/moves", actor.token(),
            move("{\"type\":\"attack\",\"cards\":[\"" + Codec.cardText(notMine) + "\"]}")));
        refused(409, "WRONG_PHASE", () -> api.post(path + "/moves", actor.token(), move("{\"type\":\"take\"}")));
    }

    @Test
    void noToken_orAForgedOne_isUnauthorized() {
        refused(401, "UNAUTHORIZED", () -> api.post(path + "/moves", null, move("{\"type\":\"pass\"}")));
        refused(401, "UNAUTHORIZED", () -> api.get("/api/tables", null));
        // Ann's signature on a token (a JWT) whose claims say it is Bob
        String[] parts = ann.token().split("\\.");
        String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        assertTrue(claims.contains(ann.playerId()), claims);
        parts[1] = Base64.getUrlEncoder().withoutPadding()
            .encodeToString(claims.replace(ann.playerId(), bob.playerId()).getBytes(StandardCharsets.UTF_8));
        String forged = String.join(".", parts);
        refused(401, "UNAUTHORIZED", () -> api.post(path + "/moves", forged, move("{\"type\":\"pass\"}")));
        refused(401, "UNAUTHORIZED", () -> api.get(path + "/view", "v1.garbage"));
        // a WebSocket needs a valid token too: the upgrade itself is refused
        for (String token : new String[] {null, forged}) {
            CompletionException e = assertThrows(CompletionException.class,
                () -> api.webSocket(table, token, new WebSocket.Listener() { }).join());
            WebSocketHandshakeException h = assertInstanceOf(WebSocketHandshakeException.class, e.getCause());
            assertEquals(401, h.getResponse().statusCode());
        }
    }

    @Test
    void badWebSocketFrames_getAnErrorFrame_andChangeNothing() {
        Api.Guest actor = toAct();
        WsPlayer ws = WsPlayer.connect(api, table, actor, actor == ann ? 0 : 1, new Seen(), "bad frames");
        try {
            String[][] cases = {
                {"{\"type\":\"move\",\"move\":{\"type\":\"pass\"}}", "INVALID_FRAME"},
                {"{\"type\":\"dance\"}", "INVALID_FRAME"},
                {"{\"type\":\"move\",\"commandId\":\"w1\",\"move\":{\"type\":\"fly\"}}", "INVALID_MOVE"},
                {"[1,2", "INVALID_JSON"},
            };
            for (int i = 0; i < cases.length; i++) {
                String frame = cases[i][0];
                int n = i + 1;
                JsonNode error = refusedFrame(() -> {
                    ws.sendText(frame);
                    return ws.awaitError(n);
                });
                assertEquals(cases[i][1], error.get("code").asText(), error.toString());
            }
        } finally {
            ws.close();
        }
        // a socket to a table that does not exist is closed after an error frame
        WsPlayer nowhere = WsPlayer.connectRefused(api, "nosuchtable", ann);
        assertEquals("NO_SUCH_TABLE", nowhere.awaitError(1).get("code").asText());
    }

    private JsonNode refusedFrame(Supplier<JsonNode> call) {
        List<String> tables = List.of(table, full, waiting);
        List<Long> before = tables.stream().map(Truth::lastSeq).toList();
        JsonNode error = call.get();
        assertEquals("error", error.get("type").asText());
        assertEquals(before, tables.stream().map(Truth::lastSeq).toList(), "a table's log changed");
        return error;
    }

    @Test
    void invalidSettings_areInvalidSettingNamingTheSetting_andCreateNoTable() {
        long tablesOfAnn = Truth.count("select count(*) from table_events where type = 'TableCreated' "
            + "and event->>'createdBy' = ?", ann.playerId());
        for (ObjectNode settings : List.of(Api.object().put("players", 9), Api.object().put("players", 2).put("dealsPerMatch", 2),
            Api.object().put("players", 2).put("variant", "CHESS"), Api.object().put("players", 2).put("colour", "red"),
            Api.object().put("deck", 36))) {
            Api.Response r = refused(400, "INVALID_SETTING", () -> api.post("/api/tables", ann.token(),
                Api.object().set("settings", settings)));
            String named = settings.has("colour") ? "colour" : settings.has("variant") ? "variant"
                : settings.has("dealsPerMatch") ? "dealsPerMatch" : "players";
            assertTrue(r.body().get("message").asText().contains(named), r.toString());
        }
        assertEquals(tablesOfAnn, Truth.count("select count(*) from table_events where type = 'TableCreated' "
            + "and event->>'createdBy' = ?", ann.playerId()));
    }
}
