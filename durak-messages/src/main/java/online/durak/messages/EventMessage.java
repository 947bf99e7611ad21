package online.durak.messages;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.time.Instant;
import online.durak.engine.Event;
import online.durak.engine.table.LoggedTable;

/**
 * One event of a table's log as stored and published on the table-events topic, keyed by {@code tableId}.
 * {@code (tableId, seq)} is unique. It holds every card (deck order, drawn cards): it never goes to a
 * client as it is; clients get {@link SeatEventMessage}s.
 *
 * @param type      the event's stable type, {@code event.type()}; on the envelope so that consumers can skip
 *                  events without reading them
 * @param commandId the command that caused the event, or null (e.g. a clock that ran out)
 * @param at        when it was appended
 */
@JsonPropertyOrder({"tableId", "seq", "type", "at", "commandId", "event"})
public record EventMessage(String tableId, long seq, String type,
                           @JsonDeserialize(using = Wire.StoredEventReader.class) Event event,
                           @Wire.MayBeAbsent String commandId, Instant at)
        implements LoggedTable.Logged {

    public EventMessage {
        if (tableId == null || tableId.isBlank()) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "tableId", "is required");
        }
        if (seq < 0) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "seq", "must not be negative");
        }
        if (event == null) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "event", "is required");
        }
        if (!event.type().equals(type)) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "type",
                    "is " + type + " but the event is " + event.type());
        }
        if (at == null) {
            throw new MessageException(MessageException.INVALID_MESSAGE, "at", "is required");
        }
    }

    /** The envelope of an event, its type taken from the event. */
    public EventMessage(String tableId, long seq, Event event, String commandId, Instant at) {
        this(tableId, seq, event == null ? null : event.type(), event, commandId, at);
    }
}
