package online.durak.table.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import online.durak.engine.Card;
import online.durak.engine.Event;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.messages.EventVisibility;
import online.durak.table.Script;
import online.durak.table.auth.Player;
import online.durak.table.auth.TokenService;
import online.durak.testkit.DurakInfraResource;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The projection against the real broker and store, with a made-up table: events written straight into
 * {@code table_events} and published (some, with a gap and a duplicate) to {@code durak.table-events};
 * then the view and events endpoints and the WebSocket frames of each seat.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class ProjectionTest {
    private static KafkaProducer<String, byte[]> producer;

    @Inject
    TestStore store;

    @Inject
    TokenService tokens;

    @TestHTTPResource("/")
    URI base;

    private String p0;
    private String p1;
    private String t0;
    private String t1;
    private Script game;

    @BeforeEach
    void setUp() {
        It.awaitReady();
        store.ensureSchema();
        if (producer == null) {
            producer = Kafka.producer();
        }
        p0 = "p0-" + UUID.randomUUID();
        p1 = "p1-" + UUID.randomUUID();
        t0 = tokens.issue(new Player(p0, "Anna"));
        t1 = tokens.issue(new Player(p1, "Boris"));
        game = Script.started("t-" + UUID.randomUUID(), p0, p1, Script.twoPlayers(1), 2024).play(10);
    }

    @AfterAll
    static void tearDown() {
        if (producer != null) {
            producer.close();
            producer = null;
        }
    }

    private String path() {
        return "/api/tables/" + game.tableId;
    }

    private URI ws(String query) {
        return URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/" + game.tableId + "/ws" + query);
    }

    /** The seat's view once the service has reached {@code seq}. */
    private JsonPath viewAt(String token, long seq) {
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline) {
            var r = It.as(token).get(path() + "/view");
            if (r.statusCode() == 200 && r.jsonPath().getLong("seq") >= seq) {
                return r.jsonPath();
            }
            Kafka.sleep(100);
        }
        throw new AssertionError("the view did not reach seq " + seq);
    }

    private static Set<String> texts(JsonNode cards) {
        Set<String> s = new HashSet<>();
        cards.forEach(c -> s.add(c.textValue()));
        return s;
    }

    private Set<String> handOf(Script g, int seat) {
        Set<String> s = new HashSet<>();
        for (Card c : g.state.match().deal().hand(seat).cards()) {
            s.add(Codec.cardText(c));
        }
        return s;
    }

    @Test
    void kafkaWithAGapAndADuplicate_thenTheViewAndTheEvents() {
        long n = game.lastSeq();
        Kafka.publish(producer, game.range(1, 3)); // the fast path alone
        assertEquals(3, viewAt(t0, 3).getLong("seq"));
        store.insert(game.range(1, n));
        Kafka.publish(producer, List.of(game.seq(6))); // 4 and 5 come from the store
        Kafka.publish(producer, List.of(game.seq(3), game.seq(2))); // duplicates
        Kafka.publish(producer, game.range(7, n - 2));
        JsonPath v0 = viewAt(t0, n - 2);
        assertEquals(n - 2, v0.getLong("seq"));
        assertEquals(0, v0.getInt("seat"));
        Kafka.publish(producer, game.range(n - 1, n));
        v0 = viewAt(t0, n);
        assertEquals("PLAYING", v0.getString("table.status"));
        assertEquals(1, v0.getInt("match.dealNumber"));
        assertEquals(handOf(game, 0), new HashSet<>(v0.getList("deal.hand", String.class)));
        assertFalse(v0.getMap("deal").containsKey("hands"));
        JsonPath v1 = viewAt(t1, n);
        assertEquals(handOf(game, 1), new HashSet<>(v1.getList("deal.hand", String.class)));

        // every event after 0 as seat 1 may see it: each seq once; the deal without its deck order
        JsonNode page = Codec.parse(It.as(t1).get(path() + "/events?since=0").then().statusCode(200).extract().asString());
        assertEquals(n, page.get("seq").longValue());
        assertEquals(1, page.get("seat").intValue());
        JsonNode events = page.get("events");
        assertEquals(n, events.size());
        for (int i = 0; i < n; i++) {
            JsonNode e = events.get(i);
            assertEquals(i + 1, e.get("seq").longValue());
            assertEquals(game.tableId, e.get("tableId").textValue());
            Event stored = game.seq(i + 1).event();
            if (stored instanceof Event.DealStarted d) {
                assertFalse(e.get("event").has("deckOrder"));
                Set<String> dealt = new HashSet<>();
                EventVisibility.dealtHand(d, 1, 2).cards().forEach(c -> dealt.add(Codec.cardText(c)));
                assertEquals(dealt, texts(e.at("/event/hand")));
            }
            if (stored instanceof Event.CardsDrawn c) {
                assertEquals(c.seat() == 1, e.get("event").has("cards"), e.toString());
            }
        }
        It.as(t1).get(path() + "/events?since=" + (n - 2)).then().statusCode(200).body("events.size()", equalTo(2));
        It.as(t1).get(path() + "/events?since=" + (n + 5)).then().statusCode(200).body("events.size()", equalTo(0));
        It.as(t0).get(path()).then().statusCode(200).body("seq", equalTo((int) n));
    }

    @Test
    void eachSocketGetsItsOwnSeatsEventsAndViewsAndResyncsAfterReconnecting() throws Exception {
        long n = game.lastSeq();
        store.insert(game.messages);
        Kafka.publish(producer, game.messages);
        viewAt(t0, n);
        try (WsClient s0 = WsClient.connect(ws("?token=" + t0));
             WsClient s1a = WsClient.connect(ws(""), "Bearer " + t1)) {
            JsonNode first0 = s0.next();
            assertEquals("view", first0.get("type").textValue());
            assertEquals(n, first0.get("seq").longValue());
            assertEquals(handOf(game, 0), texts(first0.at("/view/deal/hand")));
            JsonNode first1 = s1a.next();
            assertEquals(handOf(game, 1), texts(first1.at("/view/deal/hand")));

            game.play(4);
            long m = game.lastSeq();
            store.insert(game.range(n + 1, m));
            Kafka.publish(producer, game.range(n + 1, m));
            for (WsClient s : List.of(s0, s1a)) {
                int seat = s == s0 ? 0 : 1;
                for (long seq = n + 1; seq <= m; seq++) {
                    JsonNode f = s.next();
                    assertEquals("event", f.get("type").textValue());
                    assertEquals(seq, f.get("seq").longValue());
                    assertEquals(seq, f.at("/event/seq").longValue());
                    assertEquals(seat, f.at("/view/seat").intValue());
                    assertEquals(seq, f.at("/view/seq").longValue());
                    assertFalse(f.at("/view/deal").has("hands"));
                    assertFalse(f.toString().contains("deckOrder"));
                    Event stored = game.seq(seq).event();
                    if (stored instanceof Event.CardsDrawn c) {
                        assertEquals(c.seat() == seat, f.at("/event/event").has("cards"), f.toString());
                    }
                }
                assertEquals(handOf(game, seat), texts(lastHand(s, game, seat, m)));
            }

            // a bad frame gets an error and changes nothing
            s0.send("not json");
            assertEquals("INVALID_JSON", s0.next().get("code").textValue());
            s0.send("{\"type\":\"fly\"}");
            assertEquals("INVALID_FRAME", s0.next().get("code").textValue());
            s0.send("{\"type\":\"move\",\"commandId\":\"c1\",\"move\":{\"type\":\"fly\"}}");
            JsonNode err = s0.next();
            assertEquals("error", err.get("type").textValue());
            assertEquals("INVALID_MOVE", err.get("code").textValue());
            assertEquals("c1", err.get("commandId").textValue());
            s0.send("{\"type\":\"resync\",\"lastSeq\":-4}");
            assertEquals("INVALID_FRAME", s0.next().get("code").textValue());
            s0.send("{\"type\":\"ping\"}");
            assertEquals("pong", s0.next().get("type").textValue());
            // read strictly, as REST bodies are: an unknown field or a wrong JSON type is refused, naming the field
            String[][] strict = {
                {"{\"type\":\"ping\",\"x\":1}", "x: is not a field of this frame"},
                {"{\"type\":\"move\",\"commandId\":\"c2\",\"move\":{\"type\":\"pass\"},\"seat\":1}", "seat: is not a field of this frame"},
                {"{\"type\":\"continue\",\"commandId\":5}", "commandId: must be a string"},
                {"{\"type\":\"resync\",\"lastSeq\":\"3\"}", "lastSeq: must be a whole number"},
                {"{\"commandId\":\"c3\"}", "type: is required"},
            };
            for (String[] c : strict) {
                s0.send(c[0]);
                JsonNode e = s0.next();
                assertEquals("INVALID_FRAME", e.get("code").textValue(), e.toString());
                assertTrue(e.get("message").textValue().startsWith(c[1]), e.toString());
            }
            // a frame over the stated limit: its own code, then 1009 (message too big); the other connection goes on
            try (WsClient big = WsClient.connect(ws("?token=" + t0))) {
                assertEquals("view", big.next().get("type").textValue());
                big.send("{\"type\":\"ping\",\"pad\":\"" + "x".repeat(300_000) + "\"}");
                JsonNode e = big.next();
                assertEquals("FRAME_TOO_LARGE", e.get("code").textValue(), e.toString());
                assertTrue(e.get("message").textValue().contains("65536"), e.toString());
                for (int i = 0; i < 50 && big.closeCode() == null; i++) {
                    Kafka.sleep(100);
                }
                assertEquals(1009, big.closeCode());
            }
            s0.send("{\"type\":\"ping\"}");
            assertEquals("pong", s0.next().get("type").textValue());

            // seat 1 goes away, the table goes on, seat 1 comes back and resyncs from what it had
            s1a.close();
            game.play(3);
            long k = game.lastSeq();
            store.insert(game.range(m + 1, k));
            Kafka.publish(producer, game.range(m + 1, k));
            for (long seq = m + 1; seq <= k; seq++) {
                assertEquals(seq, s0.next().get("seq").longValue());
            }
            try (WsClient s1b = WsClient.connect(ws("?token=" + t1))) {
                JsonNode hello = s1b.next();
                assertEquals("view", hello.get("type").textValue());
                assertEquals(k, hello.get("seq").longValue());
                s1b.send("{\"type\":\"resync\",\"lastSeq\":" + m + "}");
                List<JsonNode> frames = s1b.until("view");
                assertEquals(k - m + 1, frames.size());
                for (int i = 0; i < k - m; i++) {
                    JsonNode f = frames.get(i);
                    assertEquals("event", f.get("type").textValue());
                    assertEquals(m + 1 + i, f.get("seq").longValue());
                    assertFalse(f.toString().contains("deckOrder"));
                }
                JsonNode view = frames.get(frames.size() - 1);
                assertEquals(k, view.get("seq").longValue());
                assertEquals(handOf(game, 1), texts(view.at("/view/deal/hand")));
            }
            assertNull(s0.poll(300), "no frame beyond the events");
        }
    }

    private static JsonNode lastHand(WsClient s, Script g, int seat, long seq) {
        // the last event frame's view was checked above; ask for a fresh view to compare the hand
        s.send("{\"type\":\"resync\",\"lastSeq\":" + seq + "}");
        JsonNode v = s.next();
        assertEquals("view", v.get("type").textValue());
        return v.at("/view/deal/hand");
    }

    @Test
    void socketsToUnknownTablesOrWithoutASeatAreClosed() throws Exception {
        // a table that may not be watched (SpectatorsTest has those that may)
        Script closed = Script.started("t-" + UUID.randomUUID(), "p0-" + UUID.randomUUID(), "p1-" + UUID.randomUUID(),
                Script.twoPlayers(1).withSpectators(false), 2024).play(3);
        store.insert(closed.messages);
        String stranger = tokens.issue(new Player("s-" + UUID.randomUUID(), "Stranger"));
        URI unseated = URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/" + closed.tableId
                + "/ws?token=" + stranger);
        try (WsClient s = WsClient.connect(unseated)) {
            JsonNode e = s.next();
            assertEquals("error", e.get("type").textValue());
            assertEquals("NOT_SEATED", e.get("code").textValue());
            waitClosed(s, 4403);
        }
        URI unknown = URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/none-" + UUID.randomUUID()
                + "/ws?token=" + stranger);
        try (WsClient s = WsClient.connect(unknown)) {
            assertEquals("NO_SUCH_TABLE", s.next().get("code").textValue());
            waitClosed(s, 4404);
        }
    }

    private static void waitClosed(WsClient s, int code) {
        long deadline = System.currentTimeMillis() + 5000;
        while (s.closeCode() == null && System.currentTimeMillis() < deadline) {
            Kafka.sleep(50);
        }
        assertEquals(code, s.closeCode());
    }

    @Test
    void tablesOnlyInTheStoreAreFoundAndTheLobbyIsAProjection() {
        Script open = new Script("t-" + UUID.randomUUID())
                .run(new online.durak.engine.table.TableCommand.Create(p0, "Anna", Script.twoPlayers(3)));
        store.insert(open.messages);
        Kafka.publish(producer, open.messages);
        long deadline = System.currentTimeMillis() + 20_000;
        List<String> ids = new ArrayList<>();
        while (System.currentTimeMillis() < deadline && !ids.contains(open.tableId)) {
            ids = It.lobbyIds(t1);
            Kafka.sleep(100);
        }
        assertTrue(ids.contains(open.tableId));
        Map<String, Object> row = It.lobby(t1, "").stream().filter(t -> t.get("tableId").equals(open.tableId))
                .findFirst().orElseThrow();
        assertEquals(1, row.get("freeSeats"));
        assertEquals("Anna", ((Map<?, ?>) ((List<?>) row.get("seats")).get(0)).get("name"));
        assertEquals(3, ((Map<?, ?>) row.get("settings")).get("dealsPerMatch"));
        store.insert(game.messages); // never published
        It.as(t1).get(path() + "/view").then().statusCode(200).body("seq", equalTo((int) game.lastSeq()));
    }
}
