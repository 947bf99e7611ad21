package online.durak.table.bots;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.messages.Codec;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The bot service's hint endpoint (rules.md §8: "the strong bot suggests a move and says why"), called with the
 * JDK's asynchronous HTTP client: {@code POST {durak.bot.url}/api/hints} with {@code {"rules", "view"}} — the
 * table's settings and the asking seat's own view (so the bot knows no more than the player) — answered with
 * {@code {"move", "reason", "candidates": [{"move", "notDurakRate", "meanCardsLeftWhenDurak", "samples",
 * "exact"}]}}. Whatever goes wrong on the way (no connection, no answer within {@code durak.bot.timeout}, an
 * error status, an answer that cannot be read) fails the future with {@link BotsUnavailableException}: 503
 * {@code BOTS_UNAVAILABLE}, never a 500.
 */
@ApplicationScoped
public class BotClient {
    private static final Logger LOG = Logger.getLogger(BotClient.class);
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** The bot service's hint resource. */
    public static final String HINTS_PATH = "/api/hints";
    private static final List<String> CANDIDATE_FIELDS = List.of("move", "notDurakRate", "meanCardsLeftWhenDurak",
            "samples", "exact");

    private final URI hints;
    private final Duration timeout;
    private final HttpClient http;

    public BotClient(@ConfigProperty(name = "durak.bot.url", defaultValue = "http://127.0.0.1:8084") String url,
                     @ConfigProperty(name = "durak.bot.timeout", defaultValue = "10s") Duration timeout) {
        String base = url.strip();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        try {
            this.hints = URI.create(base + HINTS_PATH);
            if (hints.getHost() == null || !(hints.getScheme().equals("http") || hints.getScheme().equals("https"))) {
                throw new IllegalArgumentException("not an http(s) address");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("durak.bot.url (DURAK_BOT_URL) must be an http(s) address, not \""
                    + url + "\": " + e.getMessage(), e);
        }
        this.timeout = timeout;
        Duration connect = timeout.compareTo(Duration.ofSeconds(2)) < 0 ? timeout : Duration.ofSeconds(2);
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connect).build();
    }

    /**
     * A hint: the suggested move (legal for the view's seat, as far as the bot service is right), why, and the
     * moves it weighed, best first.
     *
     * @param moveNode   the move as the bot service wrote it (docs/conformance.md)
     * @param candidates {@code [{move, notDurakRate, meanCardsLeftWhenDurak, samples, exact}]}, possibly empty
     */
    public record Hint(Move move, JsonNode moveNode, String reason, ArrayNode candidates) {
    }

    /** The bot service did not give a hint: 503 {@code BOTS_UNAVAILABLE}. */
    public static final class BotsUnavailableException extends ApiException {
        public BotsUnavailableException(String message) {
            super(503, ErrorCodes.BOTS_UNAVAILABLE, message);
        }
    }

    /** Where hints are asked for. */
    public URI hintsUri() {
        return hints;
    }

    /** Asks the bot service for a hint for {@code view}'s seat; fails only with {@link BotsUnavailableException}. */
    public CompletableFuture<Hint> hint(Rules rules, SeatView view) {
        ObjectNode body = F.objectNode();
        body.set("rules", Codec.toNode(rules));
        body.set("view", Codec.toNode(view));
        HttpRequest request = HttpRequest.newBuilder(hints).timeout(timeout)
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Codec.writeBytes(body))).build();
        CompletableFuture<HttpResponse<String>> sent;
        try {
            sent = http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(unavailable("the bot service could not be asked: " + e));
        }
        return sent.handle((response, failure) -> {
            if (failure != null) {
                throw unavailable(describe(failure));
            }
            return read(response);
        });
    }

    private String describe(Throwable failure) {
        Throwable c = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (c instanceof HttpTimeoutException) {
            return "the bot service did not answer within " + seconds(timeout) + "; try again";
        }
        if (c instanceof ConnectException) {
            return "the bot service cannot be reached (" + hints.getHost() + ":" + port() + "); try again later";
        }
        if (c instanceof IOException) {
            return "the bot service could not be asked (" + c.getClass().getSimpleName()
                    + (c.getMessage() == null ? "" : ": " + c.getMessage()) + "); try again later";
        }
        return "the bot service could not be asked (" + c + ")";
    }

    private Hint read(HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            String code = null;
            try {
                JsonNode b = Codec.parse(response.body());
                code = b.path("code").isTextual() ? b.get("code").textValue() : null;
            } catch (RuntimeException e) {
                // not JSON: the status says enough
            }
            throw unavailable("the bot service answered HTTP " + response.statusCode()
                    + (code == null ? "" : " " + code) + " instead of a hint; try again later");
        }
        try {
            JsonNode b = Codec.parse(response.body());
            JsonNode moveNode = b.get("move");
            if (moveNode == null || !moveNode.isObject()) {
                throw new IllegalArgumentException("no move");
            }
            Move move = Codec.readMove(moveNode);
            JsonNode reason = b.get("reason");
            ArrayNode candidates = F.arrayNode();
            JsonNode given = b.get("candidates");
            if (given != null && given.isArray()) {
                for (JsonNode c : given) {
                    if (!c.isObject() || !c.path("move").isObject()) {
                        throw new IllegalArgumentException("a candidate without a move");
                    }
                    Codec.readMove(c.get("move"));
                    ObjectNode copy = candidates.addObject();
                    for (String f : CANDIDATE_FIELDS) {
                        copy.set(f, c.has(f) ? c.get(f) : F.nullNode());
                    }
                }
            }
            return new Hint(move, Codec.toNode(move), reason != null && reason.isTextual() ? reason.textValue() : "",
                    candidates);
        } catch (RuntimeException e) {
            LOG.warnf("the bot service's hint could not be read: %s", e.getMessage());
            throw unavailable("the bot service's answer could not be read as a hint; try again later");
        }
    }

    private int port() {
        return hints.getPort() >= 0 ? hints.getPort() : hints.getScheme().equals("https") ? 443 : 80;
    }

    private BotsUnavailableException unavailable(String message) {
        LOG.warnf("hint from %s: %s", hints, message);
        return new BotsUnavailableException(message);
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
