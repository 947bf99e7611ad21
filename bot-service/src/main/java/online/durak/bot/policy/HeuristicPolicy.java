package online.durak.bot.policy;

import java.util.random.RandomGenerator;
import online.durak.engine.DealState;
import online.durak.engine.Move;
import online.durak.engine.SeatView;

/** A policy that looks only at the acting seat's own cards and the table, so it also drives fast playouts. */
abstract class HeuristicPolicy implements Policy {

    @Override
    public final Move choose(SeatView view, RandomGenerator rng) {
        return pick(Situation.of(view), rng);
    }

    /** The same decision inside a search, for the seat to act of a (sampled) full deal. */
    final Move choose(DealState s, RandomGenerator rng) {
        return pick(Situation.of(s, s.toAct()), rng);
    }

    abstract Move pick(Situation s, RandomGenerator rng);
}
