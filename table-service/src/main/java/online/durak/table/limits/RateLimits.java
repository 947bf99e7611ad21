package online.durak.table.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

/**
 * Rate limits at the edge (docs/accounts.md "Rate limits"), with Resilience4j's {@code RateLimiter}: for each kind of
 * request ({@link Kind}) at most N in every period per token and per client address, each limit
 * {@code durak.rate-limits.<kind>.per-token} / {@code .per-address} / {@code .per-connection} (a WebSocket's)
 * ({@code "N/period"}, e.g. {@code 10/1s}, or {@code none}; application.properties has every default). Past one, a REST request is answered 429
 * {@code RATE_LIMITED} with {@code Retry-After} (the seconds until the limiter's next period) before anything is done;
 * a WebSocket frame gets an error frame (ws.FrameDispatch), and a connection that goes on sending is closed with 1008.
 * {@code durak.rate-limits.enabled=false} ({@code DURAK_RATE_LIMITS=off}: the load tool, the system tests) turns every
 * limit off.
 *
 * <p>A token is told apart by its signature (its last 22 characters: 132 bits), checked here before the token itself is
 * verified: a forged token only fills a limiter of its own. Each limiter lives in a cache that forgets it once it has not
 * been used for its period (it would have its whole allowance again by then), at most {@code durak.rate-limits.max-keys}
 * per limit, so memory stays bounded whoever sends what.
 */
@ApplicationScoped
public class RateLimits {
    private static final Logger LOG = Logger.getLogger(RateLimits.class);
    private static final Pattern LIMIT = Pattern.compile("(\\d+)/(\\w+)");
    private static final int TOKEN_KEY_CHARS = 22;

    /** What is limited; the REST paths of each are in {@link #install}. */
    public enum Kind {
        /** Every request under /api (REST, the forwarded paths, WebSocket upgrades). */
        API,
        /** POST /api/sessions. */
        SIGN_IN,
        /** POST /api/accounts. */
        REGISTER,
        /** POST /api/guests. */
        GUESTS,
        /** Opening a table: POST /api/tables, /api/tables/solo, /api/daily. */
        TABLES,
        /** A move: POST /api/tables/{id}/moves, and a move frame. */
        MOVES,
        /** Opening a WebSocket: /api/tables/{id}/ws, /api/lobby/ws. */
        SOCKETS,
        /** Every frame a client sends on a table's WebSocket, per connection. */
        FRAMES;

        String property() {
            return "durak.rate-limits." + name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** One limit: at most {@code permits} per {@code period} for each key, the limiters by key. */
    private record Limit(String name, RateLimiterConfig config, Cache<String, AtomicRateLimiter> limiters) {
    }

    /** Who is limited by one limit: one client's token, its address, or one WebSocket connection. */
    private enum By {
        TOKEN("per-token", "this token"), ADDRESS("per-address", "this address"),
        CONNECTION("per-connection", "this connection");

        final String suffix;
        final String who;

        By(String suffix, String who) {
            this.suffix = suffix;
            this.who = who;
        }
    }

    /**
     * Who asks: the key of its token ({@link #tokenKey}), its address, and its WebSocket connection's id; null for what
     * it does not have.
     */
    public record Caller(String tokenKey, String address, String connection) {
        String key(By by) {
            return switch (by) {
                case TOKEN -> tokenKey;
                case ADDRESS -> address;
                case CONNECTION -> connection;
            };
        }
    }

    private final boolean enabled;
    private final int closeAfter;
    private final Map<Kind, Map<By, Limit>> limits = new EnumMap<>(Kind.class);
    private final MeterRegistry registry;

    public RateLimits(Config config, MeterRegistry registry) {
        this.enabled = config.getValue("durak.rate-limits.enabled", Boolean.class);
        this.closeAfter = config.getValue("durak.rate-limits.close-after", Integer.class);
        this.registry = registry;
        long maxKeys = config.getValue("durak.rate-limits.max-keys", Long.class);
        for (Kind kind : Kind.values()) {
            Map<By, Limit> byKey = new EnumMap<>(By.class);
            for (By by : By.values()) {
                String name = kind.property() + "." + by.suffix;
                config.getOptionalValue(name, String.class).map(v -> limit(name, v, maxKeys))
                        .ifPresent(l -> byKey.put(by, l));
            }
            limits.put(kind, byKey);
        }
        LOG.infof("rate limits %s", enabled ? "on" : "off (durak.rate-limits.enabled=false)");
    }

    /** How many refused frames in a row close a WebSocket (1008). */
    public int closeAfter() {
        return closeAfter;
    }

    /**
     * Nothing when a request of this kind from this caller may go on now, else 429 {@code RATE_LIMITED} with the
     * seconds until it may.
     */
    public void check(Kind kind, Caller caller) {
        if (!enabled) {
            return;
        }
        for (Map.Entry<By, Limit> limit : limits.get(kind).entrySet()) {
            refuseIfOver(limit.getValue(), caller.key(limit.getKey()), kind, limit.getKey().who);
        }
    }

    /** The key a token is limited by: its signature's last characters (see the class comment); null for none. */
    public static String tokenKey(String token) {
        if (token == null) {
            return null;
        }
        String t = token.strip();
        return t.length() <= TOKEN_KEY_CHARS ? t : t.substring(t.length() - TOKEN_KEY_CHARS);
    }

    private void refuseIfOver(Limit limit, String key, Kind kind, String who) {
        if (limit == null || key == null) {
            return;
        }
        AtomicRateLimiter limiter = limit.limiters().get(key, k -> new AtomicRateLimiter(limit.name(), limit.config()));
        if (!limiter.acquirePermission()) {
            registry.counter("durak.rate.limited", "limit", limit.name()).increment();
            long seconds = ApiException.seconds(limiter.getDetailedMetrics().getNanosToWait());
            RateLimiterConfig c = limit.config();
            throw new ApiException(429, ErrorCodes.RATE_LIMITED, "too many " + what(kind) + " from " + who + " (at "
                    + "most " + c.getLimitForPeriod() + " in " + seconds(c.getLimitRefreshPeriod()) + "); try again in "
                    + seconds + " s", seconds);
        }
    }

    // ---- REST: the routes of each kind, after durak-service's HttpLimits and RequestText ----

    void install(@Observes Router router) {
        int order = Integer.MIN_VALUE + 2;
        router.route("/api/*").order(order).handler(ctx -> limited(ctx, Kind.API));
        router.post("/api/sessions").order(order).handler(ctx -> limited(ctx, Kind.SIGN_IN));
        router.post("/api/accounts").order(order).handler(ctx -> limited(ctx, Kind.REGISTER));
        router.post("/api/guests").order(order).handler(ctx -> limited(ctx, Kind.GUESTS));
        for (String path : List.of("/api/tables", "/api/tables/solo", "/api/daily")) {
            router.post(path).order(order).handler(ctx -> limited(ctx, Kind.TABLES));
        }
        router.postWithRegex("/api/tables/[^/]+/moves").order(order).handler(ctx -> limited(ctx, Kind.MOVES));
        router.getWithRegex("/api/(tables/[^/]+|lobby)/ws").order(order).handler(ctx -> limited(ctx, Kind.SOCKETS));
    }

    private void limited(RoutingContext ctx, Kind kind) {
        HttpServerRequest r = ctx.request();
        try {
            check(kind, new Caller(tokenKey(token(r)), address(r), null));
        } catch (ApiException e) {
            ctx.response().setStatusCode(e.status())
                    .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .putHeader("Retry-After", String.valueOf(e.retryAfterSeconds()))
                    .end(new JsonObject().put("code", e.code()).put("message", e.getMessage()).encode());
            return;
        }
        ctx.next();
    }

    /** The client's address, as sign-in limits take it (the TCP peer's, or a trusted proxy's forwarded one). */
    public static String address(HttpServerRequest r) {
        return r.remoteAddress() == null ? null : r.remoteAddress().hostAddress();
    }

    /** The token of a request: {@code Authorization: Bearer}, or a WebSocket's query parameter {@code token}. */
    public static String token(HttpServerRequest r) {
        String h = r.getHeader(HttpHeaders.AUTHORIZATION);
        if (h != null && h.length() > 7 && h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return h.substring(7);
        }
        return r.getParam("token");
    }

    // ---- configuration ----

    private static Limit limit(String name, String value, long maxKeys) {
        String v = value.strip();
        if (v.equalsIgnoreCase("none")) {
            return null;
        }
        Matcher m = LIMIT.matcher(v);
        Duration period;
        int permits;
        try {
            if (!m.matches()) {
                throw new IllegalArgumentException("not N/period");
            }
            permits = Integer.parseInt(m.group(1));
            period = Duration.parse("PT" + m.group(2).toUpperCase(Locale.ROOT));
            if (permits < 1 || period.isNegative() || period.isZero()) {
                throw new IllegalArgumentException("N and the period must be above 0");
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + " must be N/period (e.g. 10/1s, 30/1m) or none, not \"" + value
                    + "\": " + e.getMessage(), e);
        }
        RateLimiterConfig config = RateLimiterConfig.custom().limitForPeriod(permits).limitRefreshPeriod(period)
                .timeoutDuration(Duration.ZERO).build();
        return new Limit(name, config, Caffeine.newBuilder().maximumSize(maxKeys)
                .expireAfterAccess(period.plusSeconds(1)).build());
    }

    private static String what(Kind kind) {
        return switch (kind) {
            case API -> "requests";
            case SIGN_IN -> "sign-ins";
            case REGISTER -> "registrations";
            case GUESTS -> "new guests";
            case TABLES -> "new tables";
            case MOVES -> "moves";
            case SOCKETS -> "new WebSocket connections";
            case FRAMES -> "frames";
        };
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
