package online.durak.table.chips;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import online.durak.engine.Rules;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.auth.Player;
import online.durak.table.messaging.TableCommands;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Stakes (docs/chips.md "Holds"): before a join, a create or an "Again" of an account at a table with a stake, the
 * stake is held in the player's wallet by the leaderboard service ({@code POST /internal/chips/holds}), synchronously,
 * and only then is the command sent. Not enough chips: 409 {@code INSUFFICIENT_CHIPS} and nothing is sent. The hold is
 * released again ({@code /internal/chips/holds/release}) when the rules service refuses the command; after a
 * timeout the command may still be decided, so the hold stays and the leaderboard's sweep releases it if no seat
 * confirmed it. Guests and bots hold nothing (they play without stake). Calls carry a service token signed with this
 * service's key, with the group {@code durak-service} that no player's token has.
 */
@ApplicationScoped
public class ChipsClient {
    private static final Logger LOG = Logger.getLogger(ChipsClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String SERVICE_GROUP = "durak-service";

    private final URI holds;
    private final URI release;
    private final Duration timeout;
    private final String issuer;
    private final HttpClient http;
    private volatile String token;
    private volatile Instant tokenRenewAt = Instant.EPOCH;

    public ChipsClient(@ConfigProperty(name = "durak.upstreams.leaderboard.url") String url,
                       @ConfigProperty(name = "durak.chips.timeout", defaultValue = "5s") Duration timeout,
                       @ConfigProperty(name = "mp.jwt.verify.issuer") String issuer) {
        String base = url.strip();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        this.holds = URI.create(base + "/internal/chips/holds");
        this.release = URI.create(base + "/internal/chips/holds/release");
        this.timeout = timeout;
        this.issuer = issuer;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout.compareTo(Duration.ofSeconds(2)) < 0 ? timeout : Duration.ofSeconds(2)).build();
    }

    /** Whether {@code me} pays a stake at a table with these rules: accounts do, guests never (rules.md §6). */
    public static boolean pays(Player me, Rules rules) {
        return rules.stake() > 0 && me.account();
    }

    /**
     * Holds the stake for {@code me} at {@code tableId} (when {@link #pays}), then runs {@code command}; a
     * refusal of the command by the rules service releases the hold this call took.
     */
    public <T> CompletableFuture<T> staked(Player me, String tableId, Rules rules, Supplier<CompletableFuture<T>> command) {
        if (!pays(me, rules)) {
            return command.get();
        }
        return hold(tableId, me.playerId(), rules.stake()).thenCompose(taken -> command.get().whenComplete((r, x) -> {
            Throwable c = x instanceof CompletionException && x.getCause() != null ? x.getCause() : x;
            if (taken && c instanceof TableCommands.Rejected) {
                release(tableId, me.playerId());
            }
        }));
    }

    /** Holds; true when this call took the hold (false: held already). 409 as the leaderboard says, else 503. */
    public CompletableFuture<Boolean> hold(String tableId, String playerId, long amount) {
        return post(holds, Map.of("tableId", tableId, "playerId", playerId, "amount", amount)).thenApply(r -> {
            JsonNode body = read(r.body());
            if (r.statusCode() == 200) {
                return body.path("taken").asBoolean(false);
            }
            if (r.statusCode() == 409 && body.hasNonNull("code")) {
                throw new ApiException(409, body.get("code").asText(), body.path("message").asText());
            }
            throw unavailable("answered " + r.statusCode() + " " + r.body());
        });
    }

    /** Releases a hold no seat confirmed; best effort (the leaderboard's sweep releases it otherwise). */
    public void release(String tableId, String playerId) {
        post(release, Map.of("tableId", tableId, "playerId", playerId)).whenComplete((r, x) -> {
            if (x != null || r.statusCode() != 200) {
                LOG.warnf("the hold of %s at %s could not be released now (the sweep will): %s", playerId, tableId,
                        x != null ? x.getMessage() : r.statusCode() + " " + r.body());
            }
        });
    }

    private CompletableFuture<HttpResponse<String>> post(URI uri, Map<String, Object> body) {
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(uri).timeout(timeout).header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + token())
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
        } catch (Exception e) {
            return CompletableFuture.failedFuture(unavailable(e.getMessage()));
        }
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .exceptionally(x -> {
                    throw unavailable(x.getMessage());
                });
    }

    /** This service's own token, signed again when half its 10 minutes are over. */
    private String token() {
        Instant now = Instant.now();
        if (token == null || now.isAfter(tokenRenewAt)) {
            token = Jwt.issuer(issuer).subject("table-service").groups(SERVICE_GROUP)
                    .expiresIn(Duration.ofMinutes(10)).sign();
            tokenRenewAt = now.plus(Duration.ofMinutes(5));
        }
        return token;
    }

    private static JsonNode read(String body) {
        try {
            return JSON.readTree(body == null || body.isEmpty() ? "{}" : body);
        } catch (Exception e) {
            return JSON.createObjectNode();
        }
    }

    private static ApiException unavailable(String why) {
        LOG.debugf("chips: %s", why);
        return new ApiException(503, ErrorCodes.CHIPS_UNAVAILABLE, "stake: the chips cannot be held now (the "
                + "leaderboard service is not answering); nothing was done, try again");
    }
}
