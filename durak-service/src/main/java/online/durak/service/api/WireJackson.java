package online.durak.service.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import online.durak.messages.Wire;

/** Every service's REST and WebSocket mapper writes the engine's types in their wire form (durak-messages' Wire). */
@Singleton
public class WireJackson implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(Wire.module());
    }
}
