package online.durak.rules.store;

import online.durak.engine.Rejection;
import online.durak.messages.ReplyMessage;
import online.durak.rules.domain.Outcome;

/** A row of {@code commands}: the outcome of one command, answered again when the command comes again. */
public record StoredCommand(String commandId, String tableId, String playerId, boolean accepted, String code,
                            String message, long lastSeq) {

    public static StoredCommand of(Outcome outcome, String playerId) {
        if (outcome instanceof Outcome.Rejected r) {
            Rejection rej = r.rejection();
            return new StoredCommand(r.commandId(), r.tableId(), playerId, false, rej.code(), rej.message(),
                r.lastSeq());
        }
        return new StoredCommand(outcome.commandId(), outcome.tableId(), playerId, true, null, null,
            outcome.lastSeq());
    }

    public ReplyMessage reply() {
        return accepted ? ReplyMessage.accepted(commandId, tableId, lastSeq)
            : ReplyMessage.rejected(commandId, tableId, new Rejection(code, message), lastSeq);
    }
}
