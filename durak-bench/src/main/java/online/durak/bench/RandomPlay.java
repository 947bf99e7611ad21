package online.durak.bench;

import java.util.List;
import java.util.SplittableRandom;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Move;
import online.durak.engine.Rules;

/** Random legal play, the way a bot-free simulation or a random rollout drives the engine. */
final class RandomPlay {
    private RandomPlay() {
    }

    /** A freshly dealt deal; dealer 0, the lowest trump opens. */
    static DealState deal(Rules rules, SplittableRandom random) {
        return DealDecider.start(rules, DealDecider.deal(rules, random.nextLong(), 1, 0, -1));
    }

    /** One random legal move of the seat to act: legal moves, pick one, decide. */
    static DealState step(DealState s, SplittableRandom random) {
        int seat = s.toAct();
        List<Move> legal = DealDecider.legalMoves(s, seat);
        Move move = legal.get(random.nextInt(legal.size()));
        return accepted(DealDecider.decide(s, seat, move)).state();
    }

    static Decision.Accepted<DealState> accepted(Decision<DealState> d) {
        if (d instanceof Decision.Accepted<DealState> a) {
            return a;
        }
        throw new IllegalStateException("a legal move was refused: " + d);
    }
}
