package online.durak.engine;

import java.util.List;

/**
 * What happened at a table. {@link #type()} is the stable name stored in the event log; it never
 * changes when Java classes are renamed. {@code evolve} only moves data; every decision (who is out,
 * who attacks next, the points) is made by {@code decide} and written into the events.
 */
public sealed interface Event {

    String type();

    /**
     * An event inside a running deal, after its {@link DealStarted}: what {@link DealDecider#evolve} folds. Every
     * other event (the table's seats, clocks, hints, the match around the deals) is not one, so a fold of a deal
     * passes over it by its type; an event added later decides here, once, whether it concerns the deal.
     */
    sealed interface DealEvent extends Event {
    }

    /** A match began with these settings; seat numbers are the engine's 0..players-1. */
    record MatchStarted(Rules rules) implements Event {
        public String type() {
            return "MatchStarted";
        }
    }

    /**
     * A deal was dealt from {@code deckOrder} (top card first): 6 cards each, one at a time, starting left
     * of the dealer; then the trump card. {@code redeals} counts shuffles thrown away because nobody held a
     * trump. {@code shownTrump} is the lowest trump the first attacker showed, or null. {@code salt} seals the deck
     * order ({@link ShuffleProof}); null for a deal dealt without one (events older than the seal).
     */
    record DealStarted(int deal, int dealer, List<Card> deckOrder, int redeals, int attacker, Card shownTrump,
                       String salt) implements Event {
        public DealStarted {
            if (salt != null && !ShuffleProof.isSalt(salt)) {
                throw new IllegalArgumentException("a salt is 64 lowercase hex digits");
            }
        }

        /** A deal without a seal. */
        public DealStarted(int deal, int dealer, List<Card> deckOrder, int redeals, int attacker, Card shownTrump) {
            this(deal, dealer, deckOrder, redeals, attacker, shownTrump, null);
        }

        public String type() {
            return "DealStarted";
        }
    }

    /** Attack cards in the order they were laid on the table. */
    record Attacked(int seat, List<Card> cards) implements DealEvent {
        public Attacked {
            cards = List.copyOf(cards);
        }

        public Attacked(int seat, CardSet cards) {
            this(seat, cards.cards());
        }

        public String type() {
            return "Attacked";
        }

        public CardSet cardSet() {
            return CardSet.of(cards);
        }
    }

    record Covered(int seat, Card attack, Card card) implements DealEvent {
        public String type() {
            return "Covered";
        }
    }

    record Transferred(int seat, Card card) implements DealEvent {
        public String type() {
            return "Transferred";
        }
    }

    record TrumpShown(int seat, Card trump) implements DealEvent {
        public String type() {
            return "TrumpShown";
        }
    }

    record Took(int seat) implements DealEvent {
        public String type() {
            return "Took";
        }
    }

    /** Thrown-in cards in the order they were laid on the table. */
    record Threw(int seat, List<Card> cards) implements DealEvent {
        public Threw {
            cards = List.copyOf(cards);
        }

        public Threw(int seat, CardSet cards) {
            this(seat, cards.cards());
        }

        public String type() {
            return "Threw";
        }

        public CardSet cardSet() {
            return CardSet.of(cards);
        }
    }

    record Passed(int seat) implements DealEvent {
        public String type() {
            return "Passed";
        }
    }

    /** The bout ended: {@code taken} false is bito (table to the discard), true is the defender picking up. */
    record BoutEnded(boolean taken, int defender, CardSet cards) implements DealEvent {
        public String type() {
            return "BoutEnded";
        }
    }

    /** A seat drew from the stock; the cards are that seat's secret (views show only the count). */
    record CardsDrawn(int seat, CardSet cards) implements DealEvent {
        public String type() {
            return "CardsDrawn";
        }
    }

    /** Seats that went out at the end of the same bout; they share a place. */
    record PlayersOut(List<Integer> seats) implements DealEvent {
        public String type() {
            return "PlayersOut";
        }
    }

    /** The next bout's roles: {@code attacker} attacks {@code defender} (rotation seats). */
    record BoutReady(int attacker, int defender) implements DealEvent {
        public String type() {
            return "BoutReady";
        }
    }

    /** The deal is over: {@code durak} is the loser's seat (a seat of the losing team), or -1 for a draw. */
    record DealEnded(int durak, List<Integer> points, CardSet durakCards) implements DealEvent {
        public String type() {
            return "DealEnded";
        }
    }

    /** The match is over after its last deal: total points and places (1 = best, ties share). */
    record MatchEnded(List<Integer> totals, List<Integer> places) implements Event {
        public String type() {
            return "MatchEnded";
        }
    }

    // ---- the table around the match (rules.md §6) ----

    /**
     * A table was opened with these settings by a player; {@code tempo} is a solo table's think time for its bots
     * (null: the bot service's own), no rule of the game.
     */
    record TableCreated(Rules rules, String createdBy, online.durak.engine.table.Tempo tempo) implements Event {
        public TableCreated(Rules rules, String createdBy) {
            this(rules, createdBy, null);
        }

        public String type() {
            return "TableCreated";
        }
    }

    /** A seat was taken by a human ({@code bot} null) or given to a bot of a level. */
    record SeatTaken(int seat, String playerId, String name, BotLevel bot) implements Event {
        public String type() {
            return "SeatTaken";
        }
    }

    /** A player left a seat before the match started. */
    record SeatLeft(int seat, String playerId) implements Event {
        public String type() {
            return "SeatLeft";
        }
    }

    /**
     * A person left the running match (rules.md §7). With other people at the table, a bot of level {@code bot} takes
     * the seat for the rest of the match (its id {@code bot-<seat>}, as every bot seat's); the person's leaderboard
     * points are the deals finished before the leave, without a place bonus, and −10. Alone against bots ({@code bot}
     * null) the leave ends the match: a {@link MatchEnded} follows.
     */
    record MatchLeft(int seat, String playerId, BotLevel bot) implements Event {
        public String type() {
            return "MatchLeft";
        }
    }

    /**
     * The table was closed before its match started, and leaves the lobby: {@value #EMPTY} when its last person left
     * it, {@value #EXPIRED} when it waited longer than the service allows without starting.
     */
    record TableClosed(String reason) implements Event {
        public static final String EMPTY = "EMPTY";
        public static final String EXPIRED = "EXPIRED";

        public String type() {
            return "TableClosed";
        }
    }

    /** A seat pressed continue on the board after a deal. */
    record ContinuePressed(int seat) implements Event {
        public String type() {
            return "ContinuePressed";
        }
    }

    // ---- time, the computer and help (rules.md §8) ----

    /** The turn clock of {@code seat} ran out; the computer plays for it when the grace ends at {@code graceEnds}. */
    record TimedOut(int seat, java.time.Instant graceEnds) implements Event {
        public String type() {
            return "TimedOut";
        }
    }

    /** The grace of {@code seat} ran out too: the computer now plays that one move for it. */
    record GraceRanOut(int seat) implements Event {
        public String type() {
            return "GraceRanOut";
        }
    }

    /** The move whose events follow was played by the computer for {@code seat}. */
    record PlayedByComputer(int seat) implements Event {
        public String type() {
            return "PlayedByComputer";
        }
    }

    /** {@code seat} took a hint from the strong bot (solo tables only); counted on the final board. */
    record HintTaken(int seat) implements Event {
        public String type() {
            return "HintTaken";
        }
    }

    /** The board's clock ran out before every human pressed continue: the next deal is dealt anyway. */
    record BoardTimedOut() implements Event {
        public String type() {
            return "BoardTimedOut";
        }
    }
}
