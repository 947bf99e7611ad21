package online.durak.table.ws;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.play.Draining;
import online.durak.table.auth.TokenService;

/**
 * A WebSocket upgrade that will be refused is answered here, before the upgrade, as every other error is: with
 * {@code {"code","message"}} (an {@link io.quarkus.websockets.next.HttpUpgradeCheck} can refuse only with a bare
 * status): 401 {@code UNAUTHORIZED} without a valid token, 503 {@code SERVICE_STOPPING} while the instance stops.
 * {@link TokenUpgradeCheck} then reads the (valid) token into the connection.
 */
@ApplicationScoped
public class UpgradeRefusals {
    private final TokenService tokens;
    private final Draining draining;

    public UpgradeRefusals(TokenService tokens, Draining draining) {
        this.tokens = tokens;
        this.draining = draining;
    }

    void install(@Observes Router router) {
        // after durak-service's HttpLimits and RequestText and the rate limits, before the WebSocket endpoint's own route
        router.getWithRegex("/api/tables/[^/]+/ws").order(Integer.MIN_VALUE + 3).handler(this::check);
    }

    void check(RoutingContext ctx) {
        String upgrade = ctx.request().getHeader(HttpHeaders.UPGRADE);
        if (upgrade == null || !upgrade.equalsIgnoreCase("websocket")) {
            ctx.next();
            return;
        }
        if (draining.stopping()) {
            refuse(ctx, 503, ErrorCodes.SERVICE_STOPPING, "this instance is stopping: connect again (to another)");
            return;
        }
        try {
            String token = ctx.request().getParam("token");
            if (token != null) {
                tokens.verify(token);
            } else {
                tokens.fromAuthorization(ctx.request().getHeader(HttpHeaders.AUTHORIZATION));
            }
        } catch (ApiException e) {
            refuse(ctx, e.status(), e.code(), e.getMessage() + " (the query parameter token, or Authorization: Bearer)");
            return;
        }
        ctx.next();
    }

    private static void refuse(RoutingContext ctx, int status, String code, String message) {
        ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(new JsonObject().put("code", code).put("message", message).encode());
    }
}
