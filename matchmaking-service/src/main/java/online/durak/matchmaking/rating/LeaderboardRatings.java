package online.durak.matchmaking.rating;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Ratings from leaderboard-service's profile ({@code GET /api/players/{id}}, its field {@code rating}: a number, or
 * OpenSkill's object whose {@code mu} is taken, on the scale of the default 25). A player
 * without one (no finished match, a leaderboard without ratings, or one that does not answer within
 * {@code durak.matchmaking.rating.timeout}) gets {@code durak.matchmaking.rating.default}: a quick match never waits
 * for the leaderboard.
 */
@ApplicationScoped
public class LeaderboardRatings implements Ratings {
    private static final Logger LOG = Logger.getLogger(LeaderboardRatings.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String url;
    private final Duration timeout;
    private final double fallback;
    private volatile boolean warned;

    public LeaderboardRatings(@ConfigProperty(name = "durak.matchmaking.rating.url") String url,
                              @ConfigProperty(name = "durak.matchmaking.rating.timeout") Duration timeout,
                              @ConfigProperty(name = "durak.matchmaking.rating.default") double fallback) {
        this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.timeout = timeout;
        this.fallback = fallback;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    @Override
    public double ratingOf(String playerId) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/api/players/"
                        + URLEncoder.encode(playerId, StandardCharsets.UTF_8)))
                .timeout(timeout).header("Accept", "application/json").GET().build();
        try {
            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                return fallback; // 404: no finished match yet
            }
            JsonNode rating = JSON.readTree(r.body()).path("rating");
            if (rating.isObject()) { // OpenSkill's {mu, sigma, ordinal, ...}: matched by the skill estimate μ
                rating = rating.path("mu");
            }
            return rating.isNumber() ? rating.asDouble() : fallback;
        } catch (IOException e) {
            if (!warned) {
                warned = true;
                LOG.infof("no ratings from %s (%s): everyone gets %s until it answers", url, e.toString(), fallback);
            }
            return fallback;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fallback;
        }
    }
}
