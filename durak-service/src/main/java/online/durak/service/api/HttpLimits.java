package online.durak.service.api;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The stated limits of a request, answered as {@code {"code","message"}} like every other error: a request line
 * longer than {@code durak.http.max-uri-length} (414 {@code URI_TOO_LONG}), headers larger than
 * {@code durak.http.max-header-size} (431 {@code HEADERS_TOO_LARGE}), a declared body larger than
 * {@code durak.http.max-body-size} (413 {@code BODY_TOO_LARGE}).
 *
 * <p>Vert.x refuses an over-long line or headers itself, before any route, without a body; so its own limits
 * ({@code quarkus.http.limits.*}, META-INF/microprofile-config.properties) are set well above these, and this
 * route, the first of all, refuses at the stated ones.
 */
@ApplicationScoped
public class HttpLimits {
    private final int maxUriLength;
    private final long maxHeaderSize;
    private final long maxBodySize;

    public HttpLimits(@ConfigProperty(name = "durak.http.max-uri-length") int maxUriLength,
                      @ConfigProperty(name = "durak.http.max-header-size") MemorySize maxHeaderSize,
                      @ConfigProperty(name = "durak.http.max-body-size") MemorySize maxBodySize) {
        this.maxUriLength = maxUriLength;
        this.maxHeaderSize = maxHeaderSize.asLongValue();
        this.maxBodySize = maxBodySize.asLongValue();
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::check);
    }

    void check(RoutingContext ctx) {
        if (ctx.request().uri().length() > maxUriLength) {
            refuse(ctx, 414, ErrorCodes.URI_TOO_LONG, "the path and query may have at most " + maxUriLength + " characters");
            return;
        }
        if (headerSize(ctx.request().headers()) > maxHeaderSize) {
            refuse(ctx, 431, ErrorCodes.HEADERS_TOO_LARGE, "the request headers may have at most " + maxHeaderSize + " bytes");
            return;
        }
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null && declaredLength(length) > maxBodySize) {
            refuse(ctx, 413, ErrorCodes.BODY_TOO_LARGE, "the body may have at most " + maxBodySize + " bytes");
            return;
        }
        ctx.next();
    }

    private static long declaredLength(String header) {
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            return -1; // Vert.x answers a malformed Content-Length itself
        }
    }

    /** As Vert.x counts them: each header's name and value with its separators. */
    private static long headerSize(MultiMap headers) {
        long size = 0;
        for (Map.Entry<String, String> h : headers) {
            size += h.getKey().length() + h.getValue().length() + 4;
        }
        return size;
    }

    private static void refuse(RoutingContext ctx, int status, String code, String message) {
        ctx.response().setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(new JsonObject().put("code", code).put("message", message).encode());
    }
}
