package online.durak.table.play;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * How /q/openapi describes the engine's types inside this service's bodies ({@code @Schema(implementation = ...)} on
 * a record component of that type): they are written by durak-messages' Wire module, whose forms conformance/FORMAT.md
 * and messages.schema.json define; these shapes only name and exemplify them.
 */
public final class Schemas {
    private Schemas() {
    }

    @Schema(name = "Settings", type = SchemaType.OBJECT, description = "Table settings by their rules.md §1 names "
            + "(messages.schema.json#/$defs/Rules): variant, deck, players, teams, throwIn, firstBoutLimit, "
            + "showTrumpToTransfer, discardVisible, dealsPerMatch, turnClock, stake; and spectators, a setting of the "
            + "service (people without a seat may watch the running table; default true, false with a stake, never true "
            + "with one). In a request every one but players may be left out (its default); in an answer all are "
            + "there. A bad one is 400 INVALID_SETTING naming it.",
            examples = "{\"variant\":\"PODKIDNOI\",\"deck\":36,\"players\":2,\"teams\":false,\"throwIn\":\"ALL\","
                    + "\"firstBoutLimit\":\"FIRST_BOUT\",\"showTrumpToTransfer\":false,\"discardVisible\":false,\"dealsPerMatch\":1,"
                    + "\"turnClock\":60,\"stake\":0,\"spectators\":true}")
    public record Settings() {
    }

    @Schema(name = "Move", type = SchemaType.OBJECT, description = "A move as conformance/FORMAT.md writes it "
            + "(messages.schema.json#/$defs/Move): {\"type\":\"attack\",\"cards\":[\"6H\"]}, "
            + "{\"type\":\"cover\",\"attack\":\"6H\",\"card\":\"7H\"}, {\"type\":\"transfer\",\"card\":\"6S\"} or "
            + "{\"type\":\"transfer\",\"showTrump\":\"6S\"}, {\"type\":\"take\"}, {\"type\":\"throw\",\"cards\":[...]}, "
            + "{\"type\":\"pass\"}. A move that cannot be read is 400 INVALID_MOVE naming the field.",
            examples = "{\"type\":\"cover\",\"attack\":\"6H\",\"card\":\"7H\"}")
    public record Move() {
    }

    @Schema(name = "SeatView", type = SchemaType.OBJECT, description = "What one seat may know of the running or "
            + "last deal (rules.md §8; messages.schema.json#/$defs/SeatView): own hand, others' hand sizes and known "
            + "cards, table, trump, stock and discard counts, roles, round, legal moves, points once over, and "
            + "shuffleCommitment: the seal of the deal's shuffle, the same for every seat (docs/fairness.md; absent for "
            + "a deal dealt before shuffles were sealed). In a replay the open view: every hand. A spectator's public "
            + "view (seat null): no hand and no legal moves, the rest as every seat sees it. Null before the first "
            + "deal.")
    public record SeatView() {
    }

    @Schema(name = "ShuffleProof", nullable = true, description = "A finished deal's seal opened (docs/fairness.md; "
            + "messages.schema.json#/$defs/ShuffleProof): commitment is the lowercase hex SHA-256 of the UTF-8 text "
            + "salt + \":\" + the deck order's cards joined by commas, first card dealt first; the commitment every "
            + "seat saw when the deal started. Null for a deal dealt before shuffles were sealed.")
    public record ShuffleProof(
            @Schema(pattern = "^[0-9a-f]{64}$", description = "the lowercase hex SHA-256 of salt:deck order")
            String commitment,
            @Schema(pattern = "^[0-9a-f]{64}$", description = "32 random bytes in lowercase hex, drawn with the "
                    + "shuffle") String salt,
            @Schema(description = "the deck order, first card dealt first", examples = "[\"6S\", \"KD\", \"10H\"]")
            java.util.List<String> deckOrder) {
    }

    @Schema(name = "SeatEvent", type = SchemaType.OBJECT, description = "An event as my seat may see it "
            + "(messages.schema.json#/$defs/SeatEventMessage): {tableId, seq, type, at, commandId, event}; "
            + "DealStarted without its deck order (my dealt cards and the trump card instead), another seat's "
            + "CardsDrawn as a count. Time and help are events too: TimedOut {seat, graceEnds}, GraceRanOut {seat}, "
            + "PlayedByComputer {seat} (the move events after it were played by the computer for that seat), "
            + "BoardTimedOut {} and HintTaken {seat}. A table closed before its match started: TableClosed {reason: "
            + "EMPTY (its last person left) or EXPIRED (not started within the lobby's time, 30 min by default)}.",
            examples = "{\"tableId\":\"t1\",\"seq\":7,\"type\":\"Attacked\",\"at\":\"2026-12-01T16:00:05Z\","
                    + "\"commandId\":\"guest-1:m-3\",\"event\":{\"type\":\"Attacked\",\"seat\":0,\"cards\":[\"6H\"]}}")
    public record SeatEvent() {
    }
}
