package online.durak.messages;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import online.durak.engine.Rules;

/**
 * An {@link EventMessage} as one viewer may see it: the same envelope and sequence number, the event with
 * hidden cards left out ({@link EventVisibility}). Every viewer gets every sequence number, so gaps show.
 */
@JsonPropertyOrder({"tableId", "seq", "type", "at", "commandId", "event"})
public record SeatEventMessage(String tableId, long seq, String type, VisibleEvent event,
                               @Wire.MayBeAbsent String commandId, Instant at) {

    public SeatEventMessage {
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

    /** What {@code seat} (or {@link EventVisibility#NO_SEAT}) may see of a stored event. */
    public static SeatEventMessage forSeat(EventMessage m, int seat, Rules rules) {
        return of(m, EventVisibility.forSeat(m.event(), seat, rules));
    }

    /** Every card open: only for events of a finished deal (replays). */
    public static SeatEventMessage open(EventMessage m) {
        return of(m, EventVisibility.forSpectatorOfFinishedDeal(m.event()));
    }

    private static SeatEventMessage of(EventMessage m, VisibleEvent v) {
        return new SeatEventMessage(m.tableId(), m.seq(), m.type(), v, m.commandId(), m.at());
    }
}
