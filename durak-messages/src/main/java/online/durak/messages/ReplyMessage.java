package online.durak.messages;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import online.durak.engine.Rejection;

/**
 * The rules service's answer to one command, keyed by {@code tableId}: accepted, or rejected with the
 * engine's {@link Rejection} code and message.
 *
 * @param code    the rejection's code; null when accepted
 * @param message the rejection's message for people; null when accepted
 * @param lastSeq the table's last event sequence number after the command (events appended by an accepted
 *                command end here); 0 when the table has no events
 * @param events  the events the command appended, as stored and published on the table-events topic: the sender's
 *                service can bring its projection up to {@code lastSeq} from the reply alone instead of waiting for
 *                them to arrive on the other topic. Empty for a rejection, and for a repeated command answered
 *                again (its events were published before); left out of the JSON when empty, as most are.
 */
public record ReplyMessage(String commandId, String tableId, boolean accepted, @Wire.MayBeAbsent String code,
                           @Wire.MayBeAbsent String message, long lastSeq,
                           @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_EMPTY) List<EventMessage> events) {

    public ReplyMessage {
        if (commandId == null || commandId.isBlank()) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "commandId", "is required");
        }
        if (tableId == null || tableId.isBlank()) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "tableId", "is required");
        }
        if (!accepted && (code == null || code.isBlank())) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "code", "a rejection needs a code");
        }
        if (lastSeq < 0) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "lastSeq", "must not be negative");
        }
        events = events == null ? List.of() : List.copyOf(events);
        if (!accepted && !events.isEmpty()) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "events", "a rejection appends no events");
        }
        for (int i = 0; i < events.size(); i++) {
            EventMessage e = events.get(i);
            if (!e.tableId().equals(tableId) || e.seq() != lastSeq - (events.size() - 1 - i)) {
                throw new MessageException(MessageException.INVALID_MESSAGE, "events",
                        "must be this table's events in seq order, ending at lastSeq");
            }
        }
    }

    /** A reply without events. */
    public ReplyMessage(String commandId, String tableId, boolean accepted, String code, String message,
                        long lastSeq) {
        this(commandId, tableId, accepted, code, message, lastSeq, List.of());
    }

    /** The same answer without the events (what a repeated command is answered with). */
    public ReplyMessage withoutEvents() {
        return events.isEmpty() ? this : new ReplyMessage(commandId, tableId, accepted, code, message, lastSeq);
    }

    public static ReplyMessage accepted(String commandId, String tableId, long lastSeq) {
        return new ReplyMessage(commandId, tableId, true, null, null, lastSeq);
    }

    /** An accepted command's reply carrying the events it appended (at least one; they end at lastSeq). */
    public static ReplyMessage accepted(String commandId, List<EventMessage> events) {
        EventMessage last = events.get(events.size() - 1);
        return new ReplyMessage(commandId, last.tableId(), true, null, null, last.seq(), events);
    }

    public static ReplyMessage rejected(String commandId, String tableId, Rejection rejection, long lastSeq) {
        return new ReplyMessage(commandId, tableId, false, rejection.code(), rejection.message(), lastSeq);
    }
}
