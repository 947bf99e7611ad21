package online.durak.table.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.table.Tempo;
import online.durak.messages.Codec;
import online.durak.messages.MessageException;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.play.Schemas;
import online.durak.table.play.TableCommands;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Every request body, as Jackson reads it (strictly: durak-service's WireJackson) and as /q/openapi describes it
 * (and the whole numbers of query parameters). A field Jackson cannot read is 400 naming it (durak-service's
 * JsonRefusals); what a type cannot say (a required field, a commandId's form) each record checks itself, in the order
 * the fields are listed. An empty body is null, which a method whose body may be left out reads as every field left
 * out.
 */
public final class Requests {
    private Requests() {
    }

    private static final String COMMAND_ID = "optional, 1 to 64 of [A-Za-z0-9._~-]: makes a retry safe (the same "
            + "commandId again answers the same table instead of making another)";

    @Schema(name = "GuestRequest")
    public record Guest(@Schema(required = true, description = "display name, 1 to 32 characters",
            examples = "Anna") String name) {
    }

    @Schema(name = "AccountRequest", description = "Registering (POST /api/accounts) and signing in (POST /api/sessions).")
    public record Account(@Schema(required = true, description = "display name, 1 to 32 characters; unique among "
            + "accounts, ignoring case", examples = "Anna") String name,
                          @Schema(required = true, description = "8 to 128 characters", format = "password",
                                  examples = "correct horse battery") String password) {
        /** Never the password: a record's own toString would print it wherever the body is logged. */
        @Override
        public String toString() {
            return "Account[name=" + name + "]";
        }
    }

    @Schema(name = "CreateTableRequest")
    public record CreateTable(@Schema(required = true, implementation = Schemas.Settings.class)
                              @JsonDeserialize(using = SettingsReader.class) Rules settings,
                              @Schema(description = COMMAND_ID, examples = "create-1") String commandId) {
        public CreateTable {
            if (settings == null) {
                settings = Codec.readRules(JsonNodeFactory.instance.objectNode()); // names the setting required
            }
            commandId = TableCommands.clientCommandId(commandId);
        }
    }

    @Schema(name = "SoloRequest", description = "A solo game: the caller in seat 0, bots in the other seats, started "
            + "at once, without clock and stake.")
    public record Solo(@Schema(implementation = Schemas.Settings.class, description = "as for a table (players may be "
            + "left out when bots is a list); turnClock and stake must be left out, null or 0") JsonNode settings,
                       Bots bots,
                       @Schema(description = "how long the bots think before each move: FAST 250 ms, NORMAL 700 ms, "
                               + "SLOW 1500 ms; left out: the bot service's own think time. No rule: it never changes "
                               + "a move, and \"Again\" keeps it", examples = "NORMAL") Tempo tempo,
                       @Schema(description = COMMAND_ID, examples = "solo-1") String commandId) {
        public Solo {
            if (settings != null && !settings.isNull() && !settings.isObject()) {
                throw new MessageException(MessageException.INVALID_SETTING, "settings", "must be an object");
            }
            commandId = TableCommands.clientCommandId(commandId);
        }

        /**
         * The settings as for a table, but without clock and stake (rules.md §1, §8), and players one more than a
         * list of bots when left out.
         */
        public Rules toRules() {
            ObjectNode s = settings == null || settings.isNull() ? JsonNodeFactory.instance.objectNode()
                    : ((ObjectNode) settings).deepCopy();
            if (bots != null && bots.bySeat() != null && !s.has("players")) {
                s.put("players", bots.bySeat().size() + 1);
            }
            soloOnly(s, "turnClock", "a solo game has no turn clock");
            soloOnly(s, "stake", "a solo game is played without stake");
            return Codec.readRules(s, 0);
        }

        /** A setting a solo game does not have: absent, null or 0 only. */
        private static void soloOnly(ObjectNode settings, String name, String why) {
            JsonNode v = settings.get(name);
            if (v != null && !v.isNull() && !(v.isNumber() && v.asDouble() == 0)) {
                throw new MessageException(MessageException.INVALID_SETTING, name, why + " (leave it out)");
            }
        }

        /** The bots' levels by seat 1, 2, ...: NORMAL when left out; a list must fit the seats. */
        public List<BotLevel> levels(int players) {
            if (bots == null || bots.every() == null && bots.bySeat() == null) {
                return Collections.nCopies(players - 1, BotLevel.NORMAL);
            }
            if (bots.every() != null) {
                return Collections.nCopies(players - 1, bots.every());
            }
            if (bots.bySeat().size() != players - 1) {
                throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "bots: a table of " + players
                        + " players needs " + (players - 1) + " bot level(s), one for each seat after yours, not "
                        + bots.bySeat().size());
            }
            return bots.bySeat();
        }
    }

    /**
     * A solo game's bots: one level for every bot seat ({@code every}), or one per seat 1, 2, ... ({@code bySeat});
     * whether the list fits the seats is the resource's to say (it knows the number of players).
     */
    @JsonDeserialize(using = BotsReader.class)
    @Schema(name = "Bots", description = "\"EASY\", \"NORMAL\" or \"STRONG\" for every bot seat, or a list with one "
            + "level per seat 1, 2, ... (default: NORMAL for all)", oneOf = {BotLevel.class, BotLevel[].class},
            examples = "[\"EASY\",\"STRONG\"]")
    public record Bots(@Schema(hidden = true) BotLevel every, @Schema(hidden = true) List<BotLevel> bySeat) {
    }

    public static final class BotsReader extends StdDeserializer<Bots> {
        public BotsReader() {
            super(Bots.class);
        }

        @Override
        public Bots deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.hasToken(JsonToken.VALUE_STRING)) {
                return new Bots(ctxt.readValue(p, BotLevel.class), null);
            }
            if (p.isExpectedStartArrayToken()) {
                List<BotLevel> levels = ctxt.readValue(p, ctxt.getTypeFactory()
                        .constructCollectionType(List.class, BotLevel.class));
                for (int i = 0; i < levels.size(); i++) {
                    if (levels.get(i) == null) {
                        throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST,
                                "bots[" + i + "]: must be EASY, NORMAL or STRONG, not null");
                    }
                }
                return new Bots(null, levels);
            }
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST,
                    "bots: must be a level (EASY, NORMAL, STRONG) or a list of levels, one per bot seat");
        }
    }

    @Schema(name = "JoinRequest", description = "The body may be left out: the first free seat is taken.")
    public record Join(@Schema(description = "the seat wanted; null: the first free one", examples = "1") Integer seat,
                       @Schema(description = "optional id for a retry") String commandId) {
        public Join {
            commandId = TableCommands.clientCommandId(commandId);
        }

        static Join orEmpty(Join j) {
            return j != null ? j : new Join(null, null);
        }
    }

    @Schema(name = "BotRequest")
    public record AddBot(@Schema(required = true, examples = "1") Integer seat,
                         @Schema(required = true, enumeration = {"EASY", "NORMAL", "STRONG"}, type = SchemaType.STRING)
                         BotLevel level,
                         @Schema(description = "optional id for a retry") String commandId) {
        public AddBot {
            if (seat == null) {
                throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "seat: is required");
            }
            if (level == null) {
                throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "level: is required (EASY, NORMAL or STRONG)");
            }
            commandId = TableCommands.clientCommandId(commandId);
        }
    }

    @Schema(name = "MoveRequest")
    public record Play(@Schema(required = true, description = "chosen by the client, 1 to 64 of [A-Za-z0-9._~-]; "
            + "scoped to the player: repeating it gets the first answer again", examples = "m-17") String commandId,
                       @Schema(required = true, implementation = Schemas.Move.class) Move move) {
        public Play {
            if (commandId == null) {
                throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "commandId: is required");
            }
            commandId = TableCommands.clientCommandId(commandId);
            if (move == null) {
                throw new MessageException(MessageException.INVALID_MOVE, "move", "is required");
            }
        }
    }

    @Schema(name = "CommandRequest", description = "The body may be left out.")
    public record Command(@Schema(description = "optional id for a retry", examples = "c-1") String commandId) {
        public Command {
            commandId = TableCommands.clientCommandId(commandId);
        }

        /** The command id of a body that may be left out (a fresh one then). */
        static String idOf(Command c) {
            return c != null ? c.commandId() : TableCommands.clientCommandId(null);
        }
    }

    /** A body that must be there (an empty one is null): else 400 {@code INVALID_JSON}. */
    static <T> T required(T body) {
        if (body == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_JSON, "a JSON object is required as the body");
        }
        return body;
    }

    /** A whole-number query parameter, or {@code fallback} when absent; else 400 {@code INVALID_PARAMETER}. */
    static long wholeNumber(String name, String value, long fallback, long min) {
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

    /** A table's settings as a client sends them: every setting but players may be left out (its default). */
    public static final class SettingsReader extends StdDeserializer<Rules> {
        public SettingsReader() {
            super(Rules.class);
        }

        @Override
        public Rules deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return Codec.readRules(ctxt.readTree(p));
        }
    }
}
