package online.durak.matchmaking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The figures of docs/matchmaking.md "Measured", run on demand ({@code -Ddurak.measure=true}): 1,000 players ask at
 * once, through two instances, in four pools with every number of players and "any", ratings spread over 15 to 35;
 * the default wait of 20 s before bots fill. Prints ticket→seated percentiles (the service's own times:
 * {@code seatedAt - waitingSince}), tickets matched per second, and the rating spread of the tables formed; asserts no
 * time.
 */
@EnabledIfSystemProperty(named = "durak.measure", matches = "true")
class QuickMatchMeasureIT {
    private static final int PLAYERS = 1000;

    @Test
    void thousandWaitingPlayers_inMixedPools() throws Exception {
        try (Cluster cluster = new Cluster(2, Map.of("DURAK_MATCHMAKING_HEARTBEAT_TIMEOUT", "120s"))) {
            Random random = new Random(1000);
            List<String> pools = List.of("\"turnClock\":30", "\"turnClock\":60", "\"variant\":\"PEREVODNOI\"",
                    "\"turnClock\":null");
            List<String> sizes = List.of("2", "3", "4", "\"any\"");
            List<QuickMatchIT.Player> players = new ArrayList<>();
            List<String> bodies = new ArrayList<>();
            for (int i = 0; i < PLAYERS; i++) {
                QuickMatchIT.Player p = QuickMatchIT.Player.fresh();
                players.add(p);
                cluster.ratings.put(p.id(), 15 + 20 * random.nextDouble());
                bodies.add("{\"players\":" + sizes.get(random.nextInt(sizes.size())) + ","
                        + pools.get(random.nextInt(pools.size())) + "}");
            }
            long t0 = System.nanoTime();
            ExecutorService exec = Executors.newFixedThreadPool(32);
            List<Future<Cluster.Answer>> asked = new ArrayList<>();
            for (int i = 0; i < PLAYERS; i++) {
                int n = i;
                asked.add(exec.submit(() -> Cluster.call(cluster.instance(n), "POST", players.get(n).token(),
                        bodies.get(n))));
            }
            for (Future<Cluster.Answer> f : asked) {
                assertEquals(201, f.get().status(), String.valueOf(f.get().body()));
            }
            exec.shutdown();
            double submitSeconds = (System.nanoTime() - t0) / 1e9;
            Map<String, JsonNode> seated = awaitSeated(cluster, players, 300_000);

            List<Long> waits = new ArrayList<>();
            Instant first = null;
            Instant last = null;
            Map<String, List<Double>> tableRatings = new HashMap<>();
            for (QuickMatchIT.Player p : players) {
                JsonNode t = seated.get(p.id());
                Instant since = Instant.parse(t.path("waitingSince").asText());
                Instant at = Instant.parse(t.path("seatedAt").asText());
                waits.add(Duration.between(since, at).toMillis());
                first = first == null || since.isBefore(first) ? since : first;
                last = last == null || at.isAfter(last) ? at : last;
                tableRatings.computeIfAbsent(t.path("tableId").asText(), k -> new ArrayList<>())
                        .add(cluster.ratings.get(p.id()));
            }
            List<Double> spreads = new ArrayList<>();
            int alone = 0;
            for (List<Double> r : tableRatings.values()) {
                spreads.add(Collections.max(r) - Collections.min(r));
                if (r.size() == 1) {
                    alone++;
                }
            }
            Collections.sort(waits);
            Collections.sort(spreads);
            double span = Duration.between(first, last).toMillis() / 1000.0;
            System.out.printf("%n[measure] %d tickets submitted in %.1f s through 2 instances; %d tables formed "
                            + "(%d of one person with bots)%n", PLAYERS, submitSeconds, tableRatings.size(), alone);
            System.out.printf("[measure] ticket->seated ms: p50 %d, p90 %d, p99 %d, max %d%n", pct(waits, 0.5),
                    pct(waits, 0.9), pct(waits, 0.99), waits.get(waits.size() - 1));
            System.out.printf("[measure] matched %.1f tickets/s (first ticket to last seat %.1f s)%n",
                    PLAYERS / span, span);
            System.out.printf("[measure] rating spread of tables with 2+ people: p50 %.2f, p90 %.2f, max %.2f%n",
                    pctD(spreads, 0.5, alone), pctD(spreads, 0.9, alone), spreads.get(spreads.size() - 1));
        }
    }

    private static long pct(List<Long> sorted, double q) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(q * sorted.size()) - 1));
    }

    /** A percentile of the spreads, leaving out the {@code skip} zeros of one-person tables (sorted first). */
    private static double pctD(List<Double> sorted, double q, int skip) {
        List<Double> s = sorted.subList(Math.min(skip, sorted.size() - 1), sorted.size());
        return s.get(Math.min(s.size() - 1, (int) Math.ceil(q * s.size()) - 1));
    }

    private static Map<String, JsonNode> awaitSeated(Cluster cluster, List<QuickMatchIT.Player> players, long ms)
            throws InterruptedException {
        Map<String, JsonNode> seated = new HashMap<>();
        long end = System.currentTimeMillis() + ms;
        int n = 0;
        while (seated.size() < players.size() && System.currentTimeMillis() < end) {
            for (QuickMatchIT.Player p : players) {
                if (!seated.containsKey(p.id())) {
                    Cluster.Answer a = Cluster.call(cluster.instance(n++), "GET", p.token(), null);
                    if (a.status() == 200 && "SEATED".equals(a.body().path("status").asText())) {
                        seated.put(p.id(), a.body());
                    }
                }
            }
            Thread.sleep(500);
        }
        assertEquals(players.size(), seated.size(), "everybody seated in time");
        return seated;
    }
}
