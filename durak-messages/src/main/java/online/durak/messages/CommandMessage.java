package online.durak.messages;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import online.durak.engine.BotLevel;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.Tempo;

/**
 * A command on the commands topic (docs/spine.md), keyed by {@code tableId}. The table
 * service writes it after checking who asks ({@code playerId}, from the token); the rules service decides it.
 * Shuffles are not part of it: the rules service adds them ({@link #toTableCommand(Shuffle)}).
 *
 * @param commandId  chosen by the client; a repeated one changes nothing
 * @param name       the player's display name (used by create and join), or null
 * @param byComputer a move played for the seat by the computer after its clock ran out (only with play)
 */
@JsonPropertyOrder({"commandId", "tableId", "playerId", "name", "byComputer", "payload"})
public record CommandMessage(String commandId, String tableId, String playerId, String name, Payload payload,
                             boolean byComputer) {

    public CommandMessage {
        require(commandId, "commandId");
        require(tableId, "tableId");
        require(playerId, "playerId");
        if (payload == null) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "payload", "is required");
        }
        if (byComputer && !(payload instanceof Play)) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "byComputer",
                    "only a move (play) can be made by the computer, not " + payload.type());
        }
    }

    /** As Jackson reads it: {@code name} and {@code byComputer} (false) may be left out. */
    @JsonCreator
    static CommandMessage read(@JsonProperty("commandId") String commandId, @JsonProperty("tableId") String tableId,
                               @JsonProperty("playerId") String playerId,
                               @JsonProperty("name") @Wire.MayBeAbsent String name,
                               @JsonProperty("payload") Payload payload,
                               @JsonProperty("byComputer") @Wire.MayBeAbsent Boolean byComputer) {
        return new CommandMessage(commandId, tableId, playerId, name, payload, Boolean.TRUE.equals(byComputer));
    }

    /** A command from the player themself ({@code byComputer} false). */
    public CommandMessage(String commandId, String tableId, String playerId, String name, Payload payload) {
        this(commandId, tableId, playerId, name, payload, false);
    }

    private static void require(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new MessageException(MessageException.INVALID_MESSAGE, field, "is required");
        }
    }

    /**
     * Whether this command may deal a deal (leave, start, continue, a solo table, "Again", the clock's next deal), so
     * the rules service draws a shuffle for it; any other command's {@link #toTableCommand} ignores the shuffle (a
     * move, the commonest command, needs none).
     */
    public boolean mayDeal() {
        return payload instanceof Leave || payload instanceof Start || payload instanceof Continue
                || payload instanceof Solo || payload instanceof Again || payload instanceof Clock;
    }

    /** The engine's command; {@code shuffle} shuffles (and seals) the deal that start or the last continue deals. */
    public TableCommand toTableCommand(Shuffle shuffle) {
        if (payload instanceof Create c) {
            return new TableCommand.Create(playerId, name, c.rules());
        } else if (payload instanceof Join j) {
            return new TableCommand.Join(playerId, name, j.seat());
        } else if (payload instanceof AddBot b) {
            return new TableCommand.AddBot(playerId, b.seat(), b.level());
        } else if (payload instanceof Leave) {
            return new TableCommand.Leave(playerId, shuffle);
        } else if (payload instanceof Start) {
            return new TableCommand.Start(playerId, shuffle);
        } else if (payload instanceof Play p) {
            return new TableCommand.Play(playerId, p.move(), byComputer);
        } else if (payload instanceof Solo s) {
            return new TableCommand.CreateSolo(playerId, name, s.rules(), s.bots(), shuffle, s.tempo());
        } else if (payload instanceof Again a) {
            return new TableCommand.Again(playerId, name, a.rules(), a.seat(), a.seats(), shuffle, a.tempo());
        } else if (payload instanceof Hint) {
            return new TableCommand.Hint(playerId);
        } else if (payload instanceof Continue) {
            return new TableCommand.Continue(playerId, shuffle);
        }
        // a clock command depends on the time: the rules service turns it into the due TableCommand
        throw new IllegalStateException("a clock command is decided by the rules service's clock");
    }

    /** What is asked; {@link #type()} is its stable name on the wire. Mirrors {@link TableCommand}. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Create.class, name = "create"),
        @JsonSubTypes.Type(value = Join.class, name = "join"),
        @JsonSubTypes.Type(value = AddBot.class, name = "addBot"),
        @JsonSubTypes.Type(value = Leave.class, name = "leave"),
        @JsonSubTypes.Type(value = Start.class, name = "start"),
        @JsonSubTypes.Type(value = Play.class, name = "play"),
        @JsonSubTypes.Type(value = Continue.class, name = "continue"),
        @JsonSubTypes.Type(value = Solo.class, name = "solo"),
        @JsonSubTypes.Type(value = Again.class, name = "again"),
        @JsonSubTypes.Type(value = Hint.class, name = "hint"),
        @JsonSubTypes.Type(value = Clock.class, name = "clock")})
    public sealed interface Payload {
        String type();
    }

    /** Open a table with these settings; the creator takes seat 0. */
    public record Create(Rules rules) implements Payload {
        public Create {
            if (rules == null) {
                throw new MessageException(MessageException.INVALID_MESSAGE, "rules", "is required");
            }
        }

        public String type() {
            return "create";
        }
    }

    /** Take a seat; {@code seat} null takes the first free one. */
    public record Join(@Wire.MayBeAbsent Integer seat) implements Payload {
        public String type() {
            return "join";
        }
    }

    /** Seat a bot of a level in a free seat before the match. */
    public record AddBot(int seat, BotLevel level) implements Payload {
        public AddBot {
            if (level == null) {
                throw new MessageException(MessageException.INVALID_MESSAGE, "level", "is required");
            }
        }

        public String type() {
            return "addBot";
        }
    }

    /** Leave one's seat: before the match starts, or during it (a bot takes the seat, or a solo match ends). */
    public record Leave() implements Payload {
        public String type() {
            return "leave";
        }
    }

    /** Start the match once every seat is taken. */
    public record Start() implements Payload {
        public String type() {
            return "start";
        }
    }

    /** Make a move in the running deal. */
    public record Play(Move move) implements Payload {
        public Play {
            if (move == null) {
                throw new MessageException(MessageException.INVALID_MESSAGE, "move", "is required");
            }
        }

        public String type() {
            return "play";
        }
    }

    /** Press continue on the board after a deal. */
    public record Continue() implements Payload {
        public String type() {
            return "continue";
        }
    }

    /**
     * "Again" after a finished match: a new table with these settings, the sender in {@code seat}, bots of the levels
     * in {@code seats} (null: a person's seat, left free for them); started at once when the sender is the only
     * person. {@code tempo}: the finished table's, left out when it had none.
     */
    public record Again(Rules rules, int seat,
                        @com.fasterxml.jackson.annotation.JsonSetter(
                                contentNulls = com.fasterxml.jackson.annotation.Nulls.SET) // null: a person's seat
                        java.util.List<BotLevel> seats,
                        @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_NULL) Tempo tempo) implements Payload {
        public Again(Rules rules, int seat, java.util.List<BotLevel> seats) {
            this(rules, seat, seats, null);
        }

        public Again {
            if (rules == null) {
                throw new MessageException(MessageException.INVALID_MESSAGE, "rules", "is required");
            }
            if (seats == null) {
                throw new MessageException(MessageException.INVALID_MESSAGE, "seats", "is required");
            }
            seats = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(seats));
        }

        public String type() {
            return "again";
        }
    }

    /**
     * A solo game: the sender in seat 0 against bots of these levels, started at once (rules.md §8); {@code tempo}
     * the bots' think time, left out for the bot service's own.
     */
    public record Solo(Rules rules, java.util.List<BotLevel> bots,
                       @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_NULL) Tempo tempo) implements Payload {
        public Solo(Rules rules, java.util.List<BotLevel> bots) {
            this(rules, bots, null);
        }

        public Solo {
            if (rules == null) {
                throw new MessageException(MessageException.INVALID_MESSAGE, "rules", "is required");
            }
            if (bots == null) {
                throw new MessageException(MessageException.INVALID_MESSAGE, "bots", "is required");
            }
            bots = java.util.List.copyOf(bots);
        }

        public String type() {
            return "solo";
        }
    }

    /** Record that the sender took a hint (solo tables only). */
    public record Hint() implements Payload {
        public String type() {
            return "hint";
        }
    }

    /**
     * The rules service's scheduler: a deadline of this table has passed. Which one is decided when the command
     * is handled, from the table's clock ({@code online.durak.engine.table.TurnClock}).
     */
    public record Clock() implements Payload {
        public String type() {
            return "clock";
        }
    }
}
