package online.durak.service.api;

import static java.util.Map.entry;

import java.util.Map;
import java.util.Set;
import online.durak.engine.Rejection;
import online.durak.engine.table.AnalysisRules;
import online.durak.engine.table.TableDecider;
import online.durak.messages.MessageException;

/**
 * Every error code a client of any service can see, each defined once (the engine's and the table's rejection
 * codes, and the unreadable input of {@link MessageException}, keep theirs and are named here), what each means
 * ({@link #describe(String)}, for API documents), and the HTTP status of a rejection from the rules service
 * ({@link #statusOf(String)}):
 *
 * <ul>
 *   <li>400: {@code BAD_BOTS} (a solo game's bot levels do not fit its seats; checked at the edge first)</li>
 *   <li>404: {@code NO_SUCH_TABLE}</li>
 *   <li>403: {@code NOT_SEATED}, {@code DAILY_HIDDEN}</li>
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
    /** A match's record that cannot be read or does not hold (docs/record-format.md): the message names the line. */
    public static final String INVALID_RECORD = "INVALID_RECORD";
    /** A path with a control character in it (RequestText): 400. */
    public static final String INVALID_PATH = "INVALID_PATH";
    /** A player's name is empty, too long, invisible, or has a character a name does not need (auth): 400. */
    public static final String INVALID_NAME = "INVALID_NAME";
    /** An account's password is shorter than 8 or longer than 128 characters (accounts): 400. */
    public static final String INVALID_PASSWORD = "INVALID_PASSWORD";
    /** A WebSocket frame that is not one of the frames of docs/websocket.md. */
    public static final String INVALID_FRAME = "INVALID_FRAME";

    // ---- who is asking ----
    public static final String UNAUTHORIZED = "UNAUTHORIZED";
    public static final String NOT_SEATED = TableDecider.NOT_SEATED;
    /** Another player's daily table, before its UTC day is over (docs/daily.md): 403. */
    public static final String DAILY_HIDDEN = AnalysisRules.DAILY_HIDDEN;
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
    /** Another account has this name, or one that looks the same (its confusable skeleton): 409. */
    public static final String NAME_TAKEN = "NAME_TAKEN";
    /** The name is, or looks like, a name the system keeps for itself (the bots', "house", "admin", ...): 409. */
    public static final String NAME_RESERVED = "NAME_RESERVED";
    /** Too many requests of this kind from this token or address lately (table-service's limits): 429, Retry-After. */
    public static final String RATE_LIMITED = "RATE_LIMITED";
    /** Registering with the token of a player who is an account already: 409. */
    public static final String ALREADY_AN_ACCOUNT = "ALREADY_AN_ACCOUNT";

    // ---- what is asked about ----
    public static final String NO_SUCH_TABLE = TableDecider.NO_SUCH_TABLE;
    public static final String NO_SUCH_DEAL = "NO_SUCH_DEAL";
    /** No finished match of a person with this player id is on the leaderboard: 404. */
    public static final String NO_SUCH_PLAYER = "NO_SUCH_PLAYER";
    /** A rebuild of the leaderboard is already running on this instance: 409. */
    public static final String REBUILD_RUNNING = "REBUILD_RUNNING";
    /** "Again" is pressed, or an analysis asked for, at a table whose match is not over (yet): 409. */
    public static final String MATCH_NOT_OVER = AnalysisRules.MATCH_NOT_OVER;
    /** No analysis of this match (or record) was ever asked for: 404 (POST starts one). */
    public static final String NO_ANALYSIS = "NO_ANALYSIS";
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
    /**
     * The rules service is busy and this edge has as many commands waiting for it as its bulkhead holds: 503 at once,
     * with Retry-After, for this command only (the tables are not paused).
     */
    public static final String OVERLOADED = "OVERLOADED";
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

    /** What each code a client can see means, in a few words for people. */
    private static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
            // unreadable input
            entry(INVALID_JSON, "the body is not valid JSON, or not a JSON object; the message says where"),
            entry(INVALID_SETTING, "a table setting is unknown or has a value rules.md does not allow; the message "
                    + "names the setting"),
            entry(INVALID_MOVE, "the move cannot be read (an unknown type, a card that is no card, a field missing); "
                    + "the message names the field"),
            entry(INVALID_VIEW, "the seat's view cannot be read; the message names the field"),
            entry(INVALID_REQUEST, "a field is unknown, missing, of the wrong type or out of range, holds a control "
                    + "character, or a commandId is not 1 to 64 of [A-Za-z0-9._~-]; the message names the field"),
            entry(INVALID_PARAMETER, "a query parameter is missing, unknown, given twice, out of range, or holds a "
                    + "control character; the message starts with it"),
            entry(INVALID_PATH, "the path holds a control character (U+0000 to U+001F, U+007F to U+009F, also "
                    + "percent-encoded); the message says which and where"),
            entry(INVALID_NAME, "the name breaks a rule of names, and the message says which: empty or longer than 32 "
                    + "characters, invisible (only spaces, blanks or marks), a character a name does not need (only "
                    + "letters, digits, marks after a letter, single spaces and . - _ ' are allowed)"),
            entry(INVALID_PASSWORD, "the password is left out, shorter than 8 or longer than 128 characters"),
            entry(INVALID_FRAME, "a WebSocket frame that is not one of docs/websocket.md; the message names the field"),
            // who is asking
            entry(UNAUTHORIZED, "no token, or a forged, expired, signed-out or malformed one"),
            entry(NOT_SEATED, "the caller has no seat at this table (or left its match), and may not watch it"),
            entry(DAILY_HIDDEN, "another player's daily table: until its UTC day is over only its own player sees it "
                    + "(its view, events, board, replays); a daily game's analysis nobody sees before its day is over"),
            entry(STAKE_NEEDS_ACCOUNT, "a guest asked for a stake above 0: guests play without one"),
            entry(ACCOUNT_REQUIRED, "only an account has this (chips: the wallet, the daily bonus)"),
            entry(SERVICE_ONLY, "only another service may make this call (a service token: every /internal/* and "
                    + "/admin/* path, the bot service's hints)"),
            entry(BAD_CREDENTIALS, "no account has this name and password (which of the two is wrong is not said)"),
            entry(TOO_MANY_ATTEMPTS, "too many sign-ins that did not succeed for this name from this address, or from "
                    + "this address for any name, lately; Retry-After says when to try again"),
            entry(NAME_TAKEN, "another account has this name or one that looks the same (ignoring case, accents that "
                    + "look alike, letters of other scripts that look alike); the message names it"),
            entry(NAME_RESERVED, "the name is, or looks like, one the system keeps for itself: a bot's, \"house\", "
                    + "\"system\", \"admin\"; the message names it"),
            entry(RATE_LIMITED, "too many requests of this kind from this token or this address lately; Retry-After "
                    + "says when to try again (a WebSocket gets an error frame, and is closed 1008 when it goes on)"),
            entry(ALREADY_AN_ACCOUNT, "the token's player is an account already"),
            // what is asked about
            entry(NO_SUCH_TABLE, "there is no table with this id"),
            entry(INVALID_RECORD, "a match's record that cannot be read, or does not hold when replayed through the "
                    + "engine (an illegal move, a shuffle proof that fails, a tag missing): \"line N: the reason\""),
            entry(NO_SUCH_DEAL, "this deal has not been dealt at this table"),
            entry(NO_SUCH_PLAYER, "no finished match of a person with this player id is on the leaderboard"),
            entry(REBUILD_RUNNING, "a rebuild of the leaderboard is running on this instance already"),
            entry(MATCH_NOT_OVER, "the match at this table is not over"),
            entry(NO_ANALYSIS, "no analysis of this match was asked for yet: POST asks for one"),
            entry(DEAL_RUNNING, "the deal is still running: its hands are secret until it is over"),
            entry(NOT_YOUR_TURN, "no decision of the caller's is asked for now"),
            entry(HINTS_SOLO_ONLY, "hints are given only at a table of one person against bots"),
            entry(HINTS_NOT_IN_DAILY, "the daily game's attempt that counts is played without hints"),
            entry(BAD_BOTS, "a solo game's bot levels do not fit its seats"),
            entry(COMMAND_ID_IN_USE, "this commandId of the caller's already names another command (another kind of "
                    + "call, or another table); nothing was done: choose a new commandId"),
            // the table's state (the rules service's rejections)
            entry(TableDecider.TABLE_EXISTS, "this table exists already"),
            entry(TableDecider.TABLE_FULL, "every seat at this table is taken"),
            entry(TableDecider.SEAT_TAKEN, "this seat is taken"),
            entry(TableDecider.ALREADY_SEATED, "the caller sits at this table already"),
            entry(TableDecider.MATCH_STARTED, "the match at this table has started: seats and bots are settled "
                    + "before the start"),
            entry(TableDecider.TABLE_NOT_FULL, "seats are still free: a match starts with every seat taken"),
            entry(TableDecider.NOT_ON_BOARD, "continue is pressed on the board after a deal, while the next deal waits"),
            entry(TableDecider.ALREADY_CONTINUED, "the caller has pressed continue already"),
            entry(TableDecider.TABLE_CLOSED, "the table was closed before its match started (its last person left, "
                    + "or it waited too long)"),
            entry(Rejection.MATCH_OVER, "the match at this table is over"),
            entry(Rejection.DEAL_NOT_RUNNING, "no deal is being played now"),
            entry(Rejection.WRONG_PHASE, "this kind of move is not possible now in the bout"),
            entry(Rejection.NO_SUCH_SEAT, "there is no such seat at this table, or it is no person's seat"),
            // illegal moves (the engine's rejections)
            entry(Rejection.NO_CARDS, "the move names no card"),
            entry(Rejection.CARD_TWICE, "the move names a card twice"),
            entry(Rejection.CARD_NOT_IN_HAND, "a card named is not in the caller's hand"),
            entry(Rejection.MIXED_RANKS, "an attack is one card or several cards of one rank"),
            entry(Rejection.OVER_LIMIT, "more attack cards than this bout allows"),
            entry(Rejection.DEFENDER_CANNOT_COVER, "the defender holds fewer cards than there would be uncovered "
                    + "attack cards"),
            entry(Rejection.RANK_NOT_ON_TABLE, "only ranks that lie on the table may be thrown in"),
            entry(Rejection.RANK_NOT_ALLOWED, "only the defender's neighbours may throw in any rank on the table; "
                    + "the others only the rank of the first attack"),
            entry(Rejection.MAY_NOT_THROW_IN, "only the defender's neighbours may throw in at this table"),
            entry(Rejection.NOT_AN_UNCOVERED_ATTACK, "a cover names an uncovered attack card on the table"),
            entry(Rejection.DOES_NOT_BEAT, "the card does not beat the attack card"),
            entry(Rejection.NO_TRANSFER_IN_VARIANT, "transfers exist only in PEREVODNOI"),
            entry(Rejection.TRANSFER_NOT_POSSIBLE, "a transfer needs every attack card uncovered and of one rank"),
            entry(Rejection.TRANSFER_WRONG_RANK, "a transfer is made with a card of the attack's rank"),
            entry(Rejection.NEXT_DEFENDER_CANNOT_COVER, "the next defender holds fewer cards than the attack would "
                    + "have after the transfer"),
            entry(Rejection.SHOW_TRUMP_OFF, "this table does not allow showing a trump to transfer"),
            entry(Rejection.NOT_A_TRUMP, "the card shown to transfer is not a trump"),
            entry(Rejection.TRUMP_ALREADY_SHOWN, "this trump was shown in this bout already"),
            // chips, quick match
            entry(INSUFFICIENT_CHIPS, "the balance does not cover the table's stake; nothing was done"),
            entry(BONUS_ALREADY_CLAIMED, "the daily bonus was claimed this UTC day already"),
            entry(NO_POT, "the table has no stake, so no pot"),
            entry(NO_HOLD, "the hold to be moved is not there (released, swept, or never taken)"),
            entry(NO_TICKET, "the caller holds no quick-match ticket"),
            entry(TICKET_EXISTS, "the caller waits with a ticket already; one at a time (cancel it first)"),
            entry(TICKET_FORMED, "the ticket's table has been formed: leave the table instead"),
            // a service this one depends on
            entry(RULES_TIMEOUT, "the rules service did not reply within durak.rules.timeout; the command may still "
                    + "be decided later: repeat it with the same commandId to learn its outcome"),
            entry(RULES_UNAVAILABLE, "the rules service answered nothing at all to the last commands (a circuit breaker), so "
                    + "this one was refused at once and not sent; the tables are paused until it answers again; "
                    + "Retry-After says when to try again"),
            entry(OVERLOADED, "the rules service is busy and this server has as many commands waiting for it as it "
                    + "takes (durak.rules.in-flight sent, durak.rules.queue waiting): this one was not sent; send it "
                    + "again after Retry-After with the same commandId"),
            entry(VIEW_TIMEOUT, "the rules service replied, but this instance's view of the table did not reach the "
                    + "reply's seq within durak.projection.timeout, even after reading the store"),
            entry(STORE_UNAVAILABLE, "the event store cannot be read now"),
            entry(SERVICE_STOPPING, "this instance is stopping: the command was not sent; send it again, with the "
                    + "same commandId"),
            entry(BOTS_UNAVAILABLE, "the bot service cannot be reached, did not answer in time (quarkus.rest-client.bot-service.read-timeout) or "
                    + "gave no usable hint; nothing was recorded"),
            entry(UPSTREAM_UNAVAILABLE, "the service this path is forwarded to cannot be reached or did not answer "
                    + "in time"),
            entry(CHIPS_UNAVAILABLE, "the stake could not be held: the leaderboard service, which keeps the chips, "
                    + "did not answer; nothing was sent"),
            entry(BUSY, "the bot service works out too many hints at once"),
            // the HTTP layer
            entry(NOT_FOUND, "no such resource"),
            entry(METHOD_NOT_ALLOWED, "this method is not allowed here"),
            entry(NOT_ACCEPTABLE, "this resource answers application/json"),
            entry(UNSUPPORTED_MEDIA_TYPE, "a body is taken only as application/json"),
            entry(BODY_TOO_LARGE, "the body is larger than durak.http.max-body-size"),
            entry(URI_TOO_LONG, "the request line is longer than durak.http.max-uri-length"),
            entry(HEADERS_TOO_LARGE, "the request headers are larger than durak.http.max-header-size"),
            entry(FRAME_TOO_LARGE, "a WebSocket frame larger than durak.websocket.max-frame-size"),
            entry(INTERNAL_ERROR, "a bug: logged, and answered without details"));

    private ErrorCodes() {
    }

    /** What {@code code} means, in a few words for people (an API document's error answers); null for no such code. */
    public static String describe(String code) {
        return DESCRIPTIONS.get(code);
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
