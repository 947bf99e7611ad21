package online.durak.service.api;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import online.durak.messages.Wire;

/**
 * Every service's REST and WebSocket mapper writes the engine's types in their wire form (durak-messages' Wire),
 * and reads request bodies strictly, as durak-messages reads its messages: no unknown field, no field twice, no
 * trailing text, no coercion ({@code "5"} is not a number, {@code 5} not a string, {@code 2.5} not a whole number), no
 * control character in a string ({@link RequestText}).
 * What it refuses is answered by {@link ErrorMappers} through {@link JsonRefusals}.
 */
@Singleton
public class WireJackson implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(Wire.module());
        mapper.registerModule(new SimpleModule("request-text").addDeserializer(String.class, new RequestText.Strings()));
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
                DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        mapper.getFactory().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    }

    /** After Quarkus's own customizer, which applies quarkus.jackson.fail-on-unknown-properties (false by default). */
    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }
}
