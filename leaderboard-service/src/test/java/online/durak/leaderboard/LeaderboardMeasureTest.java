package online.durak.leaderboard;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;
import online.durak.leaderboard.store.Period;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The figures of docs/leaderboard.md "Measured", run on demand ({@code -Ddurak.measure=true}): a rebuild's catch-up
 * speed from an event store of 1,000 finished matches, and the leaderboard page's latency with 100,000 players.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(LeaderboardTopics.class)
@EnabledIfSystemProperty(named = "durak.measure", matches = "true")
class LeaderboardMeasureTest {
    private static final int MATCHES = 1000;
    private static final int PLAYERS = 100_000;
    private static final int REQUESTS = 400;

    @Inject
    TestStore store;
    @Inject
    Pool pool;

    @Test
    void rebuildSpeed_andPageLatency() {
        Feed.awaitReady();
        String run = UUID.randomUUID().toString().substring(0, 8);
        Instant now = Instant.now();
        long events = 0;
        for (int i = 0; i < MATCHES; i++) {
            String a = "m-" + run + "-p" + (i % 200);
            String b = "m-" + run + "-p" + ((i * 7 + 1) % 200);
            if (a.equals(b)) {
                b = b + "x";
            }
            Match m = Match.played("m-" + run + "-" + i, Rules.defaults(2).withDealsPerMatch(1),
                    now.minus(Duration.ofMinutes(MATCHES - i)), i, List.of(new String[] {a, "A" + i},
                            new String[] {b, "B" + i}), BotLevel.EASY);
            store.insert(m.events);
            events += m.events.size();
        }
        // what a rebuild reads: the logs of every finished match in the store, earlier runs' included
        long stored = pool.query("select count(*) as n from table_events where table_id in"
                        + " (select table_id from table_events where type = 'MatchEnded')").execute().await()
                .atMost(Duration.ofSeconds(30)).iterator().next().getLong("n");
        JsonPath summary = Feed.rebuild();
        long millis = summary.getLong("millis");
        System.out.printf("MEASURE rebuild: %d match(es) (%d of this run, %d event(s)), %d event(s) read in %d ms:"
                        + " %.0f matches/s, %.0f events/s%n", summary.getLong("matches"), MATCHES, events, stored,
                millis, summary.getLong("matches") * 1000.0 / millis, stored * 1000.0 / millis);

        // 100,000 players with one entry each this month, straight into the read model
        pool.query("insert into lb_players (player_id, name, name_at, points, matches, deals, duraks)"
                + " select 'synthetic-' || g, 'P' || g, now(), (g * 7919) % 5000, 1, 1, g % 2"
                + " from generate_series(1, " + PLAYERS + ") g").execute().await().atMost(Duration.ofMinutes(2));
        pool.query("insert into lb_entries (table_id, seq, player_id, name, seat, at, points, deal_points, place,"
                + " deals, duraks, left_early) select 'synthetic', g, 'synthetic-' || g, 'P' || g, 0,"
                + " now() - (g % 5) * interval '1 minute', (g * 7919) % 5000, 1, 1, 1, g % 2, false"
                + " from generate_series(1, " + PLAYERS + ") g").execute().await().atMost(Duration.ofMinutes(2));
        Instant at = Instant.now();
        for (Period p : Period.values()) {
            pool.query("insert into lb_period_totals (period, player_id, points, matches) select '" + p.key(at)
                    + "', 'synthetic-' || g, (g * 7919) % 5000, 1 from generate_series(1, " + PLAYERS + ") g")
                    .execute().await().atMost(Duration.ofMinutes(2));
        }
        pool.query("analyze lb_players; analyze lb_entries; analyze lb_period_totals").execute().await().atMost(Duration.ofMinutes(1));
        Random random = new Random(1);
        for (String period : List.of("all", "week", "month")) {
            for (boolean own : List.of(false, true)) {
                long[] nanos = new long[REQUESTS];
                for (int i = -50; i < REQUESTS; i++) { // 50 to warm up
                    var req = given().queryParam("period", period).queryParam("page", random.nextInt(100));
                    if (own) {
                        req = req.queryParam("player", "synthetic-" + (1 + random.nextInt(PLAYERS)));
                    }
                    long t = System.nanoTime();
                    int status = req.get("/api/leaderboard").statusCode();
                    long took = System.nanoTime() - t;
                    assertEquals(200, status);
                    if (i >= 0) {
                        nanos[i] = took;
                    }
                }
                Arrays.sort(nanos);
                System.out.printf("MEASURE page period=%s%s, %d players: p50 %.1f ms, p99 %.1f ms%n", period,
                        own ? " with player" : "", PLAYERS, nanos[REQUESTS / 2] / 1e6, nanos[REQUESTS * 99 / 100] / 1e6);
            }
        }
        Feed.rebuild(); // the synthetic rows go
    }
}
