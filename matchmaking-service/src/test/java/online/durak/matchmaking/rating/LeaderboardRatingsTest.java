package online.durak.matchmaking.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import online.durak.matchmaking.FakeLeaderboard;
import org.junit.jupiter.api.Test;

class LeaderboardRatingsTest {

    @Test
    void aNumber_orOpenSkillsMu_orTheDefault() throws Exception {
        try (FakeLeaderboard board = new FakeLeaderboard()) {
            board.put("plain", 31.5);
            board.putOpenSkill("rated", 28.25, 7.0);
            LeaderboardRatings ratings = new LeaderboardRatings(board.url(), Duration.ofSeconds(2), 25);
            assertEquals(31.5, ratings.ratingOf("plain"));
            assertEquals(28.25, ratings.ratingOf("rated"));
            assertEquals(25, ratings.ratingOf("nobody"), "404: the default");
        }
    }

    @Test
    void aLeaderboardThatDoesNotAnswer_givesTheDefault() {
        LeaderboardRatings ratings = new LeaderboardRatings("http://127.0.0.1:1", Duration.ofMillis(300), 25);
        assertEquals(25, ratings.ratingOf("anyone"));
    }
}
