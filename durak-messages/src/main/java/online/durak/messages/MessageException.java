package online.durak.messages;

/**
 * A message that cannot be read: bad JSON, an unknown or missing field, a value out of range. {@link #code()}
 * says which kind of message was bad (an API answers 400 with it), {@link #field()} names the field or
 * setting (null when the message as a whole is bad, e.g. not JSON at all).
 */
public final class MessageException extends IllegalArgumentException {
    /** The text is not JSON, or not the JSON value expected (e.g. an array instead of an object). */
    public static final String INVALID_JSON = "INVALID_JSON";
    /** Table settings (rules.md §1) that cannot be read or break a rule; the field is the setting's name. */
    public static final String INVALID_SETTING = "INVALID_SETTING";
    /** A move that does not follow docs/conformance.md. */
    public static final String INVALID_MOVE = "INVALID_MOVE";
    /** An event that does not follow the schema. */
    public static final String INVALID_EVENT = "INVALID_EVENT";
    /** A command, reply or event envelope that does not follow the schema. */
    public static final String INVALID_MESSAGE = "INVALID_MESSAGE";
    /** A seat's view (schema SeatView) that cannot be read, e.g. in a hint request. */
    public static final String INVALID_VIEW = "INVALID_VIEW";

    private final String code;
    private final String field;

    public MessageException(String code, String field, String message) {
        super(field == null ? message : field + ": " + message);
        this.code = code;
        this.field = field;
    }

    public String code() {
        return code;
    }

    /** The field or setting at fault, or null. */
    public String field() {
        return field;
    }

    /** The message without the field name in front. */
    public String reason() {
        String m = getMessage();
        return field == null ? m : m.substring(field.length() + 2);
    }
}
