package online.durak.service.chips;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.jboss.logging.Logger;

/**
 * Calls to leaderboard-service's wallet ({@code POST /internal/chips/holds}, {@link #RELEASE}, {@link #MOVE}:
 * docs/chips.md "Holds"): JSON bodies with a {@link ServiceToken}, blocking for worker threads or async. A wallet that
 * does not answer, or answers other than 200 or a 409 with its {@code code}, is 503 {@code CHIPS_UNAVAILABLE}. Not a
 * bean: each service makes one from its own configuration and keeps its own policy around it.
 */
public final class WalletClient {
    public static final String HOLD = "";
    public static final String RELEASE = "/release";
    public static final String MOVE = "/move";
    private static final Logger LOG = Logger.getLogger(WalletClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String holds;
    private final Duration timeout;
    private final Supplier<String> token;
    private final String unavailable;
    private final HttpClient http;

    /**
     * @param url         leaderboard-service's base URL (trailing slashes ignored)
     * @param timeout     of one call, from sending to the answer
     * @param connect     of making the connection
     * @param unavailable the 503's message: what the caller did not do
     */
    public WalletClient(String url, Duration timeout, Duration connect, Supplier<String> token, String unavailable) {
        this.holds = url.strip().replaceAll("/+$", "") + "/internal/chips/holds";
        this.timeout = timeout;
        this.token = token;
        this.unavailable = unavailable;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connect).build();
    }

    /** Posts {@code body} to the holds' {@code path} ({@link #HOLD}, {@link #RELEASE}, {@link #MOVE}) and waits. */
    public HttpResponse<String> post(String path, Map<String, Object> body) {
        try {
            return http.send(request(path, body), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable(e.toString());
        } catch (Exception e) {
            throw unavailable(e.toString());
        }
    }

    /** {@link #post} without waiting; fails with the 503 when the wallet does not answer. */
    public CompletableFuture<HttpResponse<String>> postAsync(String path, Map<String, Object> body) {
        HttpRequest request;
        try {
            request = request(path, body);
        } catch (Exception e) {
            return CompletableFuture.failedFuture(unavailable(e.toString()));
        }
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).exceptionally(x -> {
            throw unavailable(x.toString());
        });
    }

    /** The wallet's refusal as it says it (a 409 with a {@code code}), else 503 {@code CHIPS_UNAVAILABLE}. */
    public ApiException refusal(HttpResponse<String> r) {
        String code = code(r);
        if (code != null) {
            return new ApiException(409, code, body(r).path("message").asText());
        }
        return unavailable(r.statusCode() + " " + r.body());
    }

    /** The code of a 409 refusal (e.g. {@code INSUFFICIENT_CHIPS}, {@code NO_HOLD}), null for any other answer. */
    public static String code(HttpResponse<String> r) {
        JsonNode code = r.statusCode() == 409 ? body(r).get("code") : null;
        return code != null && !code.isNull() ? code.asText() : null;
    }

    /** The answer's JSON body; an empty object when it has none or it is not JSON. */
    public static JsonNode body(HttpResponse<String> r) {
        String body = r.body();
        try {
            return JSON.readTree(body == null || body.isEmpty() ? "{}" : body);
        } catch (Exception e) {
            return JSON.createObjectNode();
        }
    }

    /** The 503 {@code CHIPS_UNAVAILABLE}; {@code why} goes to the debug log only. */
    public ApiException unavailable(String why) {
        LOG.debugf("chips: %s", why);
        return new ApiException(503, ErrorCodes.CHIPS_UNAVAILABLE, unavailable);
    }

    private HttpRequest request(String path, Map<String, Object> body) throws Exception {
        return HttpRequest.newBuilder(URI.create(holds + path)).timeout(timeout)
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + token.get())
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
    }
}
