package online.durak.engine.table;

/** Where a table is in its life. */
public enum TableStatus {
    /** No table yet: the only command it takes is create. */
    NONE,
    /** Open in the lobby: seats may be taken and left. */
    OPEN,
    /** A match is being played (a deal, or the board between deals). */
    PLAYING,
    /** The match is over. */
    FINISHED,
    /** Closed before its match started ({@link online.durak.engine.Event.TableClosed}): it takes no command. */
    CLOSED
}
