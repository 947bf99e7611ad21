package online.durak.matchmaking.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import online.durak.matchmaking.pool.Wish;

/**
 * {@code POST /api/quick-match}'s body: {@code {"players": 2..6 | "any", "variant", "deck", "teams", "turnClock",
 * "stake"}}, each but players with its rules.md default, read by {@link Wish#read} (a refusal names the setting).
 */
@JsonDeserialize(using = QuickMatchRequest.Reader.class)
public record QuickMatchRequest(Wish wish) {

    public static final class Reader extends StdDeserializer<QuickMatchRequest> {
        public Reader() {
            super(QuickMatchRequest.class);
        }

        @Override
        public QuickMatchRequest deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return new QuickMatchRequest(Wish.read(ctxt.readTree(p)));
        }
    }
}
