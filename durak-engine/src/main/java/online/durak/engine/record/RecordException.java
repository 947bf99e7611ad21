package online.durak.engine.record;

/** A record that cannot be read or does not hold: the line it failed at (1-based) and why. */
public final class RecordException extends Exception {
    private final int line;
    private final String reason;

    public RecordException(int line, String reason) {
        super("line " + line + ": " + reason);
        this.line = line;
        this.reason = reason;
    }

    public int line() {
        return line;
    }

    public String reason() {
        return reason;
    }
}
