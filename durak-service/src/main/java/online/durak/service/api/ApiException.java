package online.durak.service.api;

/**
 * An answer other than success, for a client: an HTTP status (4xx, or 503/504 when a service this one depends on
 * cannot answer) and a stable {@code code} from {@link ErrorCodes} with a message for people. Rendered as
 * {@code {"code": ..., "message": ...}} by {@link ErrorMappers}, and as an {@code error} frame on a WebSocket.
 */
public class ApiException extends RuntimeException {
    private final int status;
    private final String code;
    private final long retryAfterSeconds;

    public ApiException(int status, String code, String message) {
        this(status, code, message, 0);
    }

    /** With {@code Retry-After}: the seconds until the same request may succeed (0: none is said). */
    public ApiException(int status, String code, String message, long retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    /** The seconds a client should wait before trying again, answered as {@code Retry-After}; 0 for none. */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** Whole seconds, at least 1, of a wait given in nanoseconds. */
    public static long seconds(long nanos) {
        return Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
    }

    public static ApiException badRequest(String code, String message) {
        return new ApiException(400, code, message);
    }

    public static ApiException unauthorized(String message) {
        return new ApiException(401, ErrorCodes.UNAUTHORIZED, message);
    }

    public static ApiException noSuchTable(String tableId) {
        return new ApiException(404, ErrorCodes.NO_SUCH_TABLE, "there is no table " + tableId);
    }

    public static ApiException notSeated() {
        return new ApiException(403, ErrorCodes.NOT_SEATED, "you have no seat at this table");
    }

    /** Another player's daily table, seen only by its player until its UTC day is over (docs/daily.md). */
    public static ApiException dailyHidden() {
        return new ApiException(403, ErrorCodes.DAILY_HIDDEN,
                "this is another player's daily table: nobody else sees it until its day is over (UTC)");
    }
}
