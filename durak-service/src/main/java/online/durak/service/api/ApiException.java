package online.durak.service.api;

/**
 * An answer other than success, for a client: an HTTP status (4xx, or 503/504 when a service this one depends on
 * cannot answer) and a stable {@code code} from {@link ErrorCodes} with a message for people. Rendered as
 * {@code {"code": ..., "message": ...}} by {@link ErrorMappers}, and as an {@code error} frame on a WebSocket.
 */
public class ApiException extends RuntimeException {
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
