package online.durak.service.api;

import java.util.Set;
import online.durak.engine.Rejection;
import online.durak.engine.table.TableDecider;
import online.durak.messages.MessageException;

/**
 * Every error code a client of any service can see, each defined once (the engine's and the table's rejection
 * codes, and the unreadable input of {@link MessageException}, keep theirs and are named here), and the HTTP status
 * of a rejection from the rules service ({@link #statusOf(String)}):
 *
 * <ul>
 *   <li>400: {@code BAD_BOTS} (a solo game's bot levels do not fit its seats; checked at the edge first)</li>
 *   <li>404: {@code NO_SUCH_TABLE}</li>
 *   <li>403: {@code NOT_SEATED}</li>
 *   <li>409 (the table's state does not allow it now; the same request may succeed later or never):
 *       {@link #CONFLICTS}</li>
 *   <li>422 (the request itself is not a legal move or action: illegal moves, a seat that does not exist,
 *       and any code the edge does not know)</li>
 * </ul>
 */
public final class ErrorCodes {
    // ---- unreadable input (400) ----
    public static final String INVALID_JSON = MessageException.INVALID_JSON;
    public static final String INVALID_SETTING = MessageException.INVALID_SETTING;
    public static final String INVALID_MOVE = MessageException.INVALID_MOVE;
    public static final String INVALID_VIEW = MessageException.INVALID_VIEW;
    public static final String INVALID_REQUEST = "INVALID_REQUEST";
    public static final String INVALID_PARAMETER = "INVALID_PARAMETER";
    /** A player's name is empty, too long, or has a character that cannot be shown as a name (auth). */
    public static final String INVALID_NAME = "INVALID_NAME";
    /** An account's password is shorter than 8 or longer than 128 characters (accounts): 400. */
    public static final String INVALID_PASSWORD = "INVALID_PASSWORD";
    /** A WebSocket frame that is not one of the frames of docs/websocket.md. */
    public static final String INVALID_FRAME = "INVALID_FRAME";

    // ---- who is asking ----
    public static final String UNAUTHORIZED = "UNAUTHORIZED";
    public static final String NOT_SEATED = TableDecider.NOT_SEATED;
    /** A guest asked for what needs an account (a stake: guests play without one, rules §6): 403. */
    public static final String STAKE_NEEDS_ACCOUNT = "STAKE_NEEDS_ACCOUNT";
    /** A guest asked for what only an account has (chips: the wallet, the daily bonus; docs/chips.md): 403. */
    public static final String ACCOUNT_REQUIRED = "ACCOUNT_REQUIRED";
    /** A call only another service may make (leaderboard-service's {@code /internal/chips/*}): 403. */
    public static final String SERVICE_ONLY = "SERVICE_ONLY";
    /** Signing in with a name and password that do not match an account (which of the two is not said): 401. */
    public static final String BAD_CREDENTIALS = "BAD_CREDENTIALS";
    /** Too many failed sign-ins for this name or from this address lately: 429 with Retry-After. */
    public static final String TOO_MANY_ATTEMPTS = "TOO_MANY_ATTEMPTS";
    /** Another account has this name (names are unique ignoring case): 409. */
    public static final String NAME_TAKEN = "NAME_TAKEN";
    /** Registering with the token of a player who is an account already: 409. */
    public static final String ALREADY_AN_ACCOUNT = "ALREADY_AN_ACCOUNT";

    // ---- what is asked about ----
    public static final String NO_SUCH_TABLE = TableDecider.NO_SUCH_TABLE;
    public static final String NO_SUCH_DEAL = "NO_SUCH_DEAL";
    /** No finished match of a person with this player id is on the leaderboard: 404. */
    public static final String NO_SUCH_PLAYER = "NO_SUCH_PLAYER";
    /** A rebuild of the leaderboard is already running on this instance: 409. */
    public static final String REBUILD_RUNNING = "REBUILD_RUNNING";
    /** "Again" is pressed at a table whose match is not over (yet): 409. */
    public static final String MATCH_NOT_OVER = "MATCH_NOT_OVER";
    public static final String DEAL_RUNNING = Rejection.DEAL_RUNNING;
    public static final String NOT_YOUR_TURN = Rejection.NOT_YOUR_TURN;
    public static final String HINTS_SOLO_ONLY = TableDecider.HINTS_SOLO_ONLY;
    public static final String HINTS_NOT_IN_DAILY = TableDecider.HINTS_NOT_IN_DAILY;
    public static final String BAD_BOTS = TableDecider.BAD_BOTS;
    /** The rules service's answer to a player's commandId that already names another command: 422. */
    public static final String COMMAND_ID_IN_USE = "COMMAND_ID_IN_USE";

    // ---- chips (leaderboard-service, docs/chips.md) ----
    /** The balance does not cover the table's stake: the seat is not taken, nothing changed: 409. */
    public static final String INSUFFICIENT_CHIPS = "INSUFFICIENT_CHIPS";
    /** The daily bonus was claimed already this UTC day: 409. */
    public static final String BONUS_ALREADY_CLAIMED = "BONUS_ALREADY_CLAIMED";
    /** The table has no stake, so no pot: 404. */
    public static final String NO_POT = "NO_POT";
    /** A hold to be moved to another table is not there (released, swept, or never taken): 409. */
    public static final String NO_HOLD = "NO_HOLD";

    // ---- quick match (matchmaking-service) ----
    /** The player holds no quick-match ticket: 404. */
    public static final String NO_TICKET = "NO_TICKET";
    /** The player waits with a ticket already; one at a time (cancel it first): 409. */
    public static final String TICKET_EXISTS = "TICKET_EXISTS";
    /** The ticket's table has been formed; it cannot be cancelled any more (leave the table instead): 409. */
    public static final String TICKET_FORMED = "TICKET_FORMED";

    // ---- a service this one depends on ----
    public static final String RULES_TIMEOUT = "RULES_TIMEOUT";
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
    /**
     * A service the edge forwards a path to (the leaderboard service for {@code /api/leaderboard*} and
     * {@code /api/players/*}) could not be reached or did not answer in time: 503.
     */
    public static final String UPSTREAM_UNAVAILABLE = "UPSTREAM_UNAVAILABLE";
    /** The leaderboard service, which holds the chips, could not take a stake's hold now: 503, nothing was done. */
    public static final String CHIPS_UNAVAILABLE = "CHIPS_UNAVAILABLE";
    /** The bot service works out too many hints at once: 503. */
    public static final String BUSY = "BUSY";

    // ---- what the HTTP layer refuses itself (ErrorMappers, HttpLimits) ----
    public static final String NOT_FOUND = "NOT_FOUND";
    public static final String METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED";
    public static final String NOT_ACCEPTABLE = "NOT_ACCEPTABLE";
    public static final String UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE";
    /** 413: a body larger than {@code durak.http.max-body-size}. */
    public static final String BODY_TOO_LARGE = "BODY_TOO_LARGE";
    /** 414: a request line longer than {@code durak.http.max-uri-length}. */
    public static final String URI_TOO_LONG = "URI_TOO_LONG";
    /** 431: request headers larger than {@code durak.http.max-header-size}. */
    public static final String HEADERS_TOO_LARGE = "HEADERS_TOO_LARGE";
    /** A WebSocket frame larger than {@code durak.websocket.max-frame-size}: an error frame, then close 1009. */
    public static final String FRAME_TOO_LARGE = "FRAME_TOO_LARGE";
    /** A bug: logged, and answered without details. */
    public static final String INTERNAL_ERROR = "INTERNAL_ERROR";

    /** Rejections that say the table's state does not allow the request now: 409. */
    public static final Set<String> CONFLICTS = Set.of(
            TableDecider.TABLE_EXISTS, TableDecider.TABLE_FULL, TableDecider.SEAT_TAKEN,
            TableDecider.ALREADY_SEATED, TableDecider.MATCH_STARTED, TableDecider.TABLE_NOT_FULL,
            TableDecider.NOT_ON_BOARD, TableDecider.ALREADY_CONTINUED, TableDecider.HINTS_SOLO_ONLY,
            TableDecider.HINTS_NOT_IN_DAILY, TableDecider.TABLE_CLOSED,
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
