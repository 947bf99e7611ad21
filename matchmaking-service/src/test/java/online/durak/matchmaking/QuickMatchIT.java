package online.durak.matchmaking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two instances of the built service at once, with the real rules-service, Kafka and PostgreSQL ({@link Cluster});
 * bots fill after 3 s. Run by failsafe after the package phase.
 */
class QuickMatchIT {
    private static Cluster cluster;

    @BeforeAll
    static void start() throws Exception {
        cluster = new Cluster(2, Map.of("DURAK_MATCHMAKING_FILL_AFTER", "3s"));
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    record Player(String id, String token) {
        static Player fresh() {
            String id = UUID.randomUUID().toString();
            return new Player(id, Tokens.token(id, "P" + id.substring(0, 6)));
        }
    }

    @Test
    void twoHundredTickets_atOnce_toTwoInstances_eachAtExactlyOneTable_noPlayerTwice_noEmptySeat() throws Exception {
        Random random = new Random(13);
        List<Player> players = new ArrayList<>();
        List<String> wishes = List.of("{\"players\":2,\"turnClock\":30}", "{\"players\":3,\"turnClock\":30}",
                "{\"players\":4,\"turnClock\":30}", "{\"players\":\"any\",\"turnClock\":30}",
                "{\"players\":2,\"deck\":24,\"turnClock\":30}", "{\"players\":\"any\",\"deck\":24,\"turnClock\":30}");
        for (int i = 0; i < 200; i++) {
            Player p = Player.fresh();
            players.add(p);
            cluster.ratings.put(p.id(), 15 + random.nextInt(21));
        }
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<Cluster.Answer>> asked = new ArrayList<>();
            for (int i = 0; i < players.size(); i++) {
                Player p = players.get(i);
                int n = i;
                asked.add(pool.submit(() -> Cluster.call(cluster.instance(n), "POST", p.token(),
                        wishes.get(n % wishes.size()))));
            }
            for (Future<Cluster.Answer> f : asked) {
                assertEquals(201, f.get().status(), String.valueOf(f.get().body()));
            }
        } finally {
            pool.shutdown();
        }
        Map<String, JsonNode> seated = awaitSeated(players, 180_000);
        Map<String, List<String>> byTable = new HashMap<>();
        seated.forEach((id, t) -> byTable.computeIfAbsent(t.path("tableId").asText(), k -> new ArrayList<>()).add(id));
        Set<String> everyone = new HashSet<>();
        for (Map.Entry<String, List<String>> e : byTable.entrySet()) {
            List<TableLog.Entry> log = QuickMatchTest.startedTable(e.getKey(), 120_000);
            List<String> seats = TableLog.seats(log);
            int size = log.get(0).event().path("rules").path("players").asInt();
            assertEquals(size, seats.size(), "every seat taken once at " + e.getKey() + ": " + seats);
            List<String> people = seats.stream().filter(s -> !s.startsWith("bot:")).toList();
            assertEquals(new HashSet<>(e.getValue()), new HashSet<>(people), "the people seated at " + e.getKey());
            assertEquals(people.size(), new HashSet<>(people).size(), "nobody twice at " + e.getKey());
            for (String id : people) {
                assertTrue(everyone.add(id), id + " at two tables");
                int seat = seats.indexOf(id);
                assertEquals(seat, seated.get(id).path("seat").asInt());
            }
        }
        assertEquals(200, everyone.size());
    }

    @Test
    void aRestart_keepsEveryWaitingTicket_andItsWait_andTheyAreMatchedAfterwards() throws Exception {
        String pool = "PODKIDNOI/36/single/clock90/stake0";
        List<Player> players = List.of(Player.fresh(), Player.fresh(), Player.fresh(), Player.fresh(), Player.fresh());
        Map<String, JsonNode> before = new HashMap<>();
        try (PoolLock held = new PoolLock(pool)) { // as if another instance were forming it: everybody waits
            for (int i = 0; i < players.size(); i++) {
                Cluster.Answer a = Cluster.call(cluster.instance(i), "POST", players.get(i).token(),
                        "{\"players\":3,\"turnClock\":90}");
                assertEquals(201, a.status(), String.valueOf(a.body()));
                before.put(players.get(i).id(), a.body());
            }
            cluster.restartAll();
            for (Player p : players) {
                Cluster.Answer a = Cluster.call(cluster.instance(1), "GET", p.token(), null);
                assertEquals(200, a.status());
                assertEquals("WAITING", a.body().path("status").asText());
                assertEquals(before.get(p.id()).path("ticketId").asText(), a.body().path("ticketId").asText());
                assertEquals(before.get(p.id()).path("waitingSince").asText(), a.body().path("waitingSince").asText());
            }
        }
        Map<String, JsonNode> seated = awaitSeated(players, 180_000);
        Set<String> tables = new HashSet<>();
        seated.values().forEach(t -> tables.add(t.path("tableId").asText()));
        for (String table : tables) {
            QuickMatchTest.startedTable(table, 120_000);
        }
        assertEquals(5, seated.size());
    }

    /** Every player's ticket once seated, asked of the instances in turn (or fails after {@code ms}). */
    static Map<String, JsonNode> awaitSeated(List<Player> players, long ms) throws InterruptedException {
        Map<String, JsonNode> seated = new HashMap<>();
        long end = System.currentTimeMillis() + ms;
        int n = 0;
        while (seated.size() < players.size() && System.currentTimeMillis() < end) {
            for (Player p : players) {
                if (!seated.containsKey(p.id())) {
                    Cluster.Answer a = Cluster.call(cluster.instance(n++), "GET", p.token(), null);
                    if (a.status() == 200 && "SEATED".equals(a.body().path("status").asText())) {
                        seated.put(p.id(), a.body());
                    }
                }
            }
            Thread.sleep(200);
        }
        assertEquals(players.size(), seated.size(), "everybody seated in time");
        return seated;
    }
}
