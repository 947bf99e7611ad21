package online.durak.bot.policy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;
import online.durak.engine.Card;
import online.durak.engine.Move;
import online.durak.engine.Rank;

/**
 * A sound heuristic player. Attacks with its lowest plain rank, several cards at once when it holds a low
 * pair; covers every attack card cheaply (the lowest plain card that beats it, a trump only when needed)
 * but takes when covering costs too much (trumps early while the stock is big); transfers with low plain
 * cards (it never shows a trump to transfer: NORMAL against NORMAL then ran a 24-card deal past 20,000
 * moves, not yet explained); throws in low plain cards (anything plain once the
 * stock is nearly gone) and keeps its trumps.
 */
public final class NormalPolicy extends HeuristicPolicy {
    private static final int TEN = Rank.TEN.ordinal();
    private static final int JACK = Rank.JACK.ordinal();

    @Override
    Move pick(Situation s, RandomGenerator rng) {
        if (s.legal().size() == 1) {
            return s.legal().get(0);
        }
        return switch (s.phase()) {
            case ATTACK -> attack(s);
            case DEFENSE -> defend(s);
            default -> throwIn(s);
        };
    }

    private Move attack(Situation s) {
        Move best = null;
        double bestScore = Double.MAX_VALUE;
        for (Move m : s.legal()) {
            if (!(m instanceof Move.Attack a)) {
                continue;
            }
            List<Card> cards = a.cards();
            int rank = cards.get(0).rank().ordinal();
            boolean trump = s.hasTrump(cards);
            double score;
            if (cards.size() == 1) {
                score = s.value(cards.get(0));
                // a rank we hold more of: we can throw in the rest later
                long sameRank = 0;
                for (Card c : handCards(s)) {
                    if (c.rank().ordinal() == rank && !s.isTrump(c)) {
                        sameRank++;
                    }
                }
                score -= 0.8 * (sameRank - 1);
            } else {
                if (trump || rank > (s.stockCount() == 0 ? 99 : TEN)) {
                    continue;
                }
                score = rank - 1.5 * (cards.size() - 1) - 0.01;
            }
            if (score < bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best != null ? best : s.legal().get(0);
    }

    private Move defend(Situation s) {
        Move transfer = null;
        int transferValue = Integer.MAX_VALUE;
        for (Move m : s.legal()) {
            if (m instanceof Move.Transfer t && !s.isTrump(t.card()) && t.card().rank().ordinal() <= JACK
                    && s.value(t.card()) < transferValue) {
                transfer = m;
                transferValue = s.value(t.card());
            }
        }
        if (transfer != null) {
            return transfer;
        }
        // plan: the strongest uncovered attack cards first, each with the cheapest card that beats it
        List<Card> uncovered = new ArrayList<>();
        int onTable = 0;
        for (Card[] pair : s.table()) {
            onTable += pair[1] == null ? 1 : 2;
            if (pair[1] == null) {
                uncovered.add(pair[0]);
            }
        }
        uncovered.sort(Comparator.comparingInt((Card c) -> s.value(c)).reversed());
        long free = s.hand();
        int trumpsUsed = 0;
        int maxTrumpRank = -1;
        Card firstAttack = null;
        Card firstCover = null;
        for (Card a : uncovered) {
            Card cheapest = null;
            for (long m = free; m != 0; m &= m - 1) {
                Card c = Card.of(Long.numberOfTrailingZeros(m));
                if (s.beats(c, a) && (cheapest == null || s.value(c) < s.value(cheapest))) {
                    cheapest = c;
                }
            }
            if (cheapest == null) {
                return Move.TAKE;
            }
            free &= ~cheapest.bit();
            if (s.isTrump(cheapest)) {
                trumpsUsed++;
                maxTrumpRank = Math.max(maxTrumpRank, cheapest.rank().ordinal());
            }
            if (firstAttack == null) {
                firstAttack = a;
                firstCover = cheapest;
            }
        }
        if (trumpsUsed > 0 && s.stockCount() > 6 && onTable <= 4
                && (maxTrumpRank >= TEN || trumpsUsed >= 2)) {
            return Move.TAKE;
        }
        Move cover = new Move.Cover(firstAttack, firstCover);
        return s.legal().contains(cover) ? cover : Move.TAKE;
    }

    private Move throwIn(Situation s) {
        boolean late = s.stockCount() <= 4;
        Move best = null;
        int bestCount = 0;
        int bestValue = Integer.MAX_VALUE;
        for (Move m : s.legal()) {
            if (!(m instanceof Move.Throw t)) {
                continue;
            }
            boolean ok = true;
            for (Card c : t.cards()) {
                if (s.isTrump(c) || !late && c.rank().ordinal() > TEN) {
                    ok = false;
                    break;
                }
            }
            if (!ok) {
                continue;
            }
            int n = t.cards().size();
            int v = s.value(t.cards());
            if (n > bestCount || n == bestCount && v < bestValue) {
                best = m;
                bestCount = n;
                bestValue = v;
            }
        }
        return best != null ? best : Move.PASS;
    }

    private static List<Card> handCards(Situation s) {
        List<Card> list = new ArrayList<>();
        for (long m = s.hand(); m != 0; m &= m - 1) {
            list.add(Card.of(Long.numberOfTrailingZeros(m)));
        }
        return list;
    }
}
