package online.durak.engine.conformance;

/** A case file that is not a valid case; {@link #field()} is the JSON path of the offending field. */
public final class InvalidCaseException extends Exception {
    private final String field;

    public InvalidCaseException(String field, String message) {
        super(field.isEmpty() ? message : field + ": " + message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
