package online.durak.matchmaking.daily;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.Optional;
import online.durak.matchmaking.rating.LeaderboardApi;
import online.durak.service.client.Answer;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The result of a counting attempt as the leaderboard service's daily list has it ({@link LeaderboardApi#dailyList},
 * its {@code player} entry: rank, points, deals, finished). The list is the leaderboard's (DESIGN.md); this service
 * only shows it beside the attempt. Empty when the list has no entry yet or does not answer in time (the
 * {@link Fallback}).
 */
@ApplicationScoped
public class DailyResults {
    private final LeaderboardApi leaderboard;

    public DailyResults(@RestClient LeaderboardApi leaderboard) {
        this.leaderboard = leaderboard;
    }

    @Fallback(fallbackMethod = "unanswered")
    public Optional<JsonNode> of(String playerId, LocalDate day) {
        Answer r = Answer.of(leaderboard.dailyList(day.toString(), playerId, 1));
        JsonNode player = r.status() == 200 ? r.json().path("player") : null;
        return player != null && player.isObject() ? Optional.of(player) : Optional.empty();
    }

    Optional<JsonNode> unanswered(String playerId, LocalDate day) {
        return Optional.empty();
    }
}
