package online.durak.matchmaking;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.Test;

/**
 * Quick match against the real Kafka, PostgreSQL and rules-service ({@link WithRulesService}); the bots fill after 3 s
 * here ({@code %test.durak.matchmaking.fill-after}). Every test uses pools of its own, so none meets another's tickets.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(WithRulesService.class)
class QuickMatchTest {

    record Player(String id, String name, String token) {
        static Player fresh(String name) {
            String id = UUID.randomUUID().toString();
            return new Player(id, name, Tokens.token(id, name));
        }
    }

    static JsonPath ask(Player p, String body, int status) {
        return given().auth().oauth2(p.token()).contentType(ContentType.JSON).body(body)
                .post("/api/quick-match").then().statusCode(status).extract().jsonPath();
    }

    static JsonPath mine(Player p, int status) {
        return given().auth().oauth2(p.token()).get("/api/quick-match").then().statusCode(status).extract().jsonPath();
    }

    /** Polls the player's ticket until it is seated (or 20 s pass). */
    static JsonPath seated(Player p) {
        long end = System.currentTimeMillis() + 20_000;
        while (true) {
            JsonPath t = mine(p, 200);
            if ("SEATED".equals(t.getString("status")) || System.currentTimeMillis() > end) {
                assertEquals("SEATED", t.getString("status"), "seated in time: " + t.prettify());
                return t;
            }
            sleep(100);
        }
    }

    /** Waits until the rules service's log of the table has the match started (30 s at most). */
    static List<TableLog.Entry> startedTable(String tableId) {
        return startedTable(tableId, 30_000);
    }

    static List<TableLog.Entry> startedTable(String tableId, long ms) {
        long end = System.currentTimeMillis() + ms;
        List<TableLog.Entry> log = TableLog.of(tableId);
        while (!TableLog.started(log) && System.currentTimeMillis() < end) {
            sleep(100);
            log = TableLog.of(tableId);
        }
        assertTrue(TableLog.started(log), "the match at " + tableId + " started: " + log);
        return log;
    }

    @Test
    void threePeople_askingForThree_sitAtOneTable_andItsMatchStarts() {
        List<Player> people = List.of(Player.fresh("Ann"), Player.fresh("Bob"), Player.fresh("Cid"));
        for (Player p : people) {
            ask(p, "{\"players\":3,\"turnClock\":90}", 201);
        }
        Set<String> tables = new HashSet<>();
        Set<Integer> seats = new HashSet<>();
        for (Player p : people) {
            JsonPath t = seated(p);
            tables.add(t.getString("tableId"));
            seats.add(t.getInt("seat"));
        }
        assertEquals(1, tables.size());
        assertEquals(Set.of(0, 1, 2), seats);
        List<TableLog.Entry> log = startedTable(tables.iterator().next());
        assertEquals(Set.of(people.get(0).id(), people.get(1).id(), people.get(2).id()),
                new HashSet<>(TableLog.seats(log)));
    }

    @Test
    void onePersonAlone_getsBots_afterTheWait_andTheMatchStartsAtOnce() {
        Player ann = Player.fresh("Ann");
        JsonPath asked = ask(ann, "{\"players\":4,\"turnClock\":120}", 201);
        assertEquals("WAITING", asked.getString("status"));
        assertEquals(4, asked.getInt("players"));
        assertTrue(asked.getLong("botsInSeconds") <= 3 && asked.getLong("botsInSeconds") >= 1, asked.prettify());
        assertEquals(List.of(), asked.getList("found"));
        JsonPath t = seated(ann);
        assertTrue(t.getLong("waitedSeconds") >= 2, t.prettify());
        assertEquals(0, t.getInt("seat"));
        List<TableLog.Entry> log = startedTable(t.getString("tableId"));
        // default rating 25 for everyone: NORMAL bots
        assertEquals(List.of(ann.id(), "bot:NORMAL", "bot:NORMAL", "bot:NORMAL"), TableLog.seats(log));
        // a seated ticket is not cancelled: the table is there
        given().auth().oauth2(ann.token()).delete("/api/quick-match").then().statusCode(409)
                .body("code", equalTo("TICKET_FORMED"));
        // and a new ticket replaces it
        try (PoolLock held = new PoolLock("PODKIDNOI/36/single/clock120/stake0")) {
            assertEquals("WAITING", ask(ann, "{\"players\":2,\"turnClock\":120}", 201).getString("status"));
            given().auth().oauth2(ann.token()).delete("/api/quick-match").then().statusCode(204);
        }
    }

    @Test
    void incompatibleTickets_neverMeet() {
        Player a = Player.fresh("Ann");
        Player b = Player.fresh("Bob");
        Player c = Player.fresh("Cid");
        Player d = Player.fresh("Dan");
        ask(a, "{\"players\":2,\"variant\":\"PEREVODNOI\"}", 201);
        ask(b, "{\"players\":3,\"variant\":\"PEREVODNOI\"}", 201); // another number of players
        ask(c, "{\"players\":2,\"variant\":\"PEREVODNOI\",\"deck\":52}", 201); // another deck
        ask(d, "{\"players\":2,\"variant\":\"PEREVODNOI\",\"turnClock\":null}", 201); // no clock
        Set<String> tables = new HashSet<>();
        for (Player p : List.of(a, b, c, d)) {
            JsonPath t = seated(p);
            tables.add(t.getString("tableId"));
            List<String> seats = TableLog.seats(startedTable(t.getString("tableId")));
            assertEquals(1, seats.stream().filter(s -> !s.startsWith("bot:")).count(), "alone with bots: " + seats);
        }
        assertEquals(4, tables.size());
    }

    @Test
    void aSecondTicket_isRefused_andTheFirstStaysAsItWas() {
        Player ann = Player.fresh("Ann");
        try (PoolLock held = new PoolLock("PODKIDNOI/36/single/clock60/stake0")) { // nobody forms it meanwhile
            secondTicket(ann);
        }
    }

    private static void secondTicket(Player ann) {
        String first = ask(ann, "{\"players\":6}", 201).getString("ticketId");
        given().auth().oauth2(ann.token()).contentType(ContentType.JSON).body("{\"players\":2}")
                .post("/api/quick-match").then().statusCode(409).body("code", equalTo("TICKET_EXISTS"));
        JsonPath t = mine(ann, 200);
        assertEquals(first, t.getString("ticketId"));
        assertEquals(6, t.getInt("players"));
        given().auth().oauth2(ann.token()).delete("/api/quick-match").then().statusCode(204);
        mine(ann, 404);
        given().auth().oauth2(ann.token()).delete("/api/quick-match").then().statusCode(404)
                .body("code", equalTo("NO_TICKET"));
    }

    @Test
    void badInput_isA4xxNamingTheField_andNoTicketIsMade() {
        Player ann = Player.fresh("Ann");
        given().contentType(ContentType.JSON).body("{\"players\":2}").post("/api/quick-match").then().statusCode(401)
                .body("code", equalTo("UNAUTHORIZED"));
        given().auth().oauth2("not.a.token").get("/api/quick-match").then().statusCode(401)
                .body("code", equalTo("UNAUTHORIZED"));
        refused(ann, "{\"players\":7}", 400, "INVALID_SETTING", "players: must be 2 to 6, not 7");
        refused(ann, "{\"players\":5,\"deck\":24}", 400, "INVALID_SETTING", "players: at most 4 players");
        refused(ann, "{\"players\":3,\"teams\":true}", 400, "INVALID_SETTING", "teams:");
        refused(ann, "{\"players\":2,\"turnClock\":45}", 400, "INVALID_SETTING", "turnClock:");
        refused(ann, "{\"players\":\"many\"}", 400, "INVALID_SETTING", "players:");
        refused(ann, "{\"variant\":\"PODKIDNOI\"}", 400, "INVALID_SETTING", "players: is required");
        refused(ann, "{\"players\":2,\"throwIn\":\"ALL\"}", 400, "INVALID_SETTING", "throwIn:");
        refused(ann, "[1]", 400, "INVALID_JSON", "");
        refused(ann, "{\"players\":2,\"stake\":10}", 403, "STAKE_NEEDS_ACCOUNT", "stake:");
        mine(ann, 404);
    }

    @Test
    void nobodyCancelsAnotherPlayersTicket_theCancelIsAlwaysTheCallersOwn() {
        Player ann = Player.fresh("Ann");
        Player bob = Player.fresh("Bob");
        try (PoolLock held = new PoolLock("PODKIDNOI/52/single/clock60/stake0")) { // nobody forms it meanwhile
            String ticket = ask(ann, "{\"players\":5,\"deck\":52}", 201).getString("ticketId");
            given().auth().oauth2(bob.token()).delete("/api/quick-match").then().statusCode(404)
                    .body("code", equalTo("NO_TICKET"));
            assertEquals(ticket, mine(ann, 200).getString("ticketId"));
            assertEquals("WAITING", mine(ann, 200).getString("status"));
            given().auth().oauth2(ann.token()).delete("/api/quick-match").then().statusCode(204);
        }
    }

    @Test
    void aTicketWithoutHeartbeat_isDropped() throws Exception {
        Player ann = Player.fresh("Ann");
        ask(ann, "{\"players\":3,\"deck\":52,\"turnClock\":30}", 201);
        TestInfra infra = TestInfra.shared();
        try (Connection c = DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password());
             PreparedStatement s = c.prepareStatement(
                     "update mm_tickets set heartbeat_at = now() - interval '1 hour' where player_id = ?")) {
            s.setString(1, ann.id());
            assertEquals(1, s.executeUpdate());
        }
        // dropped at a tick (the ticket's row deleted; asking the API would be a heartbeat): a stale ticket is
        // dropped in the same locked forming before any seat is decided, so it never reaches the bots' fill
        long deadline = System.currentTimeMillis() + 15_000;
        while (ticketRows(infra, ann.id()) > 0) {
            assertTrue(System.currentTimeMillis() < deadline, "the ticket without heartbeat was not dropped");
            sleep(100);
        }
        mine(ann, 404);
    }

    static int ticketRows(TestInfra infra, String playerId) throws Exception {
        try (Connection c = DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password());
             PreparedStatement s = c.prepareStatement("select count(*) from mm_tickets where player_id = ?")) {
            s.setString(1, playerId);
            try (var rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    static void refused(Player p, String body, int status, String code, String message) {
        given().auth().oauth2(p.token()).contentType(ContentType.JSON).body(body).post("/api/quick-match")
                .then().statusCode(status).body("code", equalTo(code)).body("message", startsWith(message));
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
