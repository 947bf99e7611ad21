package online.durak.engine;

import java.util.List;

/**
 * A position set up by hand: the deal as it stands before the next bout opens (docs/conformance.md
 * {@code setup}). Cards of the deck in no hand and not in the stock are out of play.
 *
 * @param stock top card first; its last card is the face-up trump card
 * @param known cards every player knows to be in a hand, one set per seat
 */
public record Position(Suit trump, List<CardSet> hands, List<Card> stock, int discardCount, int boutsPlayed,
                       int attacker, List<Integer> out, List<CardSet> known) {
    public Position {
        hands = List.copyOf(hands);
        stock = List.copyOf(stock);
        out = List.copyOf(out);
        known = List.copyOf(known);
    }
}
