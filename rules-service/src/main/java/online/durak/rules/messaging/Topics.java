package online.durak.rules.messaging;

/** The topics of docs/spine.md. */
public final class Topics {
    public static final String COMMANDS = "durak.commands";
    public static final String TABLE_EVENTS = "durak.table-events";
    public static final String REPLIES = "durak.replies";

    private Topics() {
    }
}
