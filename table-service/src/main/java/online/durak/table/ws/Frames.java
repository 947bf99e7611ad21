package online.durak.table.ws;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import online.durak.messages.MessageException;
import online.durak.messages.Wire;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * Frames to and from JSON text. Reading is strict, as over REST: an unknown field, a missing or unknown
 * {@code type}, a field of the wrong JSON type (no coercion: {@code "5"} is not a number, {@code 5} not a string) or
 * trailing text is refused with {@code INVALID_FRAME} (text that is not JSON with {@code INVALID_JSON}), the message
 * naming the field.
 */
final class Frames {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .addModule(Wire.module()) // views and events hold the engine's types
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
                    DeserializationFeature.FAIL_ON_INVALID_SUBTYPE, DeserializationFeature.FAIL_ON_MISSING_EXTERNAL_TYPE_ID_PROPERTY)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .withCoercionConfig(LogicalType.Textual, c -> c
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .build();
    /** Jackson's words for a field given twice (STRICT_DUPLICATE_DETECTION); it has no exception type of its own. */
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'");
    private static final ObjectReader READER = MAPPER.readerFor(ClientFrame.class);
    private static final ObjectWriter WRITER = MAPPER.writerFor(ServerFrame.class);

    private Frames() {
    }

    static ClientFrame read(String text) {
        ObjectNode tree = object(text);
        try {
            return READER.readValue(tree);
        } catch (UnrecognizedPropertyException e) {
            throw invalid(e.getPropertyName() + ": is not a field of this frame");
        } catch (InvalidTypeIdException e) {
            throw invalid(e.getTypeId() == null ? "type: is required (" + ClientFrame.TYPES + ")"
                    : "type: must be " + ClientFrame.TYPES + ", not \"" + e.getTypeId() + "\"");
        } catch (MismatchedInputException e) {
            String field = field(e);
            if (field == null) {
                throw invalid("a frame must be a JSON object");
            }
            Class<?> target = e.getTargetType();
            throw invalid(field + ": " + (target == String.class ? "must be a string"
                    : target == Long.class || target == long.class ? "must be a whole number" : "has the wrong type"));
        } catch (IOException e) { // JsonProcessingException: nothing else is read
            String field = e instanceof JsonMappingException m ? field(m) : null;
            throw invalid((field == null ? "" : field + ": ") + "cannot be read");
        }
    }

    /** The frame's JSON object: {@code INVALID_JSON} for text that is not JSON, {@code INVALID_FRAME} for another value. */
    static ObjectNode object(String text) {
        try {
            JsonNode tree = MAPPER.readTree(text);
            if (tree == null || !tree.isObject()) {
                throw invalid("a frame must be a JSON object");
            }
            return (ObjectNode) tree;
        } catch (JsonParseException e) {
            Matcher twice = DUPLICATE.matcher(e.getOriginalMessage());
            if (twice.matches()) {
                throw invalid(twice.group(1) + ": is given twice");
            }
            throw new MessageException(ErrorCodes.INVALID_JSON, null, "not valid JSON (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        } catch (JsonProcessingException e) {
            throw invalid("cannot be read");
        }
    }

    /** The innermost field named in the path of a mapping error, or null at the top. */
    private static String field(JsonMappingException e) {
        for (int i = e.getPath().size() - 1; i >= 0; i--) {
            String name = e.getPath().get(i).getFieldName();
            if (name != null) {
                return name;
            }
        }
        return null;
    }

    static String write(ServerFrame frame) {
        try {
            return WRITER.writeValueAsString(frame);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a frame could not be written", e);
        }
    }

    static ApiException invalid(String message) {
        return ApiException.badRequest(ErrorCodes.INVALID_FRAME, message);
    }
}
