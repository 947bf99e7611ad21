package online.durak.matchmaking.chips;

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
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * A staked ticket's chips (docs/chips.md "Quick match"), held by leaderboard-service's wallet: taken when the ticket
 * is made, under the ticket's own key {@link #ticketKey} (there is no table yet), moved to the table its pool forms
 * before that table's commands are sent, released when the ticket is cancelled or dropped. Blocking calls, for worker
 * threads (as the ticket store's). They carry a service token signed with the system's key and the group
 * {@value #SERVICE_GROUP}, which no player's token has; table-service's {@code ChipsClient} signs its own the same way.
 */
@ApplicationScoped
public class Holds {
    private static final Logger LOG = Logger.getLogger(Holds.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String SERVICE_GROUP = "durak-service";

    private final String base;
    private final Duration timeout;
    private final String issuer;
    private final HttpClient http;
    private volatile String token;
    private volatile Instant renewAt = Instant.EPOCH;

    public Holds(@ConfigProperty(name = "durak.matchmaking.chips.url") String url,
                 @ConfigProperty(name = "durak.matchmaking.chips.timeout") Duration timeout,
                 @ConfigProperty(name = "mp.jwt.verify.issuer") String issuer) {
        this.base = url.strip().replaceAll("/+$", "");
        this.timeout = timeout;
        this.issuer = issuer;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
    }

    /** The hold's key while the ticket waits: not a table's id (those are UUIDs). */
    public static String ticketKey(String ticketId) {
        return "qm-" + ticketId;
    }

    /** Holds {@code amount} for the ticket; the wallet's 409 ({@code INSUFFICIENT_CHIPS}) as it says, else 503. */
    public void hold(String ticketId, String playerId, long amount) {
        HttpResponse<String> r = post("", Map.of("tableId", ticketKey(ticketId), "playerId", playerId,
                "amount", amount));
        if (r.statusCode() != 200) {
            throw refusal(r);
        }
    }

    /**
     * Moves a hold from {@code from} to {@code to} (idempotent); false when there is none to move ({@code NO_HOLD}:
     * swept or released), 503 when the wallet does not answer.
     */
    public boolean move(String from, String to, String playerId) {
        HttpResponse<String> r = post("/move", Map.of("fromTableId", from, "toTableId", to, "playerId", playerId));
        if (r.statusCode() == 200) {
            return true;
        }
        if (r.statusCode() == 409 && ErrorCodes.NO_HOLD.equals(read(r.body()).path("code").asText())) {
            return false;
        }
        throw unavailable(r.statusCode() + " " + r.body());
    }

    /** Releases the hold at {@code key}; best effort (the wallet's sweep releases it after its TTL otherwise). */
    public void release(String key, String playerId) {
        try {
            HttpResponse<String> r = post("/release", Map.of("tableId", key, "playerId", playerId));
            if (r.statusCode() != 200) {
                LOG.warnf("the hold of %s at %s was not released now (the sweep will): %d %s", playerId, key,
                        r.statusCode(), r.body());
            }
        } catch (ApiException e) {
            LOG.warnf("the hold of %s at %s was not released now (the sweep will): %s", playerId, key,
                    e.getMessage());
        }
    }

    private HttpResponse<String> post(String path, Map<String, Object> body) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/internal/chips/holds" + path))
                    .timeout(timeout).header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + token())
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable(e.toString());
        } catch (Exception e) {
            throw unavailable(e.toString());
        }
    }

    /** This service's own token, signed again when half its 10 minutes are over. */
    private String token() {
        Instant now = Instant.now();
        if (token == null || now.isAfter(renewAt)) {
            token = Jwt.issuer(issuer).subject("matchmaking-service").groups(SERVICE_GROUP)
                    .expiresIn(Duration.ofMinutes(10)).sign();
            renewAt = now.plus(Duration.ofMinutes(5));
        }
        return token;
    }

    private static ApiException refusal(HttpResponse<String> r) {
        JsonNode body = read(r.body());
        if (r.statusCode() == 409 && body.hasNonNull("code")) {
            return new ApiException(409, body.get("code").asText(), body.path("message").asText());
        }
        return unavailable(r.statusCode() + " " + r.body());
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
                + "leaderboard service is not answering); no ticket was made, try again");
    }
}
