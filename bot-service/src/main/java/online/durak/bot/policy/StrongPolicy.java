package online.durak.bot.policy;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
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
 * STRONG. When the view determines the whole deal (two seats hold cards, the stock is empty and every card
 * is known, see {@link ExactSearch#applies}) it searches the game tree exactly; otherwise, and when the
 * exact search runs out of its node budget or time, it uses determinized sampling: for each sample of a
 * full deal consistent with the seat's view ({@link Determinization#sample}), every candidate move is
 * played and the deal finished by a fast playout policy ({@link NormalPolicy} for every seat); the
 * candidate with the best average result (not being the durak, and when durak, with as few cards as
 * possible) wins, ties going to NORMAL's own choice. All candidates share each sample, which keeps the
 * comparison fair with few samples.
 *
 * <p>{@link #choose} and {@link #analyse} run the same search; {@code analyse} also says why.
 */
public final class StrongPolicy implements Policy {
    /** Samples per decision by default, and the wall-clock cap per decision. */
    public static final int DEFAULT_SAMPLES = 60;
    public static final long DEFAULT_BUDGET_NANOS = 150_000_000L;
    /** Positions the exact search may expand per decision before it falls back to sampling. */
    public static final long DEFAULT_EXACT_NODES = 400_000L;

    private final Rules rules;
    private final int samples;
    private final long budgetNanos;
    private final long exactNodes;
    private final NormalPolicy playout = new NormalPolicy();
    private final GreedyPolicy greedy = new GreedyPolicy();

    public StrongPolicy(Rules rules) {
        this(rules, DEFAULT_SAMPLES, DEFAULT_BUDGET_NANOS);
    }

    public StrongPolicy(Rules rules, int samples, long budgetNanos) {
        this(rules, samples, budgetNanos, DEFAULT_EXACT_NODES);
    }

    /** {@code exactNodes} 0 turns the exact search off (sampling only). */
    public StrongPolicy(Rules rules, int samples, long budgetNanos, long exactNodes) {
        this.rules = rules;
        this.samples = samples;
        this.budgetNanos = budgetNanos;
        this.exactNodes = exactNodes;
    }

    @Override
    public Move choose(SeatView view, RandomGenerator rng) {
        return search(view, rng).best();
    }

    /**
     * The move {@link #choose} would play with the same random generator state, why, and the moves compared
     * (best first). For hints; reads only the seat's view.
     */
    public Analysis analyse(SeatView view, RandomGenerator rng) {
        Searched r = search(view, rng);
        return new Analysis(r.best(), HintText.reason(rules, view, r), r.candidates());
    }

    /** How a decision was reached. */
    enum Kind {
        /** A single legal move. */
        ONLY_MOVE,
        /** The exact search decided: every card is known. */
        EXACT,
        /** Sampled deals decided. */
        SAMPLED,
        /** No search: one sensible candidate, or the view could not be sampled. */
        HEURISTIC
    }

    /**
     * The outcome of one search: the chosen move, the candidates best first, and for an exact search each
     * candidate's value (win 1, draw 0, loss -1 against best play), aligned with the candidates.
     *
     * @param exactFailed whether an exact search was tried and ran out of budget (sampling decided)
     */
    record Searched(Kind kind, Move best, List<Analysis.Candidate> candidates, int[] exactValues, int samples,
                    boolean exactFailed) {
    }

    Searched search(SeatView view, RandomGenerator rng) {
        List<Move> legal = view.legalMoves();
        if (legal.isEmpty()) {
            throw new IllegalArgumentException("seat " + view.seat() + " has no move to make: seat " + view.toAct()
                    + " is to act");
        }
        if (legal.size() == 1) {
            Move only = legal.get(0);
            return new Searched(Kind.ONLY_MOVE, only, List.of(new Analysis.Candidate(only, 0, 0, 0, false)),
                    null, 0, false);
        }
        long start = System.nanoTime();
        Situation sit = Situation.of(view);
        Move normal = playout.pick(sit, rng);
        boolean exactInfo = exactNodes > 0 && ExactSearch.applies(rules, view);
        if (exactInfo) {
            Searched exact = exact(view, sit, normal, start + budgetNanos * 2 / 3);
            if (exact != null) {
                return exact;
            }
        }
        List<Move> candidates = candidates(sit, normal, greedy.pick(sit, rng));
        if (candidates.size() == 1) {
            return new Searched(Kind.HEURISTIC, normal, List.of(new Analysis.Candidate(normal, 0, 0, 0, false)),
                    null, 0, exactInfo);
        }
        long deadline = start + budgetNanos;
        int k = candidates.size();
        double[] total = new double[k];
        double[] notDurak = new double[k];
        int[] durak = new int[k];
        int[] durakCards = new int[k];
        int[] count = new int[k];
        int me = view.seat();
        // every card known: each sample is the real deal and NORMAL's playouts are deterministic, one is enough
        int limit = exactInfo ? 1 : samples;
        int used = 0;
        for (int d = 0; d < limit && (d == 0 || System.nanoTime() < deadline); d++) {
            DealState s;
            try {
                s = Determinization.sample(rules, view, rng);
            } catch (IllegalArgumentException e) {
                break;
            }
            used++;
            for (int i = 0; i < k; i++) {
                Decision<DealState> dec = DealDecider.decide(s, me, candidates.get(i));
                if (dec instanceof Decision.Accepted<DealState> a) {
                    DealState end = playOut(a.state(), rng);
                    double r = result(end, me);
                    total[i] += r;
                    count[i]++;
                    if (!end.isOver()) {
                        notDurak[i] += 0.5;
                    } else if (r == 1) {
                        notDurak[i] += 1;
                    } else {
                        durak[i]++;
                        durakCards[i] += end.handSize(end.durak());
                    }
                }
            }
        }
        if (used == 0) {
            return new Searched(Kind.HEURISTIC, normal, List.of(new Analysis.Candidate(normal, 0, 0, 0, false)),
                    null, 0, exactInfo);
        }
        double[] avg = new double[k];
        int best = 0;
        for (int i = 0; i < k; i++) {
            avg[i] = count[i] > 0 ? total[i] / count[i] : -1;
            if (avg[i] > avg[best] + 1e-9) {
                best = i;
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            if (i != best) {
                order.add(i);
            }
        }
        order.sort((x, y) -> Double.compare(avg[y], avg[x])); // stable: ties keep NORMAL's move first
        order.add(0, best);
        List<Analysis.Candidate> list = new ArrayList<>(k);
        for (int i : order) {
            list.add(new Analysis.Candidate(candidates.get(i), count[i] > 0 ? notDurak[i] / count[i] : 0,
                    durak[i] > 0 ? (double) durakCards[i] / durak[i] : 0, count[i], false));
        }
        return new Searched(Kind.SAMPLED, candidates.get(best), list, null, used, exactInfo);
    }

    /**
     * The exact search over every legal move (NORMAL's first); null when it runs out of nodes or time. Moves
     * of equal exact value are ranked by a NORMAL playout (a lost position is best played so that an
     * imperfect opponent may still go wrong), then NORMAL's preference.
     */
    private Searched exact(SeatView view, Situation sit, Move normal, long deadline) {
        int me = view.seat();
        DealState root;
        try {
            root = Determinization.sample(rules, view, new SplittableRandom(0)); // the only deal that fits
        } catch (IllegalArgumentException e) {
            return null;
        }
        List<Move> moves = new ArrayList<>();
        moves.add(normal);
        for (Move m : view.legalMoves()) {
            if (!m.equals(normal)) {
                moves.add(m);
            }
        }
        int[] values;
        try {
            values = new ExactSearch(me, exactNodes, deadline).values(root, moves);
        } catch (ExactSearch.Aborted e) {
            return null;
        }
        int k = moves.size();
        double[] tie = new double[k];
        double[] cards = new double[k];
        for (int i = 0; i < k; i++) {
            DealState end = playOut(ExactSearch.apply(root, moves.get(i)), new SplittableRandom(i));
            tie[i] = result(end, me);
            cards[i] = end.isOver() && end.durak() == me ? end.handSize(me) : 0;
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            order.add(i);
        }
        order.sort((x, y) -> values[x] != values[y] ? Integer.compare(values[y], values[x])
                : Double.compare(tie[y], tie[x]));
        List<Analysis.Candidate> list = new ArrayList<>(k);
        int[] sortedValues = new int[k];
        for (int j = 0; j < k; j++) {
            int i = order.get(j);
            sortedValues[j] = values[i];
            list.add(new Analysis.Candidate(moves.get(i), values[i] >= ExactSearch.DRAW ? 1 : 0, cards[i], 1, true));
        }
        return new Searched(Kind.EXACT, list.get(0).move(), list, sortedValues, 1, false);
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
