package online.durak.bot.policy;

import java.util.random.RandomGenerator;
import online.durak.engine.Move;
import online.durak.engine.SeatView;

/**
 * How a bot decides. The input is one seat's view only (rules.md §8), so a policy cannot reach another
 * seat's hidden cards; the answer is always one of {@code view.legalMoves()}.
 */
public interface Policy {
    Move choose(SeatView view, RandomGenerator rng);
}
