package online.durak.service.chips;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.service.auth.ServiceToken;
import online.durak.service.client.Answer;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Calls to leaderboard-service's wallet ({@link WalletApi}: docs/chips.md "Holds") with a {@link ServiceToken},
 * blocking for worker threads or async. A wallet that does not answer (within the client's {@code read-timeout}), or
 * answers other than 200 or a 409 with its {@code code}, is 503 {@code CHIPS_UNAVAILABLE}. Not a bean: each service
 * makes one around its own {@link WalletApi} client, token and words, and keeps its own policy around it.
 */
public final class WalletClient {
    private static final Logger LOG = Logger.getLogger(WalletClient.class);

    /** The wallet's calls: take a hold, release it, move it to another table. */
    public enum Call { HOLD, RELEASE, MOVE }

    private final WalletApi api;
    private final Supplier<String> token;
    private final String unavailable;

    /** @param unavailable the 503's message: what the caller did not do */
    public WalletClient(WalletApi api, Supplier<String> token, String unavailable) {
        this.api = api;
        this.token = token;
        this.unavailable = unavailable;
    }

    /** Posts {@code body} to the wallet's {@code call} and waits (a worker thread's). */
    public Answer post(Call call, Map<String, Object> body) {
        try {
            return postAsync(call, body).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof ApiException a ? a : unavailable(e.toString());
        }
    }

    /** {@link #post} without waiting; fails with the 503 when the wallet does not answer. */
    public CompletableFuture<Answer> postAsync(Call call, Map<String, Object> body) {
        CompletionStage<RestResponse<String>> sent;
        try {
            String bearer = "Bearer " + token.get();
            sent = switch (call) {
                case HOLD -> api.hold(bearer, body);
                case RELEASE -> api.release(bearer, body);
                case MOVE -> api.move(bearer, body);
            };
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(unavailable(e.toString()));
        }
        return sent.toCompletableFuture().handle((r, x) -> {
            if (x != null) {
                throw unavailable(x.toString());
            }
            return Answer.of(r);
        });
    }

    /** The code of a 409 refusal (e.g. {@code INSUFFICIENT_CHIPS}, {@code NO_HOLD}), null for any other answer. */
    public static String code(Answer r) {
        JsonNode code = r.status() == 409 ? r.json().get("code") : null;
        return code != null && !code.isNull() ? code.asText() : null;
    }

    /** The wallet's refusal as it says it (a 409 with a {@code code}), else 503 {@code CHIPS_UNAVAILABLE}. */
    public ApiException refusal(Answer r) {
        String code = code(r);
        if (code != null) {
            return new ApiException(409, code, r.json().path("message").asText());
        }
        return unavailable(r.status() + " " + r.body());
    }

    /** The 503 {@code CHIPS_UNAVAILABLE}; {@code why} goes to the debug log only. */
    public ApiException unavailable(String why) {
        LOG.debugf("chips: %s", why);
        return new ApiException(503, ErrorCodes.CHIPS_UNAVAILABLE, unavailable);
    }
}
