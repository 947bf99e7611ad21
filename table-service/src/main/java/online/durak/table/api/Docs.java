package online.durak.table.api;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Shapes for the OpenAPI document only: the service writes its JSON with {@link TableViews} and the shared
 * {@code Codec}; these records describe it. Settings, moves, events and seat views are defined once in
 * durak-messages' {@code schema/messages.schema.json} and appear here as objects that point there.
 */
public final class Docs {
    private Docs() {
    }

    @Schema(name = "Error", description = "Every error: a stable code and a message for people; 4xx (or 504 when "
            + "the rules service did not answer).")
    public record Error(@Schema(examples = "NO_SUCH_TABLE") String code,
                        @Schema(examples = "there is no table abc") String message) {
    }

    @Schema(name = "GuestRequest")
    public record GuestRequest(@Schema(required = true, description = "display name, 1 to 32 characters") String name) {
    }

    @Schema(name = "Guest", description = "A signed-in guest; send the token as Authorization: Bearer <token>.")
    public record Guest(String playerId, String name, String token) {
    }

    @Schema(name = "Me")
    public record Me(String playerId, String name) {
    }

    @Schema(name = "Settings", type = SchemaType.OBJECT, description = "Table settings by their rules.md §1 names "
            + "(messages.schema.json#/$defs/Rules): variant, deck, players (required), teams, throwIn, "
            + "firstBoutLimit, showTrumpToTransfer, discardVisible, dealsPerMatch, turnClock, stake; a missing "
            + "one takes its default. A bad one is 400 INVALID_SETTING naming it.")
    public record Settings() {
    }

    @Schema(name = "CreateTableRequest")
    public record CreateTableRequest(@Schema(required = true) Settings settings,
                                     @Schema(description = "optional, 1 to 64 of [A-Za-z0-9._~-]: makes a retry safe (the same commandId "
                                      + "again answers the same table instead of making another)") String commandId) {
    }

    @Schema(name = "BotLevel", description = "rules.md §1 botLevel")
    public enum BotLevel { EASY, NORMAL, STRONG }

    @Schema(name = "SoloRequest", description = "A solo game: the caller in seat 0, bots in the other seats, started "
            + "at once, without clock and stake.")
    public record SoloRequest(@Schema(description = "as for a table (players may be left out when bots is a list); "
            + "turnClock and stake must be left out, null or 0") Settings settings,
                              @Schema(description = "\"EASY\", \"NORMAL\" or \"STRONG\" for every bot seat, or a list "
                                      + "with one level per seat 1, 2, ... (default: NORMAL for all)",
                                      oneOf = {BotLevel.class, BotLevel[].class},
                                      examples = "[\"EASY\",\"STRONG\"]") Object bots,
                              @Schema(description = "optional, 1 to 64 of [A-Za-z0-9._~-]: makes a retry safe (the same commandId "
                                      + "again answers the same table instead of making another)") String commandId) {
    }

    @Schema(name = "HintCandidate", description = "A move the strong bot weighed, as its search judged it.")
    public record HintCandidate(Move move,
                                @Schema(description = "how often this move led to not being the durak (0..1)") Double notDurakRate,
                                @Schema(description = "cards left in hand, on average, when it ended as the durak") Double meanCardsLeftWhenDurak,
                                @Schema(description = "how many deals the search played out (determinized samples)") Integer samples,
                                @Schema(description = "true when the position was searched exactly (open information)") Boolean exact) {
    }

    @Schema(name = "HintAnswer", description = "The strong bot's suggestion for my seat (rules.md §8).")
    public record HintAnswer(String tableId, String commandId,
                             @Schema(description = "the seq of the HintTaken event") long seq, int seat,
                             @Schema(description = "a legal move of mine now") Move move,
                             @Schema(description = "why, for people") String reason,
                             @Schema(description = "the moves weighed, best first") List<HintCandidate> candidates,
                             @Schema(description = "how many hints I have taken at this table, this one included") int hints) {
    }

    @Schema(name = "JoinRequest", description = "The body may be left out: the first free seat is taken.")
    public record JoinRequest(@Schema(description = "the seat wanted; null: the first free one") Integer seat,
                              String commandId) {
    }

    @Schema(name = "BotRequest")
    public record BotRequest(@Schema(required = true) int seat,
                             @Schema(required = true, enumeration = {"EASY", "NORMAL", "STRONG"}) String level,
                             String commandId) {
    }

    @Schema(name = "CommandRequest", description = "The body may be left out.")
    public record CommandRequest(@Schema(description = "optional id for a retry") String commandId) {
    }

    @Schema(name = "Move", type = SchemaType.OBJECT, description = "A move as conformance/FORMAT.md writes it "
            + "(messages.schema.json#/$defs/Move): {\"type\":\"attack\",\"cards\":[\"6H\"]}, "
            + "{\"type\":\"cover\",\"attack\":\"6H\",\"card\":\"7H\"}, {\"type\":\"transfer\",\"card\":\"6S\"} or "
            + "{\"type\":\"transfer\",\"showTrump\":\"6S\"}, {\"type\":\"take\"}, {\"type\":\"throw\",\"cards\":[...]}, "
            + "{\"type\":\"pass\"}. A move that cannot be read is 400 INVALID_MOVE naming the field.")
    public record Move() {
    }

    @Schema(name = "MoveRequest")
    public record MoveRequest(@Schema(required = true, description = "chosen by the client, 1 to 64 of "
            + "[A-Za-z0-9._~-]; scoped to the player: repeating it gets the first answer again") String commandId,
                              @Schema(required = true) Move move) {
    }

    @Schema(name = "Seat")
    public record Seat(int seat, boolean free, String playerId, String name,
                       @Schema(description = "a person sits here (not a bot, not free)") boolean human,
                       @Schema(description = "the bot's level, null for a human or a free seat",
                               enumeration = {"EASY", "NORMAL", "STRONG"}) String bot) {
    }

    @Schema(name = "TableSummary")
    public record TableSummary(String tableId, @Schema(enumeration = {"OPEN", "PLAYING", "FINISHED", "CLOSED"}) String status,
                               Settings settings, String createdBy, String createdAt,
                               @Schema(description = "the last event seq this summary includes") long seq,
                               List<Seat> seats, int freeSeats) {
    }

    @Schema(name = "SeatView", type = SchemaType.OBJECT, description = "What one seat may know of the running or "
            + "last deal (rules.md §8; messages.schema.json#/$defs/SeatView): own hand, others' hand sizes and known "
            + "cards, table, trump, stock and discard counts, roles, round, legal moves, points once over.")
    public record SeatView() {
    }

    @Schema(name = "TableInView")
    public record TableInView(String status, Settings settings, List<Seat> seats, int freeSeats, String createdBy,
                              @Schema(description = "one person against bots: hints are given, there is no clock") boolean solo) {
    }

    @Schema(name = "MatchInView")
    public record MatchInView(int dealNumber, int dealsPerMatch, boolean dealRunning,
                              @Schema(description = "a deal has ended and the next waits for continue") boolean onBoard,
                              List<Integer> continued, List<Integer> totals,
                              @Schema(description = "null until the match is over; 1 = best, ties share") List<Integer> places,
                              @Schema(description = "hints taken, by seat") List<Integer> hints) {
    }

    @Schema(name = "Clock", description = "The turn clock (rules.md §8), derived from the table's events.")
    public record Clock(@Schema(description = "the seat whose decision is timed; -1: the board, waiting for continue "
            + "(the next deal is dealt when it runs out)") int seat,
                        @Schema(description = "when the turn clock runs out (ISO-8601)") String turnEnds,
                        @Schema(description = "when the grace after it runs out; null until the turn clock has") String graceEnds,
                        @Schema(description = "the grace has run out too: the computer now plays this move for the seat")
                        boolean computerMoves) {
    }

    @Schema(name = "TableView", description = "My seat's view of the table after event seq.")
    public record TableView(String tableId, long seq, int seat, TableInView table,
                            @Schema(description = "null before the match starts") MatchInView match,
                            @Schema(description = "null before the first deal") SeatView deal,
                            @Schema(description = "null when nothing is timed: no clock at this table (solo tables "
                                    + "never have one), a bot to act, the table not playing") Clock clock) {
    }

    @Schema(name = "CommandAccepted")
    public record CommandAccepted(String commandId, boolean accepted,
                                  @Schema(description = "the table's last seq after the command") long seq,
                                  @Schema(description = "the caller's view at seq or later") TableView view) {
    }

    @Schema(name = "SeatEvent", type = SchemaType.OBJECT, description = "An event as my seat may see it "
            + "(messages.schema.json#/$defs/SeatEventMessage): {tableId, seq, type, at, commandId, event}; "
            + "DealStarted without its deck order (my dealt cards and the trump card instead), another seat's "
            + "CardsDrawn as a count. Time and help are events too: TimedOut {seat, graceEnds}, GraceRanOut {seat}, "
            + "PlayedByComputer {seat} (the move events after it were played by the computer for that seat), "
            + "BoardTimedOut {} and HintTaken {seat}. A table closed before its match started: TableClosed {reason: "
            + "EMPTY (its last person left) or EXPIRED (not started within the lobby's time, 30 min by default)}.")
    public record SeatEvent() {
    }

    @Schema(name = "EventsPage")
    public record EventsPage(String tableId, @Schema(description = "the table's last seq") long seq, int seat,
                             @Schema(description = "every event after since, each seq once, in order") List<SeatEvent> events) {
    }

    @Schema(name = "BoardRow")
    public record BoardRow(int seat, String name, int place, int points,
                           @Schema(examples = "1 + 2 players out after you = 3") String calculation) {
    }

    @Schema(name = "DealBoard")
    public record DealBoard(int deal, @Schema(description = "null after a draw") Integer durak, String durakName,
                            @Schema(description = "the cards the durak kept") List<String> durakCards,
                            List<BoardRow> rows, @Schema(description = "totals after this deal") List<Integer> totals) {
    }

    @Schema(name = "MatchResult")
    public record MatchResult(boolean over, List<Integer> totals, List<Integer> places, List<Integer> winners,
                              @Schema(description = "hints taken, by seat (rules.md §8)") List<Integer> hints) {
    }

    @Schema(name = "Board")
    public record Board(String tableId, long seq, String status, int dealsPerMatch, List<Seat> seats,
                        List<DealBoard> deals, List<Integer> totals,
                        @Schema(description = "hints taken, by seat (rules.md §8)") List<Integer> hints,
                        boolean onBoard, List<Integer> continued,
                        @Schema(description = "null until the match is over") MatchResult match) {
    }

    @Schema(name = "ReplayStep")
    public record ReplayStep(long seq, @Schema(description = "the event with every card") SeatEvent event,
                             @Schema(description = "the open view after it: hands of every seat") SeatView view) {
    }

    @Schema(name = "Replay")
    public record Replay(String tableId, int deal, List<ReplayStep> steps) {
    }
}
