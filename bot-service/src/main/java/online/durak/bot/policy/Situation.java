package online.durak.bot.policy;

import java.util.List;
import online.durak.engine.Card;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Move;
import online.durak.engine.Phase;
import online.durak.engine.SeatView;

/**
 * The little a heuristic policy reads: built from a {@link SeatView}, or cheaply from a {@link DealState}
 * inside a search (playouts), where only the acting seat's own cards are read.
 */
record Situation(int seat, Phase phase, int trump, long hand, List<Card[]> table, int stockCount,
                 List<Move> legal, int defenderHand, int players) {

    static Situation of(SeatView v) {
        long hand = 0;
        for (Card c : v.hands().get(v.seat())) {
            hand |= c.bit();
        }
        int active = v.handSizes().size() - v.out().size();
        return new Situation(v.seat(), v.phase(), v.trump().ordinal(), hand, v.table(), v.stockCount(),
                v.legalMoves(), v.defender() >= 0 ? v.handSizes().get(v.defender()) : 0, active);
    }

    static Situation of(DealState s, int seat) {
        int active = 0;
        for (int i = 0; i < s.players(); i++) {
            if (!s.isOut(i)) {
                active++;
            }
        }
        return new Situation(seat, s.phase(), s.trump().ordinal(), s.hand(seat).bits(), s.table(), s.stockCount(),
                DealDecider.legalMoves(s, seat), s.defender() >= 0 ? s.handSize(s.defender()) : 0, active);
    }

    boolean isTrump(Card c) {
        return c.suit().ordinal() == trump;
    }

    /** Cost of giving a card away: rank, and trumps above every plain card. */
    int value(Card c) {
        return c.rank().ordinal() + (isTrump(c) ? 13 : 0);
    }

    int value(List<Card> cards) {
        int v = 0;
        for (Card c : cards) {
            v += value(c);
        }
        return v;
    }

    boolean hasTrump(List<Card> cards) {
        for (Card c : cards) {
            if (isTrump(c)) {
                return true;
            }
        }
        return false;
    }

    boolean beats(Card cover, Card attack) {
        return cover.beats(attack, online.durak.engine.Suit.of(trump));
    }

    int handSize() {
        return Long.bitCount(hand);
    }
}
