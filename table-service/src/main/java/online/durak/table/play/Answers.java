package online.durak.table.play;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.CardSet;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.ShuffleProof;
import online.durak.messages.SeatEventMessage;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a client is shown of a table, over REST and WebSocket alike, as Jackson writes it (the engine's types inside in
 * their wire form, durak-messages' {@code Wire.module()}) and as /q/openapi describes it; {@link TableViews} makes
 * them from a projection's snapshot. The engine's types are described once, in {@link Schemas}, and referred to here.
 */
public final class Answers {
    private Answers() {
    }

    @Schema(name = "Seat")
    public record Seat(@Schema(examples = "1") int seat, boolean free,
                       @Schema(description = "null for a free seat", examples = "guest-2b0c6f1e") String playerId,
                       @Schema(examples = "Anna") String name,
                       @Schema(description = "a person sits here (not a bot, not free)") boolean human,
                       @Schema(description = "the bot's level, null for a person or a free seat",
                               enumeration = {"EASY", "NORMAL", "STRONG"}, type = SchemaType.STRING) BotLevel bot) {
    }

    @Schema(name = "TableSummary")
    public record TableSummary(@Schema(examples = "3f8a6c52-8f0e-3c33-a0f2-0d6b8a4e9d10") String tableId,
                               @Schema(enumeration = {"OPEN", "PLAYING", "FINISHED", "CLOSED"}) String status,
                               @Schema(implementation = Schemas.Settings.class) Rules settings,
                               @Schema(examples = "guest-2b0c6f1e") String createdBy,
                               @Schema(implementation = String.class, format = "date-time",
                                       examples = "2026-12-01T16:00:00Z") Instant createdAt,
                               @Schema(description = "the last event seq this summary includes", examples = "3") long seq,
                               List<Seat> seats, @Schema(examples = "1") int freeSeats) {
    }

    @Schema(name = "LobbyTable", description = "A table as the lobby lists it: an open table waiting for players, or "
            + "a running one that may be watched (watchable=true). It changes when a seat is taken or freed, the table "
            + "starts or closes: never with a move.")
    public record LobbyTable(@Schema(examples = "3f8a6c52-8f0e-3c33-a0f2-0d6b8a4e9d10") String tableId,
                             @Schema(enumeration = {"OPEN", "PLAYING"}) String status,
                             @Schema(implementation = Schemas.Settings.class) Rules settings,
                             @Schema(examples = "guest-2b0c6f1e") String createdBy,
                             @Schema(implementation = String.class, format = "date-time",
                                     examples = "2026-12-01T16:00:00Z") Instant createdAt,
                             List<Seat> seats, @Schema(examples = "1") int freeSeats) {
    }

    @Schema(name = "LobbyPage", description = "One page of the lobby, in its order: newest first.")
    public record LobbyPage(List<LobbyTable> tables,
                            @Schema(description = "the token of the next page (GET with after=next and the same "
                                    + "filter), null on the last page") String next) {
    }

    @Schema(name = "MyTable", description = "A table where I sit whose match is not over: waiting for players, or "
            + "running (between deals on the board too).")
    public record MyTable(String tableId, @Schema(enumeration = {"OPEN", "PLAYING"}) String status,
                          @Schema(implementation = Schemas.Settings.class) Rules settings,
                          @Schema(examples = "0") int seat, List<Seat> seats,
                          @Schema(description = "null before the match starts") Integer dealNumber,
                          @Schema(description = "it is my decision now (a move, or continue on the board)")
                          boolean myTurn) {
    }

    @Schema(name = "TableInView")
    public record TableInView(@Schema(enumeration = {"OPEN", "PLAYING", "FINISHED", "CLOSED"}) String status,
                              @Schema(implementation = Schemas.Settings.class) Rules settings, List<Seat> seats, int freeSeats,
                              String createdBy,
                              @Schema(description = "one person against bots: hints are given, there is no clock") boolean solo,
                              @Schema(description = "the people who left the running match, in the order they left")
                              List<Leaver> left,
                              @Schema(description = "people watching the table now (without a seat)", examples = "3")
                              int spectators) {
    }

    @Schema(name = "Leaver", description = "a person who left the running match (rules.md §7)")
    public record Leaver(int seat, String playerId, String name,
                         @Schema(description = "the level of the bot that plays the seat for the rest of the match; "
                                 + "null when the leave ended the match (nobody else played)") BotLevel replacedBy,
                         @Schema(description = "deals finished before the leave: the ones that count") int deals,
                         @Schema(description = "once the match is over: the person's leaderboard points (the finished "
                                 + "deals, no place bonus, −10 when a bot took the seat); null before") Integer leaderboardPoints) {
    }

    @Schema(name = "MatchInView")
    public record MatchInView(@Schema(examples = "1") int dealNumber, @Schema(examples = "1") int dealsPerMatch,
                              boolean dealRunning,
                              @Schema(description = "a deal has ended and the next waits for continue") boolean onBoard,
                              @Schema(description = "the seats that pressed continue") List<Integer> continued,
                              @Schema(examples = "[0, 0]") List<Integer> totals,
                              @Schema(description = "null until the match is over; 1 = best, ties share") List<Integer> places,
                              @Schema(description = "hints taken, by seat", examples = "[0, 0]") List<Integer> hints) {
    }

    @Schema(name = "Clock", description = "The turn clock (rules.md §8), derived from the table's events.")
    public record Clock(@Schema(description = "the seat whose decision is timed; -1: the board, waiting for continue "
            + "(the next deal is dealt when it runs out)", examples = "0") int seat,
                        @Schema(description = "when the turn clock runs out", implementation = String.class,
                                format = "date-time", examples = "2026-12-01T16:01:00Z") Instant turnEnds,
                        @Schema(description = "when the grace after it runs out; null until the turn clock has",
                                implementation = String.class, format = "date-time") Instant graceEnds,
                        @Schema(description = "the grace has run out too: the computer now plays this move for the seat")
                        boolean computerMoves) {
    }

    @Schema(name = "TableView", description = "My seat's view of the table after event seq; a spectator's (seat -1): "
            + "the public view of the deal (no hand, no legal moves).")
    public record TableView(String tableId, @Schema(examples = "12") long seq,
                            @Schema(description = "my seat; -1 for a spectator", examples = "0") int seat,
                            TableInView table,
                            @Schema(description = "null before the match starts") MatchInView match,
                            @Schema(implementation = Schemas.SeatView.class) SeatView deal,
                            @Schema(description = "null when nothing is timed: no clock at this table (solo tables "
                                    + "never have one), a bot to act, the table not playing") Clock clock) {
    }

    @Schema(name = "BoardRow")
    public record BoardRow(int seat, String name, @Schema(examples = "1") int place, @Schema(examples = "3") int points,
                           @Schema(examples = "1 + 2 players out after you = 3") String calculation) {
    }

    @Schema(name = "DealBoard")
    public record DealBoard(@Schema(examples = "1") int deal, @Schema(description = "null after a draw") Integer durak,
                            String durakName,
                            @Schema(description = "the cards the durak kept", type = SchemaType.ARRAY,
                                    implementation = String.class, examples = "[\"6H\", \"QS\"]") CardSet durakCards,
                            List<BoardRow> rows,
                            @Schema(description = "totals after this deal", examples = "[3, 0]") List<Integer> totals) {
    }

    @Schema(name = "MatchResult")
    public record MatchResult(boolean over, List<Integer> totals, List<Integer> places,
                              @Schema(examples = "[0]") List<Integer> winners,
                              @Schema(description = "hints taken, by seat (rules.md §8)") List<Integer> hints,
                              @Schema(description = "leaderboard points of the match by seat (rules.md §7, the same "
                                      + "function as the leaderboard's); null for a bot seat", examples = "[36, null]")
                              List<Integer> leaderboardPoints,
                              @Schema(description = "the people who left the match before its end, with their "
                                      + "leaderboard points") List<Leaver> left) {
    }

    @Schema(name = "Board")
    public record Board(String tableId, long seq,
                        @Schema(enumeration = {"OPEN", "PLAYING", "FINISHED", "CLOSED"}) String status,
                        int dealsPerMatch, List<Seat> seats, List<DealBoard> deals, List<Integer> totals,
                        @Schema(description = "hints taken, by seat (rules.md §8)") List<Integer> hints,
                        boolean onBoard, List<Integer> continued,
                        @Schema(description = "null until the match is over") MatchResult match,
                        @Schema(description = "once someone pressed \"Again\" on the final board: the new table") Again again,
                        @Schema(description = "a daily game's table only (docs/daily.md), else null") DailyBoard daily) {
    }

    @Schema(name = "DailyBoard", description = "the daily game this table plays and its daily points so far "
            + "(rules.md §7, the same function as the daily list's)")
    public record DailyBoard(@Schema(examples = "2026-12-01") String date,
                             @Schema(description = "a later attempt of the day: does not enter the daily list") boolean practice,
                             @Schema(description = "daily points of the finished deals, by seat", examples = "[54, 22, 0]")
                             List<Integer> points) {
    }

    @Schema(name = "Again", description = "the table that \"Again\" opened after this match (POST /{id}/again)")
    public record Again(String tableId,
                        @Schema(enumeration = {"OPEN", "PLAYING", "FINISHED", "CLOSED"}) String status,
                        @Schema(description = "the seats whose person pressed (sits at the new table)") List<Integer> pressed) {
    }

    @Schema(name = "ReplayStep")
    public record ReplayStep(long seq, @Schema(description = "the event with every card", implementation = Schemas.SeatEvent.class)
                             SeatEventMessage event,
                             @Schema(description = "the open view after it: hands of every seat", implementation = Schemas.SeatView.class)
                             SeatView view) {
    }

    @Schema(name = "Replay")
    public record Replay(String tableId, @Schema(examples = "1") int deal,
                         @Schema(implementation = Schemas.Settings.class) Rules settings,
                         @Schema(implementation = Schemas.ShuffleProof.class) ShuffleProof shuffleProof,
                         List<ReplayStep> steps) {
    }

    @Schema(name = "RecordReplay", description = "A match's record read and replayed through the engine "
            + "(docs/record-format.md): the table as the record leaves it, and every deal of it as a replay.")
    public record RecordReplay(@Schema(description = "the record's Table tag") String tableId,
                               @Schema(implementation = Schemas.Settings.class) Rules settings,
                               @Schema(description = "the seats as the record leaves them") List<Seat> seats,
                               @Schema(description = "the match's totals by seat; null when it did not end")
                               List<Integer> totals,
                               @Schema(description = "the places by seat (1 = best); null when it did not end")
                               List<Integer> places,
                               @Schema(description = "every deal that ended, as GET /api/tables/{id}/replay?deal=N "
                                       + "answers it") List<Replay> deals) {
    }

    @Schema(name = "HintCandidate", description = "A move the strong bot weighed, as its search judged it.")
    public record HintCandidate(@Schema(implementation = Schemas.Move.class) Move move,
                                @Schema(description = "how often this move led to not being the durak (0..1)") Double notDurakRate,
                                @Schema(description = "cards left in hand, on average, when it ended as the durak") Double meanCardsLeftWhenDurak,
                                @Schema(description = "how many deals the search played out (determinized samples)") Integer samples,
                                @Schema(description = "true when the position was searched exactly (open information)") Boolean exact) {
    }

    @Schema(name = "HintReasons", description = "A hint's reason in the client's languages.")
    public record HintReasons(@Schema(description = "English") String en, @Schema(description = "German") String de) {
    }

    @Schema(name = "HintAnswer", description = "The strong bot's suggestion for my seat (rules.md §8).")
    public record HintAnswer(String tableId, String commandId,
                             @Schema(description = "the seq of the HintTaken event") long seq, int seat,
                             @Schema(description = "a legal move of mine now", implementation = Schemas.Move.class) Move move,
                             @Schema(description = "why, for people, in English", examples = "the 6♥ is your lowest card") String reason,
                             @Schema(description = "why, in each of the client's languages") HintReasons reasons,
                             @Schema(description = "false when the best moves are within the search's sampling error "
                                     + "of each other (the reason says they are about equal)") boolean clear,
                             @Schema(description = "the moves weighed, best first (as the bot service gave them)",
                                     type = SchemaType.ARRAY, implementation = HintCandidate.class) JsonNode candidates,
                             @Schema(description = "how many hints I have taken at this table, this one included") int hints) {
    }
}
