package online.durak.engine.table;

/**
 * How long a solo table's bots think before each move, chosen by the person (the gear's tempo). Not a rule: it never
 * changes a decision, only the delay before it is sent, so it is kept beside the {@link online.durak.engine.Rules}
 * rather than in them. A table without one uses the bot service's own think time.
 */
public enum Tempo {
    FAST(250),
    NORMAL(700),
    SLOW(1500);

    private final int millis;

    Tempo(int millis) {
        this.millis = millis;
    }

    /** The bots' think time before each move, in milliseconds. */
    public int millis() {
        return millis;
    }
}
