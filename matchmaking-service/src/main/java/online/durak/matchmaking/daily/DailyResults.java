package online.durak.matchmaking.daily;

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
import java.time.LocalDate;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The result of a counting attempt as the leaderboard service's daily list has it ({@code GET /api/daily/list?date=
 * &player=}, its {@code player} entry: rank, points, deals, finished). The list is the leaderboard's (DESIGN.md); this
 * service only shows it beside the attempt. Empty when the list has no entry yet or does not answer in time.
 */
@ApplicationScoped
public class DailyResults {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String url;
    private final Duration timeout;

    public DailyResults(@ConfigProperty(name = "durak.matchmaking.rating.url") String url,
                        @ConfigProperty(name = "durak.matchmaking.rating.timeout") Duration timeout) {
        this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    public Optional<JsonNode> of(String playerId, LocalDate day) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/api/daily/list?size=1&date=" + day
                        + "&player=" + URLEncoder.encode(playerId, StandardCharsets.UTF_8)))
                .timeout(timeout).header("Accept", "application/json").GET().build();
        try {
            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                return Optional.empty();
            }
            JsonNode player = JSON.readTree(r.body()).path("player");
            return player.isObject() ? Optional.of(player) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
