package online.durak.matchmaking.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.LocalDate;
import online.durak.matchmaking.WithRulesService;
import online.durak.matchmaking.daily.DailyResults;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/**
 * Ratings and daily results as this service reads them through its REST client {@link LeaderboardApi}, against a
 * stand-in leaderboard ({@link StandInLeaderboard}): a number or OpenSkill's μ, else the default 25; the list's entry,
 * else nothing; and the same when the leaderboard answers later than the client's 500 ms, or not at all.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(WithRulesService.class)
@QuarkusTestResource(StandInLeaderboard.class)
class LeaderboardClientsTest {
    private static final LocalDate DAY = LocalDate.parse("2026-01-02");

    @Inject
    Ratings ratings;

    @Inject
    DailyResults daily;

    @Test
    void aNumber_orOpenSkillsMu_orTheDefault() {
        assertEquals(31.5, ratings.ratingOf("plain"));
        assertEquals(28.25, ratings.ratingOf("rated"));
        assertEquals(25, ratings.ratingOf("nobody"), "404: the default");
    }

    @Test
    void aLeaderboardThatAnswersTooLate_givesTheDefault_atTheTimeout() {
        long t0 = System.nanoTime();
        assertEquals(25, ratings.ratingOf("slow"));
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 2500, "answered at the timeout, not when the leaderboard did");
    }

    @Test
    void aLeaderboardThatDoesNotAnswer_givesTheDefault() {
        assertEquals(25, ratings.ratingOf("dropped"));
        assertTrue(daily.of("dropped", DAY).isEmpty());
    }

    @Test
    void theDailyListsEntry_orNothing() {
        assertEquals(new DailyResults.Result(2, 7, 3, true), daily.of("ann", DAY).orElseThrow());
        assertTrue(daily.of("bob", DAY).isEmpty(), "no entry");
        assertTrue(daily.of("slow", DAY).isEmpty(), "no answer in time");
    }
}
