package online.durak.matchmaking.daily;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.Optional;
import online.durak.matchmaking.rating.LeaderboardApi;
import online.durak.service.client.Answer;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The result of a counting attempt as the leaderboard service's daily list has it ({@link LeaderboardApi#dailyList},
 * of its {@code player} entry the rank, points, deals and finished). The list is the leaderboard's (DESIGN.md); this service
 * only shows it beside the attempt. Empty when the list has no entry yet or does not answer in time (the
 * {@link Fallback}).
 */
@ApplicationScoped
public class DailyResults {
    private final LeaderboardApi leaderboard;

    public DailyResults(@RestClient LeaderboardApi leaderboard) {
        this.leaderboard = leaderboard;
    }

    /** The attempt's entry on the list: its rank that day, its daily points, its finished deals (of 3). */
    @Schema(name = "DailyResult", description = "the counting attempt on today's daily list (as the list has it)")
    public record Result(long rank, int points, int deals,
                         @Schema(description = "the match is over (else it is scored as it stands)") boolean finished) {
    }

    @Fallback(fallbackMethod = "unanswered")
    public Optional<Result> of(String playerId, LocalDate day) {
        Answer r = Answer.of(leaderboard.dailyList(day.toString(), playerId, 1));
        JsonNode p = r.status() == 200 ? r.json().path("player") : null;
        return p != null && p.isObject() ? Optional.of(new Result(p.path("rank").asLong(), p.path("points").asInt(),
                p.path("deals").asInt(), p.path("finished").asBoolean())) : Optional.empty();
    }

    Optional<Result> unanswered(String playerId, LocalDate day) {
        return Optional.empty();
    }
}
