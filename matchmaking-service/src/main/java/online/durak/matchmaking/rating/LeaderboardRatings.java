package online.durak.matchmaking.rating;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import online.durak.service.client.Answer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * Ratings from leaderboard-service's profile ({@link LeaderboardApi#player}, its field {@code rating}: a number, or
 * OpenSkill's object whose {@code mu} is taken, on the scale of the default 25). A player without one (no finished
 * match, a leaderboard without ratings, or one that does not answer within
 * {@code quarkus.rest-client.leaderboard-service.read-timeout}: the {@link Fallback}) gets
 * {@code durak.matchmaking.rating.default}: a quick match never waits for the leaderboard.
 */
@ApplicationScoped
public class LeaderboardRatings implements Ratings {
    private static final Logger LOG = Logger.getLogger(LeaderboardRatings.class);

    private final LeaderboardApi leaderboard;
    private final double fallback;
    private volatile boolean warned;

    public LeaderboardRatings(@RestClient LeaderboardApi leaderboard,
                              @ConfigProperty(name = "durak.matchmaking.rating.default") double fallback) {
        this.leaderboard = leaderboard;
        this.fallback = fallback;
    }

    @Override
    @Fallback(fallbackMethod = "unanswered")
    public double ratingOf(String playerId) {
        Answer r = Answer.of(leaderboard.player(playerId));
        if (r.status() != 200) {
            return fallback; // 404: no finished match yet
        }
        JsonNode rating = r.json().path("rating");
        if (rating.isObject()) { // OpenSkill's {mu, sigma, ordinal, ...}: matched by the skill estimate μ
            rating = rating.path("mu");
        }
        return rating.isNumber() ? rating.asDouble() : fallback;
    }

    /** The leaderboard did not answer (in time): the default, said once in the log. */
    double unanswered(String playerId) {
        if (!warned) {
            warned = true;
            LOG.infof("no ratings from the leaderboard service (it does not answer): everyone gets %s until it does",
                    fallback);
        }
        return fallback;
    }
}
