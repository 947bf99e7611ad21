package online.durak.bot.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import online.durak.engine.Move;

/**
 * A beginner with little sense, but never an illegal move: attacks with any single card, covers with any
 * card that beats (trumps included), sometimes takes although it could cover, and throws in or passes at
 * random.
 */
public final class EasyPolicy extends HeuristicPolicy {
    @Override
    Move pick(Situation s, RandomGenerator rng) {
        List<Move> options = new ArrayList<>();
        switch (s.phase()) {
            case ATTACK -> {
                for (Move m : s.legal()) {
                    if (m instanceof Move.Attack a && a.cards().size() == 1) {
                        options.add(m);
                    }
                }
            }
            case DEFENSE -> {
                if (rng.nextInt(4) == 0) {
                    return Move.TAKE;
                }
                for (Move m : s.legal()) {
                    if (m instanceof Move.Cover) {
                        options.add(m);
                    }
                }
            }
            default -> {
                if (rng.nextInt(2) == 0) {
                    return Move.PASS;
                }
                for (Move m : s.legal()) {
                    if (m instanceof Move.Throw t && t.cards().size() == 1) {
                        options.add(m);
                    }
                }
            }
        }
        if (options.isEmpty()) {
            return s.phase() == online.durak.engine.Phase.DEFENSE ? Move.TAKE
                    : s.legal().get(rng.nextInt(s.legal().size()));
        }
        return options.get(rng.nextInt(options.size()));
    }
}
