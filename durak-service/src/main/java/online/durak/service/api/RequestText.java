package online.durak.service.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * No control character (Unicode's Cc: U+0000 to U+001F, U+007F to U+009F) in anything a client sends as text, in every
 * service: a NUL reached PostgreSQL (which cannot store it) as a 500 or a 503, and the others are never part of a name,
 * an id or a parameter. Refused before anything is done, as 400 naming where:
 *
 * <ul>
 *   <li>in the path, also percent-encoded ({@code %00}): {@code INVALID_PATH}, by a route after {@link HttpLimits};</li>
 *   <li>in a query parameter: {@code INVALID_PARAMETER} naming it, by the same route;</li>
 *   <li>in a string field of a request body ({@code "\u0000"}, the only way JSON can carry one): {@code INVALID_REQUEST}
 *       naming the field, by the string reader {@link WireJackson} gives every service's mapper.</li>
 * </ul>
 */
@ApplicationScoped
public class RequestText {

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 1).handler(this::check); // after HttpLimits
    }

    void check(RoutingContext ctx) {
        String path = ctx.request().path();
        if (path != null) {
            String segments = decoded(path);
            String found = segments == null ? null : refusal(segments);
            if (found != null) {
                refuse(ctx, ErrorCodes.INVALID_PATH, "the path must not hold " + found);
                return;
            }
        }
        if (ctx.request().query() != null) {
            MultiMap params;
            try {
                params = ctx.queryParams();
            } catch (RuntimeException e) {
                ctx.next(); // a query that cannot be decoded is the framework's to answer
                return;
            }
            for (Map.Entry<String, String> p : params) {
                String inName = refusal(p.getKey());
                String inValue = refusal(p.getValue());
                if (inName != null || inValue != null) {
                    refuse(ctx, ErrorCodes.INVALID_PARAMETER, inName != null
                            ? "a query parameter's name must not hold " + inName
                            : printable(p.getKey()) + ": must not hold " + inValue);
                    return;
                }
            }
        }
        ctx.next();
    }

    /**
     * What is wrong with {@code text}, as "a control character (U+0000 at character 3)", or null when it holds none.
     */
    public static String refusal(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.getType(c) == Character.CONTROL) {
                return String.format("a control character (U+%04X at character %d)", (int) c,
                        text.codePointCount(0, i) + 1);
            }
        }
        return null;
    }

    /** The path with its percent-encoding decoded, or null when it is not well formed (the framework answers it). */
    private static String decoded(String path) {
        try {
            return QueryStringDecoder.decodeComponent(path, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A parameter's name as a message may show it: control characters written as \\uXXXX. */
    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        s.chars().forEach(c -> b.append(Character.getType(c) == Character.CONTROL ? String.format("\\u%04X", c)
                : String.valueOf((char) c)));
        return b.toString();
    }

    private static void refuse(RoutingContext ctx, String code, String message) {
        ctx.response().setStatusCode(400)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(new JsonObject().put("code", code).put("message", message).encode());
    }

    /** Jackson's string reader, refusing a control character with {@link Refused} (JsonRefusals names the field). */
    static final class Strings extends StdScalarDeserializer<String> {
        Strings() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String s = StringDeserializer.instance.deserialize(p, ctxt);
            String found = s == null ? null : refusal(s);
            if (found != null) {
                throw new Refused(p, "must not hold " + found);
            }
            return s;
        }
    }

    /** A string field with a control character: 400 {@code INVALID_REQUEST} naming the field (JsonRefusals). */
    static final class Refused extends JsonMappingException {
        Refused(JsonParser p, String message) {
            super(p, message);
        }
    }
}
