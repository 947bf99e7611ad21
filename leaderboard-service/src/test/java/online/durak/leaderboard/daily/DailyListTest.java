package online.durak.leaderboard.daily;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import online.durak.engine.BotLevel;
import online.durak.engine.DailyPoints;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.leaderboard.Feed;
import online.durak.leaderboard.LeaderboardTopics;
import online.durak.leaderboard.Match;
import online.durak.leaderboard.TestClock;
import online.durak.leaderboard.TestStore;
import online.durak.leaderboard.messaging.MatchProjector;
import online.durak.messages.EventMessage;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The daily list and the streaks against the test run's real Kafka and PostgreSQL: daily games played with the engine
 * (real events), written to the event store and published as the rules service does, read back over REST. Each run
 * plays on days of its own (far from today), so runs sharing the database never meet on a list.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(LeaderboardTopics.class)
class DailyListTest {
    private static Feed feed;

    @Inject
    TestStore store;
    @Inject
    Pool pool;
    @Inject
    DailyProjector daily;
    @Inject
    MatchProjector matches;

    @BeforeAll
    static void open() {
        feed = new Feed();
    }

    @AfterAll
    static void close() {
        feed.close();
    }

    @AfterEach
    void realTime() {
        TestClock.at = null;
    }

    private static String run() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    /** A day of this run's own: some day of the 22nd century. */
    private static LocalDate someDay() {
        return LocalDate.of(2100, 1, 1).plusDays(ThreadLocalRandom.current().nextInt(36_000));
    }

    private static Match daily(String table, LocalDate day, boolean practice, String id, String name, String leaver,
                               int afterDeals) {
        return Match.played(table, Rules.daily(day, practice), day.atStartOfDay().toInstant(ZoneOffset.UTC)
                .plusSeconds(3600), 1, List.<String[]>of(new String[] {id, name}), BotLevel.STRONG, leaver, afterDeals);
    }

    private static List<Event.DealEnded> deals(Match m) {
        return m.events.stream().map(EventMessage::event).filter(e -> e instanceof Event.DealEnded)
                .map(e -> (Event.DealEnded) e).toList();
    }

    private static JsonPath list(LocalDate day, String player) {
        return given().queryParam("date", day.toString()).queryParam("player", player).get("/api/daily/list")
                .then().statusCode(200).extract().jsonPath();
    }

    private List<String> rows(LocalDate from, LocalDate to) {
        List<String> out = new ArrayList<>();
        for (Row r : pool.preparedQuery("select concat_ws('|', day, player_id, table_id, seq, name, points, deals,"
                        + " finished, left_early) as x from dl_entries where day between $1 and $2 order by day, player_id")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(from, to)).await().atMost(Duration.ofSeconds(10))) {
            out.add(r.getString("x"));
        }
        return out;
    }

    private void project(Match m) {
        store.insert(m.events);
        daily.project(m.tableId, m.events.size());
        if (m.events.get(m.events.size() - 1).event() instanceof Event.MatchEnded) {
            matches.project(m.tableId, m.events.size());
        }
    }

    @Test
    void theList_ranksFirstAttempts_byDailyPoints_andAPracticeOrSecondAttemptChangesNothing() {
        Feed.awaitReady();
        String run = run();
        LocalDate day = someDay();
        String anna = "anna-" + run;
        String boris = "boris-" + run;
        Match annas = daily("dl-" + run + "-a", day, false, anna, "Anna", null, 0);
        // Boris leaves after the first deal: his attempt counts as it stands, the deals not played as losses
        Match boriss = daily("dl-" + run + "-b", day, false, boris, "Boris", boris, 1);
        assertEquals(3, deals(annas).size());
        assertEquals(1, deals(boriss).size());
        int annaPoints = DailyPoints.of(0, deals(annas));
        int borisPoints = DailyPoints.of(0, deals(boriss));
        for (Match m : List.of(annas, boriss)) {
            store.insert(m.events);
            feed.publish(m.events);
        }
        Feed.await("the day's list of two", () -> list(day, anna).getInt("total") == 2
                && list(day, anna).getBoolean("player.finished") && list(day, boris).getBoolean("player.left"));
        JsonPath l = list(day, boris);
        // no table ids: nobody finds another player's table of the day through the list
        assertEquals(java.util.Set.of("rank", "playerId", "name", "points", "deals", "finished", "left"),
                l.getMap("entries[0]").keySet());
        assertEquals(l.getMap("entries[0]").keySet(), l.getMap("player").keySet());
        assertFalse(l.prettify().contains(annas.tableId) || l.prettify().contains(boriss.tableId), l.prettify());
        assertEquals(day.toString(), l.getString("date"));
        assertEquals("UTC", l.getString("timeZone"));
        assertEquals(annaPoints, l.getInt("entries.find { it.playerId == '" + anna + "' }.points"));
        assertEquals(borisPoints, l.getInt("player.points"));
        assertEquals(1, l.getInt("player.deals"));
        long annaRank = annaPoints >= borisPoints ? 1 : 2;
        assertEquals(annaRank, l.getLong("entries.find { it.playerId == '" + anna + "' }.rank"));
        assertEquals(annaPoints > borisPoints ? 2 : 1, l.getLong("player.rank"));

        List<String> before = rows(day, day);
        // Anna practises (later attempts are practice) and loses at once; a second table that claims to count
        // (matchmaking makes none) does not replace her first either
        Match practice = daily("dl-" + run + "-p", day, true, anna, "Anna", anna, 0);
        Match second = daily("dl-" + run + "-s", day, false, anna, "Anna", anna, 0);
        store.insert(practice.events);
        store.insert(second.events);
        assertFalse(daily.project(practice.tableId, practice.events.size()));
        assertFalse(daily.project(second.tableId, second.events.size()));
        // and the same event again changes nothing
        assertFalse(daily.project(annas.tableId, annas.events.size()));
        assertEquals(before, rows(day, day));
        assertEquals(annaPoints, list(day, anna).getInt("player.points"));
    }

    @Test
    void aStreak_growsOverConsecutiveDays_andBreaksAfterAMissedDay() {
        String run = run();
        String clara = "clara-" + run;
        LocalDate d = someDay();
        for (int i = 0; i < 3; i++) {
            project(daily("dl-" + run + "-" + i, d.plusDays(i), false, clara, "Clara", null, 0));
        }
        TestClock.at = d.plusDays(2).atTime(20, 0).toInstant(ZoneOffset.UTC);
        assertStreak(clara, 3, 3);
        // the next day, not played yet: the streak still stands (today can still be played)
        TestClock.at = d.plusDays(3).atTime(23, 59).toInstant(ZoneOffset.UTC);
        assertStreak(clara, 3, 3);
        // a day missed: broken, the best stays
        TestClock.at = d.plusDays(4).atTime(0, 1).toInstant(ZoneOffset.UTC);
        assertStreak(clara, 0, 3);
        // a practice attempt is no attempt that counts
        project(daily("dl-" + run + "-p4", d.plusDays(4), true, clara, "Clara", null, 0));
        assertStreak(clara, 0, 3);
        project(daily("dl-" + run + "-4", d.plusDays(4), false, clara, "Clara", null, 0));
        assertStreak(clara, 1, 3);
    }

    @Test
    void aProfile_linksADailyGamesReplay_onlyOnceItsDayIsOver() {
        String run = run();
        String dora = "dora-" + run;
        LocalDate d = someDay();
        Match counting = daily("dl-" + run + "-c", d, false, dora, "Dora", null, 0);
        Match practice = daily("dl-" + run + "-p", d, true, dora, "Dora", null, 0);
        project(counting);
        project(practice);
        TestClock.at = d.atTime(23, 59).toInstant(ZoneOffset.UTC);
        JsonPath during = given().get("/api/players/" + dora).then().statusCode(200).extract().jsonPath();
        assertEquals(2, during.getList("recent").size());
        for (int i = 0; i < 2; i++) {
            assertNull(during.get("recent[" + i + "].tableId"), during.prettify());
            assertNull(during.get("recent[" + i + "].replay"));
            assertNull(during.get("recent[" + i + "].replayPage"));
            assertEquals(d.toString(), during.getString("recent[" + i + "].daily"));
        }
        assertFalse(during.prettify().contains(counting.tableId) || during.prettify().contains(practice.tableId));
        TestClock.at = d.plusDays(1).atTime(0, 1).toInstant(ZoneOffset.UTC);
        JsonPath after = given().get("/api/players/" + dora).then().statusCode(200).extract().jsonPath();
        assertEquals(java.util.Set.of(counting.tableId, practice.tableId),
                java.util.Set.copyOf(after.getList("recent.tableId")));
        assertEquals("/api/tables/" + practice.tableId + "/replay",
                after.getString("recent.find { it.tableId == '" + practice.tableId + "' }.replay"));
    }

    private static void assertStreak(String player, int current, int best) {
        JsonPath p = given().get("/api/players/" + player).then().statusCode(200).extract().jsonPath();
        assertEquals(current, p.getInt("streak.current"), "current streak at " + TestClock.at);
        assertEquals(best, p.getInt("streak.best"), "best streak at " + TestClock.at);
    }

    @Test
    void todaysList_isTheUtcDaysByDefault_andBadParametersAre400NamingThem() {
        TestClock.at = Instant.parse("2031-05-06T23:30:00Z");
        given().get("/api/daily/list").then().statusCode(200).body("date", equalTo("2031-05-06"))
                .body("timeZone", equalTo("UTC"));
        for (String[] bad : new String[][] {{"date", "2026-13-01"}, {"date", "yesterday"}, {"page", "-1"},
                {"page", "x"}, {"size", "0"}, {"size", "101"}}) {
            given().queryParam(bad[0], bad[1]).get("/api/daily/list").then().statusCode(400)
                    .body("code", equalTo("INVALID_PARAMETER")).body("message", containsString(bad[0] + ":"));
        }
        JsonPath none = list(someDay(), "nobody-" + run());
        assertEquals(0, none.getInt("total"));
        assertNull(none.get("player"));
    }

    @Test
    void aRebuild_makesTheSameList() {
        Feed.awaitReady();
        String run = run();
        LocalDate day = someDay();
        project(daily("dl-" + run + "-r1", day, false, "dora-" + run, "Dora", null, 0));
        project(daily("dl-" + run + "-r2", day, false, "emil-" + run, "Emil", "emil-" + run, 2));
        project(daily("dl-" + run + "-r3", day, true, "dora-" + run, "Dora", "dora-" + run, 0));
        List<String> before = rows(day, day);
        assertEquals(2, before.size());
        Feed.rebuild();
        assertEquals(before, rows(day, day));
        assertTrue(before.get(0).endsWith("|3|t|f"), before.toString()); // Dora finished her three deals
    }
}
