package online.durak.matchmaking.rating;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.util.Map;
import online.durak.matchmaking.FakeLeaderboard;

/**
 * A {@link FakeLeaderboard} at {@code durak.matchmaking.rating.url} for every test of the module (a test resource is
 * global; anyone else is unknown to it, so gets the default rating as without a leaderboard), given what
 * {@link LeaderboardClientsTest} asks about (it runs in another class loader, so the fixtures are fixed here):
 * {@code plain} rated 31.5, {@code rated} OpenSkill's μ 28.25, {@code slow} answered after 3 s, {@code dropped} never, and {@code ann}'s
 * entry in the daily list of 2026-01-02.
 */
public class StandInLeaderboard implements QuarkusTestResourceLifecycleManager {
    private FakeLeaderboard board;

    @Override
    public Map<String, String> start() {
        try {
            board = new FakeLeaderboard();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        board.put("plain", 31.5);
        board.putOpenSkill("rated", 28.25, 7.0);
        board.put("slow", 40);
        board.delay("slow", 3000);
        board.delay("dropped", -1);
        board.putDaily("2026-01-02", "ann", "{\"rank\":2,\"points\":7,\"deals\":3,\"finished\":true}");
        board.putDaily("2026-01-02", "slow", "{\"rank\":1,\"points\":9,\"deals\":3,\"finished\":true}");
        return Map.of("durak.matchmaking.rating.url", board.url() + "/");
    }

    @Override
    public void stop() {
        if (board != null) {
            board.close();
        }
    }
}
