package online.durak.rules.store;

import online.durak.engine.Rejection;
import online.durak.messages.ReplyMessage;
import online.durak.rules.domain.Outcome;

/**
 * A row of {@code commands}: the outcome of one command, answered again when the command comes again, and its
 * {@code kind} (the payload's type: {@code create}, {@code play}, ...; null for a row stored before kinds were), so that
 * its commandId sent with another kind of command is told apart.
 */
public record StoredCommand(String commandId, String tableId, String playerId, String kind, boolean accepted,
                            String code, String message, long lastSeq) {

    public static StoredCommand of(Outcome outcome, String playerId, String kind) {
        if (outcome instanceof Outcome.Rejected r) {
            Rejection rej = r.rejection();
            return new StoredCommand(r.commandId(), r.tableId(), playerId, kind, false, rej.code(), rej.message(),
                r.lastSeq());
        }
        return new StoredCommand(outcome.commandId(), outcome.tableId(), playerId, kind, true, null, null,
            outcome.lastSeq());
    }

    /** Whether {@code command} is the command this row stored: the same table, player and kind. */
    public boolean sameAs(String tableId, String playerId, String kind) {
        return this.tableId.equals(tableId) && this.playerId.equals(playerId)
            && (this.kind == null || this.kind.equals(kind));
    }

    public ReplyMessage reply() {
        return accepted ? ReplyMessage.accepted(commandId, tableId, lastSeq)
            : ReplyMessage.rejected(commandId, tableId, new Rejection(code, message), lastSeq);
    }
}
