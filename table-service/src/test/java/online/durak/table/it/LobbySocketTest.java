package online.durak.table.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.table.TableCommand;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.table.Script;
import online.durak.testkit.DurakInfraResource;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * The lobby as a query: {@code GET /api/tables}' filters and pages, and its WebSocket's subscriptions (a first page,
 * then only what changes on it, to the watchers whose filter the change passes), with a real broker and store.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class LobbySocketTest extends WithFakeRules {
    private static final int BULK = 2000;
    /** Longer than any table the other tests open now: the bulk tables come after theirs in the lobby's order. */
    private static final Instant LONG_AGO = Instant.parse("2025-06-01T00:00:00Z");

    @TestHTTPResource("/")
    URI base;

    private URI lobby(String query) {
        return URI.create(base.toString().replaceFirst("^http", "ws") + "api/lobby/ws" + query);
    }

    private static String type(JsonNode f) {
        return f.path("type").textValue();
    }

    private static List<String> ids(JsonNode list) {
        List<String> ids = new ArrayList<>();
        list.forEach(t -> ids.add(t.isTextual() ? t.textValue() : t.has("table") ? t.get("table").get("tableId")
                .textValue() : t.get("tableId").textValue()));
        return ids;
    }

    /** Frames until one passes {@code p}; every one a delta (the page came first). */
    private static JsonNode until(WsClient ws, Predicate<JsonNode> p, List<JsonNode> seen) {
        while (true) {
            JsonNode f = ws.next();
            seen.add(f);
            assertEquals("delta", type(f), f::toString);
            if (p.test(f)) {
                return f;
            }
        }
    }

    /** The row of a table that a delta adds or changes. */
    private static JsonNode row(JsonNode delta, String tableId) {
        for (JsonNode a : delta.path("added")) {
            if (a.get("table").get("tableId").textValue().equals(tableId)) {
                return a.get("table");
            }
        }
        for (JsonNode c : delta.path("changed")) {
            if (c.get("tableId").textValue().equals(tableId)) {
                return c;
            }
        }
        throw new AssertionError(tableId + " is not in " + delta);
    }

    private static Predicate<JsonNode> lists(String field, String tableId) {
        return f -> f.has(field) && ids(f.get(field)).contains(tableId);
    }

    private static String create(String token, String settings) {
        return It.as(token).body("{\"settings\":" + settings + "}").post("/api/tables").then().statusCode(201)
                .extract().jsonPath().getString("tableId");
    }

    @Test
    void aTableAppearsFillsAndLeavesTheLobbyWithoutAReload() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        List<JsonNode> seen = new ArrayList<>();
        try (WsClient ws = WsClient.connect(lobby("?token=" + b))) {
            JsonNode first = ws.next();
            assertEquals("page", type(first));
            assertTrue(first.path("tables").isArray());

            String id = create(a, "{\"players\":2,\"turnClock\":null}");
            JsonNode added = until(ws, lists("added", id), seen);
            assertEquals(0, added.get("added").get(0).get("at").intValue(), "the newest comes first");
            // the creator's seat may come in a delta of its own (the table's two events, one after the other)
            JsonNode row = row(added, id);
            if (!"Anna".equals(row.path("seats").path(0).path("name").textValue())) {
                row = row(until(ws, lists("changed", id), seen), id);
            }
            assertEquals(1, row.path("freeSeats").asInt());
            assertEquals("Anna", row.path("seats").get(0).path("name").textValue());
            // the same row as the REST lobby's
            JsonNode rest = Codec.parse(It.as(b).get("/api/tables?limit=1").asString()).get("tables").get(0);
            assertEquals(rest, row);
            assertFalse(row.has("seq"), "a row changes with its seats, never with a move");

            It.as(b).post("/api/tables/" + id + "/join").then().statusCode(200);
            JsonNode full = until(ws, lists("changed", id), seen).get("changed").get(0);
            assertEquals(0, full.path("freeSeats").asInt());

            It.as(a).post("/api/tables/" + id + "/start").then().statusCode(200);
            until(ws, lists("removed", id), seen); // started: no longer open
        }
    }

    @Test
    void aTableOpenedBeforeTheConnectionLeavesItsPageWhenItStarts_andAppearsAmongTheWatchable() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String id = create(a, "{\"players\":2,\"turnClock\":null}");
        It.as(b).post("/api/tables/" + id + "/join").then().statusCode(200);
        List<JsonNode> seen = new ArrayList<>();
        try (WsClient open = WsClient.connect(lobby("?token=" + b + "&limit=1"));
             WsClient watchable = WsClient.connect(lobby("?token=" + b + "&watchable=true&limit=1"))) {
            JsonNode first = open.next();
            assertEquals(List.of(id), ids(first.get("tables")));
            assertEquals(0, first.get("tables").get(0).path("freeSeats").asInt());
            assertEquals("page", type(watchable.next()));
            It.as(a).post("/api/tables/" + id + "/start").then().statusCode(200);
            until(open, lists("removed", id), seen);
            JsonNode running = until(watchable, lists("added", id), seen).get("added").get(0).get("table");
            assertEquals("PLAYING", running.get("status").textValue());
            assertEquals(id, It.as(a).get("/api/tables?watchable=true&limit=1").then().statusCode(200).extract()
                    .jsonPath().getString("tables[0].tableId"), "the newest running table, over REST too");
        }
    }

    @Test
    void withoutAValidTokenTheUpgradeIsRefused() {
        assertThrows(CompletionException.class, () -> WsClient.connect(lobby("")).close());
        assertThrows(CompletionException.class, () -> WsClient.connect(lobby("?token=nope")).close());
    }

    @Test
    void badParametersAreRefusedNamingThem_overRestAndTheSocket() throws Exception {
        String t = It.guest("Ida").getString("token");
        for (String[] bad : List.of(new String[] {"players=7", "players"}, new String[] {"players=2&players=3", "players"},
                new String[] {"deck=40", "deck"}, new String[] {"clock=45", "clock"}, new String[] {"stake=maybe", "stake"},
                new String[] {"variant=X", "variant"}, new String[] {"free=9", "free"}, new String[] {"limit=0", "limit"},
                new String[] {"limit=51", "limit"}, new String[] {"watchable=1", "watchable"},
                new String[] {"colour=red", "colour"}, new String[] {"after=bm9wZQ", "after"})) {
            JsonPath e = It.as(t).get("/api/tables?" + bad[0]).then().statusCode(400).extract().jsonPath();
            assertEquals("INVALID_PARAMETER", e.getString("code"), bad[0]);
            assertTrue(e.getString("message").startsWith(bad[1] + ": "), e.getString("message"));
        }
        try (WsClient ws = WsClient.connect(lobby("?token=" + t + "&players=9"))) {
            JsonNode error = ws.next();
            assertEquals("error", type(error));
            assertEquals("INVALID_PARAMETER", error.get("code").textValue());
            assertTrue(error.get("message").textValue().startsWith("players: "), error.toString());
            assertEquals(4400, ws.awaitClose());
        }
        try (WsClient ws = WsClient.connect(lobby("?token=" + t + "&players=6"))) {
            assertEquals("page", type(ws.next()));
            for (String[] bad : List.of(new String[] {"{\"type\":\"subscribe\",\"players\":\"3\"}", "INVALID_FRAME", "players"},
                    new String[] {"{\"type\":\"subscribe\",\"players\":1}", "INVALID_PARAMETER", "players"},
                    new String[] {"{\"type\":\"subscribe\",\"clock\":true}", "INVALID_FRAME", "clock"},
                    new String[] {"{\"type\":\"subscribe\",\"after\":\"x\"}", "INVALID_FRAME", "after"},
                    new String[] {"{\"type\":\"fly\"}", "INVALID_FRAME", "type"},
                    new String[] {"{\"type\":\"ping\",\"x\":1}", "INVALID_FRAME", "x"})) {
                ws.send(bad[0]);
                JsonNode error = ws.next();
                assertEquals("error", type(error), bad[0]);
                assertEquals(bad[1], error.get("code").textValue(), bad[0]);
                assertTrue(error.get("message").textValue().startsWith(bad[2] + ": "), error.toString());
            }
            ws.send("{\"type\":\"ping\"}");
            assertEquals("pong", type(ws.next()), "the subscription and the connection are as they were");
            ws.send("{\"type\":\"subscribe\",\"players\":4,\"clock\":\"none\",\"watchable\":false,\"limit\":3}");
            assertEquals("page", type(ws.next()));
        }
    }

    /**
     * 2,000 open tables of six seats, each seated with long names, written as the rules service writes them (the store
     * and the topic): a socket's first frame is a page of at most 50 (far below 64 KB), then only deltas for its page.
     */
    @Test
    void withTwoThousandOpenTables_aSocketGetsOnePageThenSmallDeltasOnly_andRestPagesThroughAll() throws Exception {
        String t = It.guest("Vera").getString("token");
        List<Script> bulk = new ArrayList<>();
        List<EventMessage> events = new ArrayList<>();
        for (int i = 0; i < BULK; i++) {
            Script s = new Script("bulk-" + i + "-" + UUID.randomUUID());
            Rules rules = Rules.defaults(6).withTurnClockSeconds(30 * (1 + i % 4));
            s.run(new TableCommand.Create(UUID.randomUUID().toString(), name(i, 0), rules));
            for (int seat = 1; seat < 6; seat++) {
                s.run(new TableCommand.Join(UUID.randomUUID().toString(), name(i, seat), null));
            }
            Instant at = LONG_AGO.plusSeconds(i);
            for (EventMessage m : s.messages) {
                events.add(new EventMessage(m.tableId(), m.seq(), m.event(), m.commandId(), at));
            }
            bulk.add(s);
        }
        try (KafkaProducer<String, byte[]> producer = Kafka.producer()) {
            store.insert(events);
            publish(producer, events);
            long deadline = System.currentTimeMillis() + 60_000;
            int listed = 0;
            while (System.currentTimeMillis() < deadline && listed < BULK) {
                listed = It.lobby(t, "players=6").size();
                Kafka.sleep(500);
            }
            assertTrue(listed >= BULK, "the bulk tables are in the lobby: " + listed);

            // REST: every table once, in order, page after page
            List<Map<String, Object>> all = It.lobby(t, "players=6");
            Set<String> ids = new HashSet<>();
            all.forEach(r -> assertTrue(ids.add((String) r.get("tableId")), "each table once"));
            assertTrue(ids.containsAll(bulk.stream().map(s -> s.tableId).toList()));
            List<String> bulkOrder = all.stream().map(r -> (String) r.get("tableId")).filter(id -> id.startsWith("bulk-"))
                    .toList();
            assertEquals(bulk.get(BULK - 1).tableId, bulkOrder.get(0), "newest first");
            assertEquals(bulk.get(0).tableId, bulkOrder.get(BULK - 1));

            List<JsonNode> seen = new ArrayList<>();
            List<JsonNode> seenBySixty = new ArrayList<>();
            try (WsClient ws = WsClient.connect(lobby("?token=" + t + "&players=6&limit=50"));
                 WsClient sixty = WsClient.connect(lobby("?token=" + t + "&players=6&clock=60&limit=50"))) {
                JsonNode page = ws.next();
                assertEquals("page", type(page));
                assertEquals(50, page.get("tables").size());
                assertTrue(page.get("more").booleanValue());
                int size = Codec.write(page).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                assertTrue(size < 64 * 1024, "a page of 50 full six-seat rows: " + size + " bytes");
                assertEquals("page", type(sixty.next()));

                // a change beyond the page (the oldest table, 30 s clock) reaches neither; one on the page reaches
                // the watcher of every six-seat table, and a new table the one of its clock only
                Script oldest = bulk.get(0);
                Script onPage = bulk.get(BULK - 1); // clock 30 · (1 + 1999 % 4) = 120 s
                leave(producer, oldest, 5);
                leave(producer, onPage, 5);
                JsonNode changed = until(ws, lists("changed", onPage.tableId), seen);
                assertEquals(1, changed.get("changed").get(0).get("freeSeats").intValue());
                String sixtyTable = create(t, "{\"players\":6,\"turnClock\":60}");
                JsonNode added = until(sixty, lists("added", sixtyTable), seenBySixty);
                assertEquals(1, added.get("removed").size(), "the page stays at 50: its last one goes");
                until(ws, lists("added", sixtyTable), seen);
                for (JsonNode f : seen) {
                    assertFalse(f.toString().contains(oldest.tableId), "the change beyond the page was sent: " + f);
                    assertTrue(Codec.write(f).length() < 4096, "a delta is small: " + f);
                }
                // the change at the 120-s table was handled before the new table's: it would have come first
                for (JsonNode f : seenBySixty) {
                    assertFalse(f.toString().contains(onPage.tableId), "a 120-s table's change reached the 60-s page");
                }
            }
        } finally {
            close(bulk);
        }
    }

    /** Long names (32 characters, the most a name may have), so the rows are as large as rows get. */
    private static String name(int table, int seat) {
        return String.format("Player %05d seat %d ", table, seat) + "x".repeat(32 - 21);
    }

    /** The seat's person leaves (a SeatLeft), written as the rules service writes it. */
    private void leave(KafkaProducer<String, byte[]> producer, Script s, int seat) {
        String playerId = s.state.seats().get(seat).playerId();
        long before = s.lastSeq();
        s.run(new TableCommand.Leave(playerId, Script.shuffle(1)));
        List<EventMessage> fresh = s.messages.subList((int) before, s.messages.size());
        store.insert(fresh);
        publish(producer, fresh);
    }

    /** The bulk tables closed (as the lobby's expiry closes them), so the other tests' lobbies are as before. */
    private void close(List<Script> bulk) {
        List<EventMessage> closed = new ArrayList<>();
        for (Script s : bulk) {
            closed.add(new EventMessage(s.tableId, s.lastSeq() + 1, new Event.TableClosed(Event.TableClosed.EXPIRED),
                    null, Instant.now()));
        }
        try (KafkaProducer<String, byte[]> producer = Kafka.producer()) {
            store.insert(closed);
            publish(producer, closed);
        }
        String t = It.guest("Tidy").getString("token");
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline && !It.lobby(t, "players=6&clock=30").isEmpty()) {
            Kafka.sleep(200);
        }
        assertNull(It.lobby(t, "players=6&clock=30").stream().findAny().orElse(null));
    }

    /** All of them sent, then the broker's acks awaited once. */
    private static void publish(KafkaProducer<String, byte[]> producer, List<EventMessage> events) {
        List<java.util.concurrent.Future<?>> sent = new ArrayList<>();
        for (EventMessage m : events) {
            ProducerRecord<String, byte[]> r = new ProducerRecord<>("durak.table-events", m.tableId(), Codec.toBytes(m));
            r.headers().add(online.durak.messages.RecordHeaders.SEQ, online.durak.messages.RecordHeaders.seq(m.seq()));
            sent.add(producer.send(r));
        }
        producer.flush();
        for (java.util.concurrent.Future<?> f : sent) {
            try {
                assertNotNull(f.get(30, TimeUnit.SECONDS));
            } catch (Exception e) {
                throw new AssertionError("publishing failed", e);
            }
        }
    }
}
