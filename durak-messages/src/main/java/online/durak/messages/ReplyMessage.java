package online.durak.messages;

import online.durak.engine.Rejection;

/**
 * The rules service's answer to one command, keyed by {@code tableId}: accepted, or rejected with the
 * engine's {@link Rejection} code and message.
 *
 * @param code    the rejection's code; null when accepted
 * @param message the rejection's message for people; null when accepted
 * @param lastSeq the table's last event sequence number after the command (events appended by an accepted
 *                command end here); 0 when the table has no events
 */
public record ReplyMessage(String commandId, String tableId, boolean accepted, String code, String message,
                           long lastSeq) {

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
    }

    public static ReplyMessage accepted(String commandId, String tableId, long lastSeq) {
        return new ReplyMessage(commandId, tableId, true, null, null, lastSeq);
    }

    public static ReplyMessage rejected(String commandId, String tableId, Rejection rejection, long lastSeq) {
        return new ReplyMessage(commandId, tableId, false, rejection.code(), rejection.message(), lastSeq);
    }
}
