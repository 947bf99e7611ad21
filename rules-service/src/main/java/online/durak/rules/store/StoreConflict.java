package online.durak.rules.store;

/**
 * An append lost a race. {@link Kind#SEQ}: another writer appended to the table first (the primary key
 * {@code (table_id, seq)}, or a rejection decided on a log that has grown since); reload and decide again.
 * {@link Kind#COMMAND}: the {@code commandId} was recorded meanwhile; answer with the stored outcome.
 */
public final class StoreConflict extends RuntimeException {

    public enum Kind { SEQ, COMMAND }

    private final Kind kind;

    public StoreConflict(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
