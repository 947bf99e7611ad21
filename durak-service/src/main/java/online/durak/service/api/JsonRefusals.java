package online.durak.service.api;

import com.fasterxml.jackson.core.JsonGenerationException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import online.durak.messages.MessageException;
import online.durak.messages.Wire;

/**
 * What Jackson refused while reading a request body into its record, as the 400 a client gets: text that is not
 * JSON (a field given twice, text after the value too), or JSON that is not an object, is {@code INVALID_JSON}; an
 * unknown field or a field of the wrong type is {@code INVALID_REQUEST} naming the field; a refusal of a reader of durak-messages (a bad card, move or
 * setting: a {@link MessageException}) or of a record's own checks (an {@link ApiException}) keeps its code and words.
 * None of Jackson's own words (its classes, features, source locations) reach the sender.
 */
public final class JsonRefusals {
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate (?:Object property|field) \"?'?(.*?)'?\"?$");

    private JsonRefusals() {
    }

    /**
     * The refusal for {@code e}, found through its causes (Quarkus wraps some of Jackson's in a 400); null when it is
     * none of a body's (e.g. a response that could not be written: a bug).
     */
    public static ApiException of(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ApiException a) {
                return a;
            }
            if (t instanceof MessageException m) {
                return ApiException.badRequest(m.code(), m.getMessage());
            }
        }
        // Jackson wraps what its parser refused (bad JSON, a number too large) in a mapping error with the field's path
        JsonMappingException outer = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InputCoercionException c) {
                String field = outer == null ? null : field(outer.getPath());
                boolean asLong = c.getTargetType() == long.class || c.getTargetType() == Long.class;
                return invalid((field == null ? "" : field + ": ") + "must be a whole number from "
                        + (asLong ? Long.MIN_VALUE + " to " + Long.MAX_VALUE : Integer.MIN_VALUE + " to " + Integer.MAX_VALUE));
            }
            if (t instanceof StreamReadException r) {
                return of(r);
            }
            if (outer == null && t instanceof JsonMappingException m) {
                outer = m;
            }
        }
        return outer == null ? null : of(outer);
    }

    private static ApiException of(JsonProcessingException e) {
        if (e instanceof JsonGenerationException || e instanceof InvalidDefinitionException) {
            return null;
        }
        String m = Objects.requireNonNullElse(e.getOriginalMessage(), "");
        Matcher twice = DUPLICATE.matcher(m);
        if (twice.find()) { // as durak-messages' Codec.parse says it
            return ApiException.badRequest(ErrorCodes.INVALID_JSON,
                    "not valid JSON: field \"" + twice.group(1) + "\" is given twice");
        }
        if (e instanceof StreamReadException) {
            return ApiException.badRequest(ErrorCodes.INVALID_JSON, "not valid JSON: " + (e instanceof JsonEOFException
                    ? "it ends too early" : e.getLocation() == null ? "a syntax error" : "a syntax error at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()));
        }
        if (!(e instanceof JsonMappingException x)) {
            return ApiException.badRequest(ErrorCodes.INVALID_JSON, "not valid JSON");
        }
        String field = field(x.getPath());
        if (e instanceof UnrecognizedPropertyException u) {
            Collection<Object> known = u.getKnownPropertyIds();
            return invalid(field + ": is not a known field (known: "
                    + String.join(", ", known.stream().map(String::valueOf).sorted().toList()) + ")");
        }
        if (e instanceof RequestText.Refused) {
            return invalid((field == null ? "body" : field) + ": " + m);
        }
        if (field == null) {
            return ApiException.badRequest(ErrorCodes.INVALID_JSON, m.startsWith("Trailing token")
                    ? "not valid JSON: there is more text after the JSON value" : "the body must be a JSON object");
        }
        if (e.getClass().getDeclaringClass() == Wire.class) {
            return invalid(field + ": " + m); // worded for a client already (a card, a bot level, an instant)
        }
        if (e instanceof InvalidNullException) {
            return invalid(field + ": is required");
        }
        if (e instanceof MismatchedInputException mi && mi.getTargetType() != null) {
            return invalid(field + ": " + mustBe(mi.getTargetType()));
        }
        return invalid(field + ": cannot be read");
    }

    /** Jackson's path as a client writes it: {@code bots[1]}, {@code settings.players}. */
    static String field(List<JsonMappingException.Reference> path) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : path) {
            if (r.getFieldName() != null) {
                b.append(b.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.isEmpty() ? null : b.toString();
    }

    private static String mustBe(Class<?> type) {
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "must be a whole number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "must be true or false";
        }
        if (type == String.class) {
            return "must be a string";
        }
        if (type.isEnum()) {
            return "must be one of " + String.join(", ", java.util.Arrays.stream(type.getEnumConstants())
                    .map(String::valueOf).toList());
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "must be a list";
        }
        return "must be a JSON object";
    }

    private static ApiException invalid(String message) {
        return ApiException.badRequest(ErrorCodes.INVALID_REQUEST, message);
    }
}
