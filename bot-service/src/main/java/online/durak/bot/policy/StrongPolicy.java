package online.durak.bot.policy;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;
import online.durak.engine.Card;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Determinization;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;

/**
 * Determinized search. For each sample of a full deal consistent with the seat's view
 * ({@link Determinization#sample}), every candidate move is played and the deal finished by a fast
 * playout policy ({@link NormalPolicy} for every seat); the candidate with the best average result (not
 * being the durak, and when durak, with as few cards as possible) wins, ties going to NORMAL's own choice.
 * All candidates share each sample, which keeps the comparison fair with few samples. In a 2-player deal
 * with an empty stock and a visible discard every card is known, so each sample is the real deal.
 */
public final class StrongPolicy implements Policy {
    /** Samples per decision by default, and the wall-clock cap per decision. */
    public static final int DEFAULT_SAMPLES = 60;
    public static final long DEFAULT_BUDGET_NANOS = 150_000_000L;

    private final Rules rules;
    private final int samples;
    private final long budgetNanos;
    private final NormalPolicy playout = new NormalPolicy();
    private final GreedyPolicy greedy = new GreedyPolicy();

    public StrongPolicy(Rules rules) {
        this(rules, DEFAULT_SAMPLES, DEFAULT_BUDGET_NANOS);
    }

    public StrongPolicy(Rules rules, int samples, long budgetNanos) {
        this.rules = rules;
        this.samples = samples;
        this.budgetNanos = budgetNanos;
    }

    @Override
    public Move choose(SeatView view, RandomGenerator rng) {
        List<Move> legal = view.legalMoves();
        Situation sit = Situation.of(view);
        Move normal = playout.pick(sit, rng);
        if (legal.size() == 1) {
            return legal.get(0);
        }
        List<Move> candidates = candidates(sit, normal, greedy.pick(sit, rng));
        if (candidates.size() == 1) {
            return normal;
        }
        long deadline = System.nanoTime() + budgetNanos;
        double[] total = new double[candidates.size()];
        int[] count = new int[candidates.size()];
        int me = view.seat();
        for (int d = 0; d < samples && System.nanoTime() < deadline; d++) {
            DealState s;
            try {
                s = Determinization.sample(rules, view, rng);
            } catch (IllegalArgumentException e) {
                return normal;
            }
            for (int i = 0; i < candidates.size(); i++) {
                Decision<DealState> dec = DealDecider.decide(s, me, candidates.get(i));
                if (dec instanceof Decision.Accepted<DealState> a) {
                    total[i] += result(playOut(a.state(), rng), me);
                    count[i]++;
                }
            }
        }
        int best = 0;
        double bestAvg = count[0] > 0 ? total[0] / count[0] : -1;
        for (int i = 1; i < candidates.size(); i++) {
            double avg = count[i] > 0 ? total[i] / count[i] : -1;
            if (avg > bestAvg + 1e-9) {
                best = i;
                bestAvg = avg;
            }
        }
        return candidates.get(best);
    }

    /** Playouts longer than this are cut off: policies that only take and show trumps can circle for ever. */
    static final int MAX_PLAYOUT_MOVES = 2_000;

    /** Finishes a deal with the playout policy in every seat (or stops after {@link #MAX_PLAYOUT_MOVES}). */
    DealState playOut(DealState s, RandomGenerator rng) {
        for (int moves = 0; !s.isOver() && moves < MAX_PLAYOUT_MOVES; moves++) {
            int seat = s.toAct();
            Move m = playout.choose(s, rng);
            Decision<DealState> dec = DealDecider.decide(s, seat, m);
            if (!(dec instanceof Decision.Accepted<DealState> a)) {
                throw new IllegalStateException("playout move refused: " + dec);
            }
            s = a.state();
        }
        return s;
    }

    /** 1 when the seat (its team) is not the durak; else a little below 0, less so with fewer cards left; 0.5 when cut off. */
    private double result(DealState end, int me) {
        if (!end.isOver()) {
            return 0.5; // a playout cut off says nothing either way
        }
        int durak = end.durak();
        if (durak < 0 || rules.team(durak) != rules.team(me)) {
            return 1;
        }
        return -0.02 * Math.min(end.handSize(durak), 20);
    }

    /** A short list of sensible moves: NORMAL's and GREEDY's choice, take/pass, and one card per rank and purpose. */
    private List<Move> candidates(Situation s, Move normal, Move greedyMove) {
        Set<Move> set = new LinkedHashSet<>();
        set.add(normal);
        set.add(greedyMove);
        List<Move> legal = s.legal();
        for (Move m : legal) {
            if (m instanceof Move.Take || m instanceof Move.Pass || m instanceof Move.Transfer
                    || m instanceof Move.ShowTrump) {
                set.add(m);
            }
        }
        switch (s.phase()) {
            case ATTACK, THROW_IN, TAKE_ADDING -> {
                // per rank: the cheapest single card, and the largest all-plain set
                Move[] single = new Move[13];
                Move[] group = new Move[13];
                for (Move m : legal) {
                    List<Card> cards = m instanceof Move.Attack a ? a.cards()
                            : m instanceof Move.Throw t ? t.cards() : null;
                    if (cards == null) {
                        continue;
                    }
                    int r = cards.get(0).rank().ordinal();
                    if (cards.size() == 1) {
                        if (single[r] == null || s.value(cards) < s.value(cardsOf(single[r]))) {
                            single[r] = m;
                        }
                    } else if (!s.hasTrump(cards)
                            && (group[r] == null || cards.size() > cardsOf(group[r]).size())) {
                        group[r] = m;
                    }
                }
                for (int r = 0; r < 13; r++) {
                    if (single[r] != null) {
                        set.add(single[r]);
                    }
                    if (group[r] != null) {
                        set.add(group[r]);
                    }
                }
            }
            case DEFENSE -> {
                // per uncovered card: the cheapest plain and the cheapest trump cover
                List<Move> covers = new ArrayList<>();
                for (Card[] pair : s.table()) {
                    if (pair[1] != null) {
                        continue;
                    }
                    Move.Cover plain = null;
                    Move.Cover trump = null;
                    for (Move m : legal) {
                        if (m instanceof Move.Cover c && c.attack() == pair[0]) {
                            if (s.isTrump(c.card())) {
                                if (trump == null || s.value(c.card()) < s.value(trump.card())) {
                                    trump = c;
                                }
                            } else if (plain == null || s.value(c.card()) < s.value(plain.card())) {
                                plain = c;
                            }
                        }
                    }
                    if (plain != null) {
                        covers.add(plain);
                    }
                    if (trump != null) {
                        covers.add(trump);
                    }
                }
                set.addAll(covers);
            }
            default -> {
            }
        }
        return new ArrayList<>(set);
    }

    private static List<Card> cardsOf(Move m) {
        return m instanceof Move.Attack a ? a.cards() : ((Move.Throw) m).cards();
    }
}
