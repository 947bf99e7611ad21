package online.durak.table.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Set;
import online.durak.messages.Codec;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * Request bodies, read strictly by hand (so every mistake is a 400 that names the field, never a 500):
 * not JSON is {@code INVALID_JSON}; JSON of the wrong shape is {@code INVALID_REQUEST} naming the field.
 */
public final class Bodies {
    private Bodies() {
    }

    /** The body as a JSON object; a blank body is an empty object when {@code optional}, else 400. */
    public static ObjectNode object(String body, boolean optional) {
        if (body == null || body.isBlank()) {
            if (optional) {
                return JsonNodeFactory.instance.objectNode();
            }
            throw ApiException.badRequest(ErrorCodes.INVALID_JSON, "a JSON object is required as the body");
        }
        JsonNode node = Codec.parse(body);
        if (!node.isObject()) {
            throw ApiException.badRequest(ErrorCodes.INVALID_JSON, "the body must be a JSON object");
        }
        return (ObjectNode) node;
    }

    /** Refuses a field not in {@code allowed}. */
    public static void only(ObjectNode o, Set<String> allowed) {
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!allowed.contains(f)) {
                throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST,
                        f + ": is not a known field (known: " + String.join(", ", allowed.stream().sorted().toList()) + ")");
            }
        }
    }

    public static JsonNode required(ObjectNode o, String field) {
        JsonNode v = o.get(field);
        if (v == null || v.isNull()) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, field + ": is required");
        }
        return v;
    }

    public static String optText(ObjectNode o, String field) {
        JsonNode v = o.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, field + ": must be a string");
        }
        return v.textValue();
    }

    public static String text(ObjectNode o, String field) {
        String v = optText(o, field);
        if (v == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, field + ": is required");
        }
        return v;
    }

    public static Integer optInt(ObjectNode o, String field) {
        JsonNode v = o.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, field + ": must be a whole number");
        }
        return v.intValue();
    }

    /** A whole-number query parameter, or {@code fallback} when absent; else 400 INVALID_PARAMETER. */
    public static long longParam(String name, String value, long fallback, long min) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        long v;
        try {
            v = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER, name + ": must be a whole number, not \"" + value + "\"");
        }
        if (v < min) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER, name + ": must be at least " + min);
        }
        return v;
    }
}
