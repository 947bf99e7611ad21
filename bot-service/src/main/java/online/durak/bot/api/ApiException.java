package online.durak.bot.api;

/**
 * An answer other than success: an HTTP status and a stable {@code code} with a message for people, rendered
 * as {@code {"code": ..., "message": ...}} by {@link ErrorMappers}.
 */
public class ApiException extends RuntimeException {
    /** The body is not a JSON object with exactly {@code rules} and {@code view}. */
    public static final String INVALID_REQUEST = "INVALID_REQUEST";
    /** The view has no legal move for its seat: nothing to hint. */
    public static final String NOT_YOUR_TURN = online.durak.engine.Rejection.NOT_YOUR_TURN;
    /** Too many hints are being computed at once. */
    public static final String BUSY = "BUSY";

    private final int status;
    private final String code;

    public ApiException(int status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }
}
