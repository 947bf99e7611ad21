package online.durak.engine;

import java.util.List;

/** A player's decision; the engine decides whether it is legal for the seat that sends it. */
public sealed interface Move {

    /** The stable name of the move type, as in docs/conformance.md and the API. */
    String type();

    /**
     * Open a bout with one card or several cards of one rank, laid on the table in the listed order. Two
     * attacks with the same cards are the same move, whatever their order.
     */
    record Attack(List<Card> cards) implements Move {
        public Attack {
            cards = List.copyOf(cards);
        }

        public Attack(CardSet cards) {
            this(cards.cards());
        }

        public String type() {
            return "attack";
        }

        public CardSet cardSet() {
            return CardSet.of(cards);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Attack a && a.cards.size() == cards.size() && a.cardSet().equals(cardSet());
        }

        @Override
        public int hashCode() {
            return cardSet().hashCode();
        }
    }

    /** Beat the uncovered attack card {@code attack} with {@code card}. */
    record Cover(Card attack, Card card) implements Move {
        public String type() {
            return "cover";
        }
    }

    /** Perevodnoi: add a card of the attack's rank and pass the attack on. */
    record Transfer(Card card) implements Move {
        public String type() {
            return "transfer";
        }
    }

    /** Perevodnoi with {@code showTrumpToTransfer}: show the trump of the attack's rank, keep it, pass on. */
    record ShowTrump(Card trump) implements Move {
        public String type() {
            return "transfer";
        }
    }

    /** The defender gives up and will pick up the table. */
    record Take() implements Move {
        public String type() {
            return "take";
        }
    }

    /**
     * Add cards whose ranks lie on the table, in the throw-in round or after a take, in the listed order.
     * Two throws with the same cards are the same move, whatever their order.
     */
    record Throw(List<Card> cards) implements Move {
        public Throw {
            cards = List.copyOf(cards);
        }

        public Throw(CardSet cards) {
            this(cards.cards());
        }

        public String type() {
            return "throw";
        }

        public CardSet cardSet() {
            return CardSet.of(cards);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Throw t && t.cards.size() == cards.size() && t.cardSet().equals(cardSet());
        }

        @Override
        public int hashCode() {
            return cardSet().hashCode();
        }
    }

    /** Add nothing in one's turn of the round (after a take: "done"). */
    record Pass() implements Move {
        public String type() {
            return "pass";
        }
    }

    Take TAKE = new Take();
    Pass PASS = new Pass();
}
