package online.durak.bot.policy;

import java.util.random.RandomGenerator;
import online.durak.engine.Move;

/** A uniformly random legal move. */
public final class RandomPolicy extends HeuristicPolicy {
    @Override
    Move pick(Situation s, RandomGenerator rng) {
        return s.legal().get(rng.nextInt(s.legal().size()));
    }
}
