package online.durak.table.bots;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.messages.Codec;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.service.auth.ServiceToken;
import online.durak.service.client.Answer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The bot service's hint endpoint (rules.md §8: "the strong bot suggests a move and says why"), called through the
 * REST client {@link BotApi}: {@code POST {durak.bot.url}/api/hints} with {@code {"rules", "view", "names"}} — the
 * table's settings, the asking seat's own view (so the bot knows no more than the player) and the seats' names (so
 * that the reason names them) — answered with
 * {@code {"move", "reason", "candidates": [{"move", "notDurakRate", "meanCardsLeftWhenDurak", "samples",
 * "exact"}]}}. Whatever goes wrong on the way (no connection, no answer within
 * {@code quarkus.rest-client.bot-service.read-timeout}, an error status, an answer that cannot be read) fails the
 * future with {@link BotsUnavailableException}: 503 {@code BOTS_UNAVAILABLE}, never a 500.
 */
@ApplicationScoped
public class BotClient {
    private static final Logger LOG = Logger.getLogger(BotClient.class);
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final List<String> CANDIDATE_FIELDS = List.of("move", "notDurakRate", "meanCardsLeftWhenDurak",
            "samples", "exact");

    private final BotApi api;
    private final ServiceToken token;
    private final String url;
    private final Duration timeout;

    public BotClient(@RestClient BotApi api, @ConfigProperty(name = "durak.bot.url") String url,
                     @ConfigProperty(name = "quarkus.rest-client.bot-service.read-timeout") long timeoutMillis,
                     @ConfigProperty(name = "mp.jwt.verify.issuer") String issuer) {
        this.api = api;
        this.token = new ServiceToken(issuer, "table-service"); // the bot service takes only a service's token
        this.url = url.strip();
        this.timeout = Duration.ofMillis(timeoutMillis);
        try {
            URI u = URI.create(this.url);
            if (u.getHost() == null || !("http".equals(u.getScheme()) || "https".equals(u.getScheme()))) {
                throw new IllegalArgumentException("not an http(s) address");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("durak.bot.url (DURAK_BOT_URL) must be an http(s) address, not \""
                    + url + "\": " + e.getMessage(), e);
        }
    }

    /**
     * A hint: the suggested move (legal for the view's seat, as far as the bot service is right), why, and the
     * moves it weighed, best first.
     *
     * @param moveNode   the move as the bot service wrote it (docs/conformance.md)
     * @param reason     why, in English
     * @param reasonDe   why, in German (the English when the bot service gave none)
     * @param clear      false when the best moves are within the search's sampling error of each other
     * @param candidates {@code [{move, notDurakRate, meanCardsLeftWhenDurak, samples, exact}]}, possibly empty
     */
    public record Hint(Move move, JsonNode moveNode, String reason, String reasonDe, boolean clear,
                       ArrayNode candidates) {
    }

    /** The bot service did not give a hint: 503 {@code BOTS_UNAVAILABLE}. */
    public static final class BotsUnavailableException extends ApiException {
        public BotsUnavailableException(String message) {
            super(503, ErrorCodes.BOTS_UNAVAILABLE, message);
        }
    }

    /**
     * Asks the bot service for a hint for {@code view}'s seat, the other seats called by {@code names} (one per seat,
     * null for a seat without one) in its reason; fails only with {@link BotsUnavailableException}.
     */
    public CompletableFuture<Hint> hint(Rules rules, SeatView view, List<String> names) {
        ObjectNode body = F.objectNode();
        body.set("rules", Codec.toNode(rules));
        body.set("view", Codec.toNode(view));
        ArrayNode n = body.putArray("names");
        names.forEach(n::add);
        CompletionStage<RestResponse<String>> sent;
        try {
            sent = api.hint("Bearer " + token.get(), body);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(unavailable("the bot service could not be asked: " + e));
        }
        return sent.toCompletableFuture().handle((response, failure) -> {
            if (failure != null) {
                throw unavailable(describe(failure));
            }
            return read(Answer.of(response));
        });
    }

    private String describe(Throwable failure) {
        Throwable c = failure;
        while (c.getCause() != null && !(c instanceof TimeoutException || c instanceof ConnectException)) {
            c = c.getCause();
        }
        if (c instanceof TimeoutException) {
            return "the bot service did not answer within " + seconds(timeout) + "; try again";
        }
        if (c instanceof ConnectException) {
            return "the bot service cannot be reached (" + url + "); try again later";
        }
        return "the bot service could not be asked (" + c.getClass().getSimpleName()
                + (c.getMessage() == null ? "" : ": " + c.getMessage()) + "); try again later";
    }

    private Hint read(Answer response) {
        if (response.status() != 200) {
            String code = null;
            try {
                JsonNode b = Codec.parse(response.body());
                code = b.path("code").isTextual() ? b.get("code").textValue() : null;
            } catch (RuntimeException e) {
                // not JSON: the status says enough
            }
            throw unavailable("the bot service answered HTTP " + response.status()
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
            String en = reason != null && reason.isTextual() ? reason.textValue() : "";
            JsonNode de = b.path("reasons").path("de");
            return new Hint(move, Codec.toNode(move), en, de.isTextual() ? de.textValue() : en,
                    b.path("clear").asBoolean(true), candidates);
        } catch (RuntimeException e) {
            LOG.warnf("the bot service's hint could not be read: %s", e.getMessage());
            throw unavailable("the bot service's answer could not be read as a hint; try again later");
        }
    }

    private BotsUnavailableException unavailable(String message) {
        LOG.warnf("hint from %s: %s", url, message);
        return new BotsUnavailableException(message);
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
