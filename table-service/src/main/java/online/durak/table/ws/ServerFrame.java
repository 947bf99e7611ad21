package online.durak.table.ws;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import online.durak.messages.SeatEventMessage;
import online.durak.table.play.Answers.HintAnswer;
import online.durak.table.play.Answers.TableView;

/** A frame the server sends (docs/websocket.md), written by {@link Frames#write(ServerFrame)}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
public sealed interface ServerFrame {

    /**
     * The seat's view after event {@code seq}; a spectator's public view (seat -1); null for one without a seat at a
     * table that may not be watched.
     */
    @JsonTypeName("view")
    record View(long seq, TableView view) implements ServerFrame {
    }

    /** Event {@code seq} as the seat may see it, with the seat's view after it (as in {@link View}). */
    @JsonTypeName("event")
    record Event(long seq, SeatEventMessage event, TableView view) implements ServerFrame {
    }

    /** Event {@code seq} during a resync: without a view (the resync ends with one). */
    @JsonTypeName("event")
    record ResyncEvent(long seq, SeatEventMessage event) implements ServerFrame {
    }

    /** The answer to a command frame: accepted up to {@code seq}, or refused with the rules' code. */
    @JsonTypeName("reply")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Reply(String commandId, boolean accepted, Long seq, String code, String message) implements ServerFrame {
        static Reply accepted(String commandId, long seq) {
            return new Reply(commandId, true, seq, null, null);
        }

        static Reply refused(String commandId, String code, String message) {
            return new Reply(commandId, false, null, code, message);
        }
    }

    /** The answer to a hint frame: the fields of {@code POST /api/tables/{id}/hint}'s answer. */
    @JsonTypeName("hint")
    record Hint(@JsonUnwrapped HintAnswer answer) implements ServerFrame {
    }

    /** A frame that could not be used, or a command that got no answer; nothing changed. */
    @JsonTypeName("error")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Error(String code, String message, String commandId) implements ServerFrame {
    }

    /** The rules service does not answer: no table moves until {@link Resumed}. */
    @JsonTypeName("paused")
    record Paused(String reason, String message) implements ServerFrame {
    }

    @JsonTypeName("resumed")
    record Resumed() implements ServerFrame {
    }

    /** How many watch the table without a seat, after one came or went. */
    @JsonTypeName("spectators")
    record Spectators(int count) implements ServerFrame {
    }

    @JsonTypeName("pong")
    record Pong() implements ServerFrame {
    }
}
