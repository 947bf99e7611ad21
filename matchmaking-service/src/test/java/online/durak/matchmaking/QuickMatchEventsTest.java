package online.durak.matchmaking;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import online.durak.matchmaking.QuickMatchTest.Player;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/quick-match/events} against the real Kafka, PostgreSQL and rules-service: {@code waiting} events
 * while the ticket waits (and the stream is its heartbeat), {@code formed} with the table, {@code gone} after a
 * cancel; no ticket is a plain 404. Pools of its own (24 cards), so no other test's ticket meets these.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(WithRulesService.class)
class QuickMatchEventsTest {
    @TestHTTPResource("/api/quick-match/events")
    URI events;

    record Event(String name, JsonPath data) {
    }

    /** The open stream: its events in a queue, read by a thread of its own. */
    final class Stream implements AutoCloseable {
        final BlockingQueue<Object> events = new ArrayBlockingQueue<>(1000);
        final HttpResponse<InputStream> response;
        private final Thread reader;

        Stream(Player p) throws Exception {
            response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(QuickMatchEventsTest.this.events)
                    .header("Authorization", "Bearer " + p.token()).header("Accept", "text/event-stream")
                    .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofInputStream());
            reader = new Thread(this::read, "sse-reader");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                String name = "message";
                StringBuilder data = new StringBuilder();
                for (String line; (line = in.readLine()) != null; ) {
                    if (line.isEmpty()) {
                        if (!data.isEmpty()) {
                            events.add(new Event(name, new JsonPath(data.toString())));
                        }
                        name = "message";
                        data.setLength(0);
                    } else if (line.startsWith("event:")) {
                        name = line.substring(6).strip();
                    } else if (line.startsWith("data:")) {
                        data.append(line.substring(5).strip());
                    }
                }
                events.add("END");
            } catch (Exception e) {
                events.add("END");
            }
        }

        Event next(long ms) throws InterruptedException {
            Object o = events.poll(ms, TimeUnit.MILLISECONDS);
            assertNotNull(o, "an event within " + ms + " ms");
            assertTrue(o instanceof Event, "an event, not the stream's end");
            return (Event) o;
        }

        /** The events until {@code name} (inclusive); fails after {@code ms}. */
        List<Event> until(String name, long ms) throws InterruptedException {
            long end = System.currentTimeMillis() + ms;
            List<Event> seen = new ArrayList<>();
            while (true) {
                Event e = next(Math.max(1, end - System.currentTimeMillis()));
                seen.add(e);
                if (e.name().equals(name)) {
                    return seen;
                }
            }
        }

        void ends(long ms) throws InterruptedException {
            assertEquals("END", events.poll(ms, TimeUnit.MILLISECONDS), "the stream ends");
        }

        @Override
        public void close() {
            reader.interrupt();
            try {
                response.body().close();
            } catch (Exception ignored) {
                // closed already
            }
        }
    }

    @Test
    void onePersonAlone_getsWaitingEventsCountingDown_thenFormedWithTheTable_andTheStreamEnds() throws Exception {
        Player ann = Player.fresh("Ann");
        QuickMatchTest.ask(ann, "{\"players\":3,\"deck\":24,\"turnClock\":90}", 201);
        try (Stream s = new Stream(ann)) {
            assertEquals(200, s.response.statusCode());
            assertTrue(s.response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
            Event first = s.next(3000);
            assertEquals("waiting", first.name());
            assertEquals("WAITING", first.data().getString("status"));
            assertEquals(List.of(), first.data().getList("found"));
            assertTrue(first.data().getLong("botsInSeconds") <= 3, first.data().prettify());
            List<Event> rest = s.until("formed", 10_000);
            Event formed = rest.get(rest.size() - 1);
            rest.subList(0, rest.size() - 1).forEach(e -> assertEquals("waiting", e.name()));
            String tableId = formed.data().getString("tableId");
            assertNotNull(tableId);
            assertEquals("SEATED", formed.data().getString("status"));
            assertEquals(0, formed.data().getInt("seat"));
            assertEquals(tableId, QuickMatchTest.mine(ann, 200).getString("tableId"));
            s.ends(3000);
            QuickMatchTest.startedTable(tableId);
        }
    }

    @Test
    void theSecondPerson_isPushedToTheFirst_asFound_orFormedAtOnce() throws Exception {
        Player ann = Player.fresh("Ann");
        Player bob = Player.fresh("Bob");
        QuickMatchTest.ask(ann, "{\"players\":2,\"deck\":24,\"variant\":\"PEREVODNOI\",\"turnClock\":90}", 201);
        try (Stream s = new Stream(ann)) {
            assertEquals("waiting", s.next(3000).name());
            QuickMatchTest.ask(bob, "{\"players\":2,\"deck\":24,\"variant\":\"PEREVODNOI\",\"turnClock\":90}", 201);
            long asked = System.currentTimeMillis();
            List<Event> seen = s.until("formed", 5000);
            // the table is formed by this instance when Bob's ticket joins: pushed without waiting for the
            // bots' 3 s (the stream's own look each second would find it too, but never later than that)
            assertTrue(System.currentTimeMillis() - asked < 2500, "formed soon after Bob asked: " + seen);
            Event formed = seen.get(seen.size() - 1);
            assertEquals(QuickMatchTest.seated(bob).getString("tableId"), formed.data().getString("tableId"));
            s.ends(3000);
        }
    }

    @Test
    void aCancelledTicket_endsTheStreamWithGone_andNoTicketIsAPlain404() throws Exception {
        Player ann = Player.fresh("Ann");
        given().auth().oauth2(ann.token()).accept("text/event-stream").get("/api/quick-match/events").then()
                .statusCode(404).body("code", equalTo("NO_TICKET"));
        given().accept("text/event-stream").get("/api/quick-match/events").then().statusCode(401)
                .body("code", equalTo("UNAUTHORIZED"));
        try (PoolLock held = new PoolLock("PODKIDNOI/24/single/clock120/stake0")) { // nobody forms it meanwhile
            QuickMatchTest.ask(ann, "{\"players\":4,\"deck\":24,\"turnClock\":120}", 201);
            try (Stream s = new Stream(ann)) {
                assertEquals("waiting", s.next(3000).name());
                given().auth().oauth2(ann.token()).delete("/api/quick-match").then().statusCode(204);
                List<Event> seen = s.until("gone", 3000);
                Event gone = seen.get(seen.size() - 1);
                assertEquals("NO_TICKET", gone.data().getString("code"));
                s.ends(3000);
            }
        }
    }

    @Test
    void aClosedStream_stopsLookingAtTheTicket_soItNoLongerKeepsItAlive() throws Exception {
        Player ann = Player.fresh("Ann");
        try (PoolLock held = new PoolLock("PEREVODNOI/24/single/clock120/stake0")) { // nobody forms or drops it
            QuickMatchTest.ask(ann, "{\"players\":3,\"deck\":24,\"variant\":\"PEREVODNOI\",\"turnClock\":120}", 201);
            try (Stream s = new Stream(ann)) {
                assertEquals("waiting", s.next(3000).name());
                assertEquals("waiting", s.next(3000).name());
            }
            QuickMatchTest.sleep(1500); // a look under way when the client went may still end
            TestInfra infra = TestInfra.shared();
            try (Connection c = DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password())) {
                try (PreparedStatement u = c.prepareStatement(
                        "update mm_tickets set heartbeat_at = now() - interval '1 hour' where player_id = ?")) {
                    u.setString(1, ann.id());
                    assertEquals(1, u.executeUpdate());
                }
                QuickMatchTest.sleep(2500); // two of the stream's looks, had it gone on
                try (PreparedStatement q = c.prepareStatement("select heartbeat_at < now() - interval '30 minutes' "
                        + "from mm_tickets where player_id = ?")) {
                    q.setString(1, ann.id());
                    try (ResultSet r = q.executeQuery()) {
                        assertTrue(r.next());
                        assertTrue(r.getBoolean(1), "no heartbeat from a closed stream");
                    }
                }
            }
            given().auth().oauth2(ann.token()).delete("/api/quick-match").then().statusCode(204);
        }
    }
}
