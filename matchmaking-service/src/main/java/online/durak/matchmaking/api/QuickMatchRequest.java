package online.durak.matchmaking.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import online.durak.matchmaking.pool.Wish;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /api/quick-match}'s body: {@code {"players": 2..6 | "any", "variant", "deck", "teams", "turnClock",
 * "stake"}}, each but players with its rules.md default, read by {@link Wish#read} (a refusal names the setting).
 */
@JsonDeserialize(using = QuickMatchRequest.Reader.class)
public record QuickMatchRequest(Wish wish) {

    /** The body as the OpenAPI document shows it; {@link Wish#read} reads it. */
    @Schema(name = "QuickRequest", requiredProperties = "players", description = "What the player cares about; every "
            + "other setting is its rules.md default. A setting a quick match does not let one choose, or a value a "
            + "table would refuse, is 400 INVALID_SETTING naming it.")
    record Form(@Schema(description = "2 to 6, or any: every number the other settings allow",
                        oneOf = {Integer.class, AnyPlayers.class}) Object players,
                @Schema(enumeration = {"PODKIDNOI", "PEREVODNOI"}, defaultValue = "PODKIDNOI") String variant,
                @Schema(description = "24, 36 or 52 cards", defaultValue = "36") Integer deck,
                @Schema(description = "4 or 6 players in teams of two", defaultValue = "false") Boolean teams,
                @Schema(description = "seconds (30, 60, 90, 120); null for none", defaultValue = "60", nullable = true)
                Integer turnClock,
                @Schema(description = "chips each account pays in; accounts only", defaultValue = "0") Long stake) {
    }

    /** {@code "any"}: every number of players the other settings allow. */
    @Schema(name = "AnyPlayers", type = SchemaType.STRING, enumeration = Wish.ANY)
    record AnyPlayers() {
    }

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
