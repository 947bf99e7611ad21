package online.durak.table.api;

import java.util.Set;
import online.durak.engine.Rejection;
import online.durak.engine.table.TableDecider;

/**
 * The error codes of the table service and the HTTP status of each. The engine's and the table's rejection
 * codes (from the rules service's reply) keep their code; their status follows {@link #statusOf(String)}:
 *
 * <ul>
 *   <li>400: {@code BAD_BOTS} (a solo game's bot levels do not fit its seats; checked here first)</li>
 *   <li>404: {@code NO_SUCH_TABLE}</li>
 *   <li>403: {@code NOT_SEATED}</li>
 *   <li>409 (the table's state does not allow it now; the same request may succeed later or never):
 *       {@link #CONFLICTS}</li>
 *   <li>422 (the request itself is not a legal move or action: illegal moves, a seat that does not exist,
 *       and any code this service does not know)</li>
 * </ul>
 */
public final class ErrorCodes {
    // ---- the table service's own ----
    public static final String INVALID_JSON = "INVALID_JSON";
    public static final String INVALID_REQUEST = "INVALID_REQUEST";
    public static final String INVALID_PARAMETER = "INVALID_PARAMETER";
    public static final String INVALID_NAME = "INVALID_NAME";
    public static final String INVALID_FRAME = "INVALID_FRAME";
    public static final String UNAUTHORIZED = "UNAUTHORIZED";
    public static final String NOT_SEATED = TableDecider.NOT_SEATED;
    public static final String NO_SUCH_TABLE = TableDecider.NO_SUCH_TABLE;
    public static final String NO_SUCH_DEAL = "NO_SUCH_DEAL";
    public static final String DEAL_RUNNING = Rejection.DEAL_RUNNING;
    public static final String RULES_TIMEOUT = "RULES_TIMEOUT";
    /** The rules service's answer to a player's commandId that already names another command: 422. */
    public static final String COMMAND_ID_IN_USE = "COMMAND_ID_IN_USE";
    /**
     * The rules service did not answer the last commands (the circuit breaker is open): 503 at once, with
     * Retry-After; the tables are paused until it answers again.
     */
    public static final String RULES_UNAVAILABLE = "RULES_UNAVAILABLE";
    public static final String VIEW_TIMEOUT = "VIEW_TIMEOUT";
    public static final String STORE_UNAVAILABLE = "STORE_UNAVAILABLE";
    /** This instance is stopping: a command is not sent any more (503); send it again, with the same commandId. */
    public static final String SERVICE_STOPPING = "SERVICE_STOPPING";
    /** The bot service gave no hint (unreachable, no answer in time, an error): 503. */
    public static final String BOTS_UNAVAILABLE = "BOTS_UNAVAILABLE";
    public static final String HINTS_SOLO_ONLY = TableDecider.HINTS_SOLO_ONLY;
    public static final String BAD_BOTS = TableDecider.BAD_BOTS;
    public static final String NOT_FOUND = "NOT_FOUND";
    public static final String METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED";
    public static final String UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE";
    public static final String NOT_ACCEPTABLE = "NOT_ACCEPTABLE";
    public static final String INTERNAL_ERROR = "INTERNAL_ERROR";

    /** Rejections that say the table's state does not allow the request now: 409. */
    public static final Set<String> CONFLICTS = Set.of(
            TableDecider.TABLE_EXISTS, TableDecider.TABLE_FULL, TableDecider.SEAT_TAKEN,
            TableDecider.ALREADY_SEATED, TableDecider.MATCH_STARTED, TableDecider.TABLE_NOT_FULL,
            TableDecider.NOT_ON_BOARD, TableDecider.ALREADY_CONTINUED, TableDecider.HINTS_SOLO_ONLY,
            TableDecider.TABLE_CLOSED,
            Rejection.MATCH_OVER, Rejection.DEAL_NOT_RUNNING, Rejection.DEAL_RUNNING,
            Rejection.NOT_YOUR_TURN, Rejection.WRONG_PHASE);

    private ErrorCodes() {
    }

    /** The HTTP status for a rejection code from the rules service. */
    public static int statusOf(String rejectionCode) {
        if (BAD_BOTS.equals(rejectionCode)) {
            return 400;
        }
        if (NO_SUCH_TABLE.equals(rejectionCode)) {
            return 404;
        }
        if (NOT_SEATED.equals(rejectionCode)) {
            return 403;
        }
        if (CONFLICTS.contains(rejectionCode)) {
            return 409;
        }
        return 422;
    }
}
