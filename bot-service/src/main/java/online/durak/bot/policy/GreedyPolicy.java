package online.durak.bot.policy;

import java.util.random.RandomGenerator;
import online.durak.engine.Card;
import online.durak.engine.Move;

/**
 * The baseline: always the lowest legal card that works. Attacks with its lowest single card (plain before
 * trump), covers with the lowest plain card that beats, takes when only a trump would cover, throws in its
 * lowest plain card and passes rather than throw a trump. Never transfers. Once the stock is empty it covers
 * with a trump too: a table of greedy players that never cover a trump would pass trumps round for ever.
 */
public final class GreedyPolicy extends HeuristicPolicy {
    @Override
    Move pick(Situation s, RandomGenerator rng) {
        Move best = null;
        int bestValue = Integer.MAX_VALUE;
        switch (s.phase()) {
            case ATTACK -> {
                for (Move m : s.legal()) {
                    if (m instanceof Move.Attack a && a.cards().size() == 1 && s.value(a.cards().get(0)) < bestValue) {
                        best = m;
                        bestValue = s.value(a.cards().get(0));
                    }
                }
                return best != null ? best : s.legal().get(0);
            }
            case DEFENSE -> {
                // the first uncovered attack card, covered by the lowest plain card that beats it
                Card target = null;
                for (Card[] pair : s.table()) {
                    if (pair[1] == null) {
                        target = pair[0];
                        break;
                    }
                }
                boolean trumpsToo = s.stockCount() == 0;
                for (Move m : s.legal()) {
                    if (m instanceof Move.Cover c && c.attack() == target && (trumpsToo || !s.isTrump(c.card()))
                            && s.value(c.card()) < bestValue) {
                        best = m;
                        bestValue = s.value(c.card());
                    }
                }
                return best != null ? best : Move.TAKE;
            }
            default -> {
                for (Move m : s.legal()) {
                    if (m instanceof Move.Throw t && t.cards().size() == 1 && !s.isTrump(t.cards().get(0))
                            && s.value(t.cards().get(0)) < bestValue) {
                        best = m;
                        bestValue = s.value(t.cards().get(0));
                    }
                }
                return best != null ? best : Move.PASS;
            }
        }
    }
}
