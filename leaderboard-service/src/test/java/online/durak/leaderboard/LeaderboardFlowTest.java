package online.durak.leaderboard;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;
import online.durak.leaderboard.messaging.MatchProjector;
import online.durak.leaderboard.messaging.Rebuild;
import online.durak.service.api.ApiException;
import online.durak.leaderboard.score.FinishedMatch;
import online.durak.leaderboard.score.MatchResults;
import online.durak.leaderboard.store.Period;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The projection against the test run's real Kafka and PostgreSQL: whole matches played with the engine (real
 * events), written to the event store and published as the rules service does, read back through the REST API;
 * rebuilt from the store with identical results; the same events twice counted once.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(LeaderboardTopics.class)
class LeaderboardFlowTest {
    private static Feed feed;

    @Inject
    TestStore store;
    @Inject
    Pool pool;
    @Inject
    MeterRegistry registry;
    @Inject
    MatchProjector projector;
    @Inject
    Rebuild rebuild;

    @BeforeAll
    static void open() {
        feed = new Feed();
    }

    @AfterAll
    static void close() {
        feed.close();
    }

    private static String run() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    private static String[] person(String id, String name) {
        return new String[] {id, name};
    }

    /** A moment halfway between the later of this week's and this month's start (UTC) and now. */
    private static Instant thisWeekAndMonth(Instant now) {
        Instant week = Period.WEEK.start(now).orElseThrow();
        Instant month = Period.MONTH.start(now).orElseThrow();
        Instant from = week.isAfter(month) ? week : month;
        return from.plus(Duration.between(from, now).dividedBy(2));
    }

    private void deliver(Match m) {
        store.insert(m.events);
        feed.publish(m.events);
    }

    /** Each person's expected (points, matches) over the matches, from the engine's points. */
    private static Map<String, long[]> expected(List<Match> matches, Instant from) {
        Map<String, long[]> out = new HashMap<>();
        for (Match m : matches) {
            FinishedMatch f = MatchResults.of(m.events).orElseThrow();
            if (from != null && f.at().isBefore(from)) {
                continue;
            }
            for (FinishedMatch.Entry e : f.entries()) {
                long[] t = out.computeIfAbsent(e.playerId(), k -> new long[2]);
                t[0] += e.points();
                t[1]++;
            }
        }
        return out;
    }

    private static void awaitMatches(String playerId, int matches) {
        Feed.await(playerId + " with " + matches + " match(es)", () -> {
            var r = given().get("/api/players/" + playerId);
            return r.statusCode() == 200 && r.jsonPath().getInt("matches") == matches;
        });
    }

    private static JsonPath board(String period, String player) {
        return given().queryParam("period", period).queryParam("size", 100).queryParam("player", player)
                .get("/api/leaderboard").then().statusCode(200).extract().jsonPath();
    }

    /** The whole read model, in a fixed order. */
    private List<String> dump() {
        List<String> out = new ArrayList<>();
        for (Row r : pool.query("select concat_ws('|', player_id, name, points, matches, deals, duraks) as x"
                + " from lb_players order by player_id").execute().await().atMost(Duration.ofSeconds(10))) {
            out.add(r.getString("x"));
        }
        for (Row r : pool.query("select concat_ws('|', table_id, seq, player_id, name, seat, at, points, deal_points,"
                + " place, deals, duraks, left_early) as x from lb_entries order by table_id, seq, player_id")
                .execute().await().atMost(Duration.ofSeconds(10))) {
            out.add(r.getString("x"));
        }
        for (Row r : pool.query("select concat_ws('|', period, player_id, points, matches) as x from lb_period_totals"
                + " order by period, player_id").execute().await().atMost(Duration.ofSeconds(10))) {
            out.add(r.getString("x"));
        }
        // the ratings to the last bit (float8 prints exactly), and every rated match's seats before and after
        for (Row r : pool.query("select concat_ws('|', rater_id, mu, sigma, matches) as x from lb_ratings"
                + " order by rater_id").execute().await().atMost(Duration.ofSeconds(10))) {
            out.add(r.getString("x"));
        }
        for (Row r : pool.query("select concat_ws('|', table_id, seq, at, seats) as x from lb_rated"
                + " order by table_id, seq").execute().await().atMost(Duration.ofSeconds(10))) {
            out.add(r.getString("x"));
        }
        return out;
    }

    @Test
    void finishedMatches_makeTheBoards_andARebuildFromTheStoreGivesTheSame() {
        Feed.awaitReady();
        Feed.rebuild(); // the read model as the store says, whatever earlier tests of this database left
        String run = run();
        String anna = "anna-" + run;
        String boris = "guest-boris-" + run;
        String clara = "clara-" + run;
        Instant now = Instant.now();
        Instant recent = thisWeekAndMonth(now);
        List<Match> matches = List.of(
                Match.played("lb-" + run + "-1", Rules.defaults(3).withDealsPerMatch(3), recent, 1,
                        List.of(person(anna, "Anna"), person(boris, "Boris")), BotLevel.EASY),
                Match.played("lb-" + run + "-2", Rules.defaults(2).withDealsPerMatch(1), recent.plusSeconds(5), 2,
                        List.of(person(anna, "Anna"), person(clara, "Clara")), BotLevel.EASY),
                Match.played("lb-" + run + "-3", Rules.defaults(4).withTeams(true).withDealsPerMatch(1),
                        recent.minusSeconds(600), 3, List.of(person(boris, "Boris"), person(clara, "Clara")),
                        BotLevel.NORMAL),
                // before this month (and so this week): all time only
                Match.played("lb-" + run + "-4", Rules.defaults(3).withDealsPerMatch(1),
                        now.minus(Duration.ofDays(40)), 4, List.<String[]>of(person(boris, "Boris the old")), BotLevel.STRONG));
        matches.forEach(this::deliver);
        awaitMatches(anna, 2);
        awaitMatches(boris, 3);
        awaitMatches(clara, 2);

        Map<String, long[]> all = expected(matches, null);
        Map<String, long[]> month = expected(matches, Period.MONTH.start(now).orElseThrow());
        Map<String, long[]> week = expected(matches, Period.WEEK.start(now).orElseThrow());
        assertEquals(2, month.get(boris)[1]);
        for (String p : List.of(anna, boris, clara)) {
            for (var period : List.of(Map.entry("all", all), Map.entry("month", month), Map.entry("week", week))) {
                JsonPath b = board(period.getKey(), p);
                assertEquals(period.getValue().get(p)[0], b.getLong("player.points"), period.getKey() + " " + p);
                assertEquals(period.getValue().get(p)[1], b.getLong("player.matches"), period.getKey() + " " + p);
                assertEquals(period.getKey(), b.getString("period"));
                // the rank is 1 + the players with more points on that board (equal points share a rank)
                List<Long> points = b.getList("rows.points", Long.class);
                long own = b.getLong("player.points");
                if (b.getLong("total") <= 100) {
                    assertEquals(1 + points.stream().filter(x -> x > own).count(), b.getLong("player.rank"));
                }
            }
        }
        // the name is that of the latest match, whatever the order matches came in
        assertEquals("Boris", given().get("/api/players/" + boris).jsonPath().getString("name"));

        JsonPath profile = given().get("/api/players/" + anna).then().statusCode(200).extract().jsonPath();
        FinishedMatch first = MatchResults.of(matches.get(0).events).orElseThrow();
        FinishedMatch second = MatchResults.of(matches.get(1).events).orElseThrow();
        assertEquals(all.get(anna)[0], profile.getLong("points"));
        assertEquals(3 + 1, profile.getInt("deals"));
        assertEquals(first.entries().get(0).duraks() + second.entries().get(0).duraks(), profile.getInt("duraks"));
        assertEquals(profile.getInt("duraks") / 4.0, profile.getDouble("durakRate"), 1e-9);
        // newest first: by when the match ended
        FinishedMatch newest = first.at().isAfter(second.at()) ? first : second;
        FinishedMatch older = newest == first ? second : first;
        assertEquals(List.of(newest.tableId(), older.tableId()), profile.getList("recent.tableId"));
        assertEquals("/api/tables/" + newest.tableId() + "/replay", profile.getString("recent[0].replay"));
        assertEquals(newest.entries().get(0).place(), profile.getInt("recent[0].place"));
        assertEquals(newest.entries().get(0).points(), profile.getInt("recent[0].points"));
        assertEquals(newest.at().truncatedTo(ChronoUnit.MICROS), Instant.parse(profile.getString("recent[0].at")));

        List<String> before = dump();
        JsonPath summary = Feed.rebuild();
        assertTrue(summary.getLong("matches") >= matches.size());
        assertEquals(before, dump());
    }

    @Test
    void aPersonWhoLeftAMatchThatOthersPlayedOn_getsMinus10OnTheLeaderboard() {
        Feed.awaitReady();
        String run = run();
        String fritz = "fritz-" + run;
        String gerda = "gerda-" + run;
        Match m = Match.played("lb-" + run + "-left", Rules.defaults(3).withDealsPerMatch(3), Instant.now(), 12,
                List.of(person(gerda, "Gerda"), person(fritz, "Fritz")), BotLevel.NORMAL, fritz, 0);
        deliver(m);
        awaitMatches(fritz, 1);
        JsonPath p = given().get("/api/players/" + fritz).then().statusCode(200).extract().jsonPath();
        assertEquals(-10, p.getInt("points"), "left in the first deal: no deal finished, no place, −10");
        assertEquals(0, p.getInt("deals"));
        assertTrue(p.getBoolean("recent[0].left"));
        assertEquals(0, p.getInt("recent[0].place"));
        awaitMatches(gerda, 1);
        assertEquals((int) expected(List.of(m), null).get(gerda)[0],
                given().get("/api/players/" + gerda).jsonPath().getInt("points"));
    }

    @Test
    void theSameEventsDeliveredTwice_changeNothing() {
        Feed.awaitReady();
        String run = run();
        String dora = "dora-" + run;
        Match m = Match.played("lb-" + run + "-twice", Rules.defaults(2).withDealsPerMatch(3), Instant.now(), 9,
                List.of(person(dora, "Dora"), person("emil-" + run, "Emil")), BotLevel.EASY);
        deliver(m);
        awaitMatches(dora, 1);
        List<String> before = dump();
        String profile = given().get("/api/players/" + dora).asString();

        double duplicates = duplicates();
        feed.publish(m.events); // again, as after a crash before the commit or an outbox's second publish
        Feed.await("the second MatchEnded read", () -> duplicates() > duplicates);
        assertEquals(before, dump());
        assertEquals(profile, given().get("/api/players/" + dora).asString());
        assertEquals(MatchProjector.Outcome.DUPLICATE, projector.project(m.tableId, m.events.size()));
    }

    @Test
    void twoInstancesApplyingTheSameMatchAtOnce_countItOnce() throws Exception {
        String run = run();
        String fay = "fay-" + run;
        Match m = Match.played("lb-" + run + "-race", Rules.defaults(2).withDealsPerMatch(1), Instant.now(), 4,
                List.of(person(fay, "Fay"), person("gus-" + run, "Gus")), BotLevel.EASY);
        store.insert(m.events); // only in the store: the projectors below are the two "instances"
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            Callable<MatchProjector.Outcome> apply = () -> projector.project(m.tableId, m.events.size());
            List<Future<MatchProjector.Outcome>> outcomes = two.invokeAll(List.of(apply, apply));
            List<MatchProjector.Outcome> got = new ArrayList<>();
            for (Future<MatchProjector.Outcome> f : outcomes) {
                got.add(f.get());
            }
            assertTrue(got.contains(MatchProjector.Outcome.APPLIED) && got.contains(MatchProjector.Outcome.DUPLICATE),
                    got.toString());
        } finally {
            two.shutdown();
        }
        given().get("/api/players/" + fay).then().statusCode(200).body("matches", equalTo(1));
    }

    private double duplicates() {
        return registry.find("durak.leaderboard.matches").tag("outcome", "duplicate").counter().count();
    }

    @Test
    void aSecondRebuild_whileOneRuns_isRefused() {
        rebuild.start(); // returns at once, the rebuild running on its own thread
        ApiException refused = assertThrows(ApiException.class, rebuild::start);
        assertEquals(409, refused.status());
        assertEquals("REBUILD_RUNNING", refused.code());
        Feed.await("the rebuild's end", () -> !rebuild.status().running());
        assertNull(rebuild.status().error());
    }

    @Test
    void badParameters_are400_namingTheField() {
        for (String[] bad : new String[][] {{"period", "year"}, {"page", "-1"}, {"page", "x"}, {"size", "0"},
                {"size", "101"}, {"size", "2.5"}}) {
            given().queryParam(bad[0], bad[1]).get("/api/leaderboard").then().statusCode(400)
                    .body("code", equalTo("INVALID_PARAMETER")).body("message", containsString(bad[0] + ":"));
        }
    }

    @Test
    void defaults_areAllTime_firstPage_20Rows_andNoPlayerRow() {
        JsonPath b = given().get("/api/leaderboard").then().statusCode(200).extract().jsonPath();
        assertEquals("all", b.getString("period"));
        assertEquals(0, b.getInt("page"));
        assertEquals(20, b.getInt("size"));
        assertNull(b.get("from"));
        assertNull(b.get("player"));
        assertNotNull(b.getList("rows"));
        assertTrue(b.getList("rows").size() <= 20);
    }

    @Test
    void anUnknownPlayer_is404() {
        given().get("/api/players/nobody-" + run()).then().statusCode(404).body("code", equalTo("NO_SUCH_PLAYER"))
                .body("message", containsString("id:"));
        JsonPath b = board("week", "nobody-" + run());
        assertNull(b.get("player"));
    }
}
