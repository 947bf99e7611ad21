package online.durak.leaderboard;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pocketcombats.openskill.Adjudicator;
import com.pocketcombats.openskill.RatingModelConfig;
import com.pocketcombats.openskill.aggregate.DefaultTeamRatingAggregator;
import com.pocketcombats.openskill.data.MatchMakingRating;
import com.pocketcombats.openskill.data.RatingAdjustment;
import com.pocketcombats.openskill.data.SimplePlayerResult;
import com.pocketcombats.openskill.data.SimpleTeamResult;
import com.pocketcombats.openskill.data.TeamResult;
import com.pocketcombats.openskill.model.PlackettLuce;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.path.json.config.JsonPathConfig;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;
import online.durak.engine.table.SeatHolder;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The skill rating against the real broker and database: matches of people only, delivered in the reverse of the
 * order they ended in, give the ratings OpenSkill's own Plackett–Luce gives when the same matches are fed to it here
 * in the order they ended; a bot level's one rating moves with its matches.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(LeaderboardTopics.class)
class RatingFlowTest {
    private static Feed feed;

    @jakarta.inject.Inject
    TestStore store;

    @BeforeAll
    static void open() {
        feed = new Feed();
    }

    @AfterAll
    static void close() {
        feed.close();
    }

    private static String[] person(String id, String name) {
        return new String[] {id, name};
    }

    private void deliver(Match m) {
        store.insert(m.events);
        feed.publish(m.events);
    }

    /** OpenSkill's own update of one match, straight from the library: each team ranked by its seats' place. */
    private static void openSkill(Match m, Map<String, double[]> ratings) {
        RatingModelConfig config = RatingModelConfig.builder().build();
        Adjudicator<String> adjudicator = new Adjudicator<>(config, new PlackettLuce(config));
        DefaultTeamRatingAggregator aggregator = new DefaultTeamRatingAggregator(config);
        Rules rules = m.state.rules();
        Map<Integer, List<SimplePlayerResult<String>>> teams = new TreeMap<>();
        Map<Integer, Integer> rank = new HashMap<>();
        for (int seat = 0; seat < rules.players(); seat++) {
            SeatHolder h = m.state.seats().get(seat);
            double[] r = ratings.getOrDefault(h.playerId(), new double[] {25.0, 25.0 / 3});
            teams.computeIfAbsent(rules.team(seat), k -> new ArrayList<>())
                    .add(new SimplePlayerResult<>(h.playerId(), r[0], r[1]));
            rank.put(rules.team(seat), m.state.match().places().get(seat));
        }
        List<TeamResult<String>> results = new ArrayList<>();
        for (var t : teams.entrySet()) {
            MatchMakingRating team = aggregator.computeTeamRating(t.getValue());
            results.add(new SimpleTeamResult<>(team.mu(), team.sigma(), rank.get(t.getKey()), t.getValue()));
        }
        for (RatingAdjustment<String> a : adjudicator.rate(results)) {
            ratings.put(a.playerId(), new double[] {a.mu(), a.sigma()});
        }
    }

    private static void awaitRated(String playerId, int matches) {
        Feed.await(playerId + " rated in " + matches + " match(es)", () -> {
            var r = given().get("/api/players/" + playerId);
            return r.statusCode() == 200 && r.jsonPath().get("rating") != null
                    && r.jsonPath().getInt("rating.matches") == matches;
        });
    }

    @Test
    void peoplesRatings_areOpenSkillsOwnNumbers_inTheOrderTheMatchesEnded_whateverOrderTheyArrived() {
        Feed.awaitReady();
        String run = UUID.randomUUID().toString().substring(0, 8);
        String ann = "ann-" + run;
        String bob = "bob-" + run;
        String cid = "cid-" + run;
        String dee = "dee-" + run;
        Instant t0 = Instant.now().minusSeconds(3600);
        // ended in this order (each match lasts well under 10 minutes of event time); shared players chain them
        List<Match> inOrder = List.of(
                Match.played("rt-" + run + "-1", Rules.defaults(3).withDealsPerMatch(3), t0, 21,
                        List.of(person(ann, "Ann"), person(bob, "Bob"), person(cid, "Cid")), BotLevel.EASY),
                Match.played("rt-" + run + "-2", Rules.defaults(2).withDealsPerMatch(1), t0.plusSeconds(900), 22,
                        List.of(person(bob, "Bob"), person(dee, "Dee")), BotLevel.EASY),
                Match.played("rt-" + run + "-3", Rules.defaults(4).withTeams(true).withDealsPerMatch(1),
                        t0.plusSeconds(1800), 23,
                        List.of(person(ann, "Ann"), person(bob, "Bob"), person(cid, "Cid"), person(dee, "Dee")),
                        BotLevel.EASY),
                Match.played("rt-" + run + "-4", Rules.defaults(2).withDealsPerMatch(3), t0.plusSeconds(2700), 24,
                        List.of(person(cid, "Cid"), person(ann, "Ann")), BotLevel.EASY));
        for (int i = 1; i < inOrder.size(); i++) {
            assertTrue(end(inOrder.get(i - 1)).isBefore(end(inOrder.get(i))));
        }
        List<Match> arriving = new ArrayList<>(inOrder);
        Collections.reverse(arriving);
        for (Match m : arriving) {
            deliver(m);
            // one at a time, so that each later arrival is one that ended earlier
            String first = m.state.seats().get(0).playerId();
            Feed.await(m.tableId + " applied", () -> given().get("/api/players/" + first).statusCode() == 200
                    && given().get("/api/players/" + first).jsonPath().getList("recent.tableId").contains(m.tableId));
        }
        awaitRated(ann, 3);
        awaitRated(bob, 3);
        awaitRated(cid, 3);
        awaitRated(dee, 2);

        Map<String, double[]> expected = new HashMap<>();
        inOrder.forEach(m -> openSkill(m, expected));
        for (String p : List.of(ann, bob, cid, dee)) {
            JsonPath r = exact(given().get("/api/players/" + p).then().statusCode(200).extract().asString());
            double mu = r.getDouble("rating.mu");
            double sigma = r.getDouble("rating.sigma");
            assertEquals(expected.get(p)[0], mu, 1e-12, p + " mu");
            assertEquals(expected.get(p)[1], sigma, 1e-12, p + " sigma");
            assertEquals(mu - 3 * sigma, r.getDouble("rating.ordinal"), 1e-9);
            assertEquals(Math.round((mu - 3 * sigma) * 10) / 10.0, r.getDouble("rating.display"), 1e-9);
        }
        // a rebuild applies the store's matches in the order they ended: the very same numbers
        Map<String, String> ratings = new HashMap<>();
        for (String p : List.of(ann, bob, cid, dee)) {
            ratings.put(p, given().get("/api/players/" + p).jsonPath().getString("rating"));
        }
        Feed.rebuild();
        for (String p : List.of(ann, bob, cid, dee)) {
            assertEquals(ratings.get(p), given().get("/api/players/" + p).jsonPath().getString("rating"), p);
        }
        // the board shows the rating beside the points
        JsonPath board = exact(given().queryParam("player", ann).get("/api/leaderboard").then().statusCode(200)
                .extract().asString());
        assertEquals(Math.round((expected.get(ann)[0] - 3 * expected.get(ann)[1]) * 10) / 10.0,
                board.getDouble("player.rating"), 1e-9);
    }

    /** JSON numbers as doubles (RestAssured reads them as floats by default). */
    private static JsonPath exact(String json) {
        return JsonPath.from(json).using(new JsonPathConfig(JsonPathConfig.NumberReturnType.DOUBLE));
    }

    private static Instant end(Match m) {
        return m.events.get(m.events.size() - 1).at();
    }

    @Test
    void aBotLevelsOneRating_movesWithItsMatches() {
        Feed.awaitReady();
        String run = UUID.randomUUID().toString().substring(0, 8);
        String eve = "eve-" + run;
        JsonPath before = bots();
        int strongBefore = before.get("find { it.level == 'STRONG' }.rating") == null ? 0
                : before.getInt("find { it.level == 'STRONG' }.rating.matches");
        Match m = Match.played("rt-" + run + "-bots", Rules.defaults(3).withDealsPerMatch(1), Instant.now(), 31,
                List.<String[]>of(person(eve, "Eve")), BotLevel.STRONG);
        deliver(m);
        awaitRated(eve, 1);
        JsonPath after = bots();
        assertEquals(List.of("EASY", "NORMAL", "STRONG"), after.getList("level"));
        Map<String, Object> strong = after.getMap("find { it.level == 'STRONG' }.rating");
        assertNotNull(strong);
        // two STRONG seats in one match: one rated match more for the level
        assertTrue(((Number) strong.get("matches")).intValue() >= strongBefore + 1);
        if (strongBefore > 0) {
            assertNotEquals(before.getDouble("find { it.level == 'STRONG' }.rating.mu"),
                    ((Number) strong.get("mu")).doubleValue());
        } else {
            assertNotEquals(25.0, ((Number) strong.get("mu")).doubleValue());
        }
        // the person moved against the bots: their rating is no longer the newcomer's
        JsonPath eveNow = exact(given().get("/api/players/" + eve).asString());
        assertNotEquals(25.0, eveNow.getDouble("rating.mu"));
        assertTrue(eveNow.getDouble("rating.sigma") < 25.0 / 3);
    }

    private static JsonPath bots() {
        return exact(given().get("/api/leaderboard/bots").then().statusCode(200).extract().asString());
    }
}
