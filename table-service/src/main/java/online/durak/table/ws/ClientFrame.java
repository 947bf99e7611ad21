package online.durak.table.ws;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A frame a client sends (docs/websocket.md), read strictly by {@link Frames#read(String)}: an unknown field, a
 * field of the wrong type or an unknown {@code type} is an {@code INVALID_FRAME} naming the field.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ClientFrame.Play.class, name = "move"),
        @JsonSubTypes.Type(value = ClientFrame.Continue.class, name = "continue"),
        @JsonSubTypes.Type(value = ClientFrame.Start.class, name = "start"),
        @JsonSubTypes.Type(value = ClientFrame.Hint.class, name = "hint"),
        @JsonSubTypes.Type(value = ClientFrame.Resync.class, name = "resync"),
        @JsonSubTypes.Type(value = ClientFrame.Ping.class, name = "ping")})
public sealed interface ClientFrame {
    /** The frame types, as a client names them. */
    String TYPES = "move, continue, start, hint, resync or ping";

    /** A frame that sends a command: its client-chosen commandId (null when left out, where that is allowed). */
    sealed interface Command extends ClientFrame {
        String commandId();
    }

    /** {@code {"type":"move","commandId":C,"move":{...}}}: the move is read by the messages' move reader. */
    record Play(String commandId, JsonNode move) implements Command {
    }

    record Continue(String commandId) implements Command {
    }

    record Start(String commandId) implements Command {
    }

    record Hint(String commandId) implements Command {
    }

    /** Every event after {@code lastSeq} as the seat may see it, then the view. */
    record Resync(Long lastSeq) implements ClientFrame {
    }

    record Ping() implements ClientFrame {
    }
}
