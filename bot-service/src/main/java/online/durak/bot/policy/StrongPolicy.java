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
 * full deal consistent with the seat's view ({@link Determinization#sample}), every candidate move still in
 * question is played and the deal finished by a fast playout policy ({@link NormalPolicy} for every seat, to the
 * end). All candidates share each sample, and a candidate that is worse
 * than the best beyond the sampling error is dropped ({@link Sampling}), so the samples go to the moves still in
 * question. The result of a deal for the seat: 1 when it is not the durak, {@link #DRAW_VALUE} for a draw it takes
 * part in, and when it is the durak a little below 0, less so with fewer cards left. The candidate with the best
 * mean result wins, ties going to NORMAL's own choice.
 *
 * <p>{@link #choose} and {@link #analyse} run the same search; {@code analyse} also says why and how sure it is,
 * with a budget of its own ({@link Budget#HINT}: it samples on until the best move is separated from the others,
 * or the others are known to be about equal, or its time is spent).
 */
public final class StrongPolicy implements Policy {
    /** Samples per decision by default, and the wall-clock cap per decision. */
    public static final int DEFAULT_SAMPLES = 200;
    public static final long DEFAULT_BUDGET_NANOS = 150_000_000L;
    /** Positions the exact search may expand per decision before it falls back to sampling. */
    public static final long DEFAULT_EXACT_NODES = 400_000L;
    /**
     * Positions the exact search may expand to finish one playout once its stock is empty; 0, off. Off by default:
     * it made STRONG weaker and slower (docs/bots.md "Measured: the current STRONG"). Each sampled deal then ends
     * with both seats playing perfectly on cards they would not know; and the playouts were so slow that most
     * decisions spent their whole CPU budget (median 151 ms against 4.6 ms without, on the same 200 deals).
     */
    static final long PLAYOUT_EXACT_NODES = 0L;
    /** The result of a draw the seat takes part in (both go out in the last bout): half a win. */
    static final double DRAW_VALUE = 0.5;
    /** Samples before a candidate may be raced out: fewer say too little about the spread. */
    static final int MIN_RACE_SAMPLES = 24;

    /** The wall-clock cap of a bot's decision, whatever its CPU budget: a busy machine makes nobody wait long. */
    static final long WALL_CAP_NANOS = 1_000_000_000L;

    /**
     * How much a search may sample (at least one sample is always taken; the exact search may use two thirds of the
     * time).
     *
     * @param maxSamples  samples at most
     * @param cpuNanos    CPU time of the searching thread at most ({@link Deadline})
     * @param wallNanos   wall-clock time at most
     * @param equalWithin stop once every move still in question is known to within ± this of the best (0: never)
     */
    public record Budget(int maxSamples, long cpuNanos, long wallNanos, double equalWithin) {
        /**
         * A hint: up to 4,000 samples or 0.8 s of CPU (2 s at most on a busy machine), until the best is separated
         * from the rest or the rest is known to be about equal (± 0.03).
         */
        public static final Budget HINT = new Budget(4_000, 800_000_000L, 2_000_000_000L, 0.03);
    }

    private final Rules rules;
    private final Budget budget;
    private final long exactNodes;
    private final long playoutExactNodes;
    private final double drawValue;
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
        this(rules, samples, budgetNanos, Math.max(budgetNanos, WALL_CAP_NANOS), exactNodes, PLAYOUT_EXACT_NODES,
                DRAW_VALUE);
    }

    /**
     * With every knob ({@link StrengthHarness} tries them): {@code budgetNanos} of CPU time and {@code wallNanos} of
     * wall-clock time per decision; {@code playoutExactNodes} 0 plays playouts to the end.
     */
    StrongPolicy(Rules rules, int samples, long budgetNanos, long wallNanos, long exactNodes, long playoutExactNodes,
                 double drawValue) {
        this.rules = rules;
        this.budget = new Budget(samples, budgetNanos, wallNanos, 0);
        this.exactNodes = exactNodes;
        this.playoutExactNodes = playoutExactNodes;
        this.drawValue = drawValue;
    }

    @Override
    public Move choose(SeatView view, RandomGenerator rng) {
        return search(view, rng, budget, null).best();
    }

    /**
     * The move {@link #choose} would play with the same random generator state, why, and the moves compared
     * (best first). For hints; reads only the seat's view.
     */
    public Analysis analyse(SeatView view, RandomGenerator rng) {
        return analyse(view, rng, budget, null, HintText.Names.NONE);
    }

    /**
     * The analysis of a decision with the given budget, {@code include} (when legal) among the moves compared, the
     * seats named by {@code names} in the reason.
     */
    public Analysis analyse(SeatView view, RandomGenerator rng, Budget b, Move include, HintText.Names names) {
        Searched r = search(view, rng, b, include);
        return new Analysis(r.best(), HintText.reason(rules, view, r, names), r.candidates(), r.kind(), r.clear());
    }

    /** How a decision was reached. */
    public enum Kind {
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
        /** Whether the best move is better than every other beyond doubt (exact, or separated by the samples). */
        boolean clear() {
            for (int i = 1; i < candidates.size(); i++) {
                if (candidates.get(i).equalToBest()) {
                    return false;
                }
            }
            return true;
        }
    }

    Searched search(SeatView view, RandomGenerator rng) {
        return search(view, rng, budget, null);
    }

    Searched search(SeatView view, RandomGenerator rng, Budget b, Move include) {
        List<Move> legal = view.legalMoves();
        if (legal.isEmpty()) {
            throw new IllegalArgumentException("seat " + view.seat() + " has no move to make: seat " + view.toAct()
                    + " is to act");
        }
        if (legal.size() == 1) {
            return single(Kind.ONLY_MOVE, legal.get(0), false);
        }
        Situation sit = Situation.of(view);
        Move normal = playout.pick(sit, rng);
        boolean exactInfo = exactNodes > 0 && ExactSearch.applies(rules, view);
        if (exactInfo) {
            Searched exact = exact(view, normal, Deadline.after(b.cpuNanos() * 2 / 3, b.wallNanos() * 2 / 3));
            if (exact != null) {
                return exact;
            }
        }
        List<Move> candidates = candidates(sit, normal, greedy.pick(sit, rng));
        if (include != null && legal.contains(include) && !candidates.contains(include)) {
            candidates.add(include);
        }
        if (candidates.size() == 1) {
            return single(Kind.HEURISTIC, normal, exactInfo);
        }
        Deadline deadline = Deadline.after(b.cpuNanos(), b.wallNanos());
        int k = candidates.size();
        Sampling sampling = new Sampling(k);
        int[] notDurak2 = new int[k]; // twice the not-durak count: a cut-off playout counts half
        int[] durak = new int[k];
        int[] durakCards = new int[k];
        int me = view.seat();
        // every card known: each sample is the real deal and NORMAL's playouts are deterministic, one is enough
        int limit = exactInfo ? 1 : b.maxSamples();
        while (sampling.samples() < limit && (sampling.samples() == 0 || !deadline.passed())) {
            DealState s;
            try {
                s = Determinization.sample(rules, view, rng);
            } catch (IllegalArgumentException e) {
                break;
            }
            sampling.nextSample();
            for (int i = 0; i < k; i++) {
                if (!sampling.live(i)) {
                    continue;
                }
                Decision<DealState> dec = DealDecider.decide(s, me, candidates.get(i));
                if (!(dec instanceof Decision.Accepted<DealState> a)) {
                    sampling.drop(i);
                    continue;
                }
                Outcome o = playOut(a.state(), me, rng);
                sampling.add(i, o.value);
                notDurak2[i] += o.durakCards < 0 ? 2 : o.durakCards == CUT_OFF ? 1 : 0;
                if (o.durakCards >= 0) {
                    durak[i]++;
                    durakCards[i] += o.durakCards;
                }
            }
            if (sampling.samples() % 4 == 0) {
                int best = sampling.race(MIN_RACE_SAMPLES);
                if (best < 0 || sampling.liveCount() == 1 || b.equalWithin() > 0
                        && sampling.samples() >= MIN_RACE_SAMPLES && sampling.settled(best, b.equalWithin())) {
                    break;
                }
            }
        }
        int best = sampling.best();
        if (best < 0) {
            return single(Kind.HEURISTIC, normal, exactInfo);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            if (i != best && sampling.count(i) > 0) {
                order.add(i);
            }
        }
        order.sort((x, y) -> Double.compare(sampling.mean(y), sampling.mean(x))); // stable: NORMAL's move first
        order.add(0, best);
        List<Analysis.Candidate> list = new ArrayList<>(k);
        for (int i : order) {
            int n = sampling.count(i);
            double[] diff = i == best ? new double[] {0, 0} : sampling.difference(best, i);
            boolean equal = i == best || sampling.live(i) && diff[0] - diff[1] <= 0;
            list.add(new Analysis.Candidate(candidates.get(i), notDurak2[i] / (2.0 * n),
                    durak[i] > 0 ? (double) durakCards[i] / durak[i] : 0, n, false, sampling.mean(i),
                    diff[0], Double.isFinite(diff[1]) ? diff[1] : 1, equal));
        }
        return new Searched(Kind.SAMPLED, candidates.get(best), list, null, sampling.samples(), exactInfo);
    }

    private static Searched single(Kind kind, Move move, boolean exactFailed) {
        return new Searched(kind, move, List.of(new Analysis.Candidate(move, 0, 0, 0, false, 0, 0, 0, true)), null, 0,
                exactFailed);
    }

    /**
     * The exact search over every legal move (NORMAL's first); null when it runs out of nodes or time. Moves
     * of equal exact value are ranked by a NORMAL playout (a lost position is best played so that an
     * imperfect opponent may still go wrong), then NORMAL's preference.
     */
    private Searched exact(SeatView view, Move normal, Deadline deadline) {
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
        Outcome[] tie = new Outcome[k];
        for (int i = 0; i < k; i++) {
            tie[i] = finish(ExactSearch.apply(root, moves.get(i)), me, new SplittableRandom(i));
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            order.add(i);
        }
        order.sort((x, y) -> values[x] != values[y] ? Integer.compare(values[y], values[x])
                : Double.compare(tie[y].value, tie[x].value));
        List<Analysis.Candidate> list = new ArrayList<>(k);
        int[] sortedValues = new int[k];
        int top = values[order.get(0)];
        for (int j = 0; j < k; j++) {
            int i = order.get(j);
            sortedValues[j] = values[i];
            double expected = exactValue(values[i]);
            list.add(new Analysis.Candidate(moves.get(i), values[i] >= ExactSearch.DRAW ? 1 : 0,
                    Math.max(0, tie[i].durakCards), 1, true, expected, exactValue(top) - expected, 0,
                    values[i] == top));
        }
        return new Searched(Kind.EXACT, list.get(0).move(), list, sortedValues, 1, false);
    }

    /** An exact value as a result: a win 1, a draw {@link #drawValue}, a loss 0. */
    private double exactValue(int v) {
        return v == ExactSearch.WIN ? 1 : v == ExactSearch.DRAW ? drawValue : 0;
    }

    /** Playouts longer than this are cut off: policies that only take and show trumps can circle for ever. */
    static final int MAX_PLAYOUT_MOVES = 2_000;
    /** {@link Outcome#durakCards} of a playout that was cut off. */
    private static final int CUT_OFF = -2;

    /**
     * How a playout ended for the seat.
     *
     * @param value      the seat's result ({@link #result})
     * @param durakCards the cards the seat kept as the durak; -1 when it is not the durak, {@link #CUT_OFF} when the
     *                   playout was cut off
     */
    private record Outcome(double value, int durakCards) {
    }

    /**
     * Finishes a deal with the playout policy in every seat (or stops after {@link #MAX_PLAYOUT_MOVES}); once the
     * stock is empty and two seats hold cards, the exact search decides the rest when it can within
     * {@link #playoutExactNodes}.
     */
    private Outcome playOut(DealState s, int me, RandomGenerator rng) {
        boolean tryExact = playoutExactNodes > 0 && !rules.teams();
        boolean outBefore = false;
        for (int moves = 0; !s.isOver() && moves < MAX_PLAYOUT_MOVES; moves++) {
            if (tryExact && s.stockCount() == 0 && holders(s) == 2) {
                tryExact = false; // once: a search that gave up would give up again a move later
                if (s.handSize(me) == 0) {
                    return new Outcome(1, -1);
                }
                try {
                    int v = new ExactSearch(me, playoutExactNodes, Deadline.NONE).value(s, 0);
                    return v == ExactSearch.WIN ? new Outcome(1, -1) : v == ExactSearch.DRAW
                            ? new Outcome(drawValue, -1) : new Outcome(cardsLost(s.handSize(me)), s.handSize(me));
                } catch (ExactSearch.Aborted e) {
                    // too big to search cheaply: NORMAL plays it out
                }
            }
            outBefore = s.isOut(me);
            s = step(s, rng);
        }
        return outcome(s, me, outBefore);
    }

    /** The same playout without the exact search, for ranking exact moves of equal value. */
    private Outcome finish(DealState s, int me, RandomGenerator rng) {
        boolean outBefore = false;
        for (int moves = 0; !s.isOver() && moves < MAX_PLAYOUT_MOVES; moves++) {
            outBefore = s.isOut(me);
            s = step(s, rng);
        }
        return outcome(s, me, outBefore);
    }

    private DealState step(DealState s, RandomGenerator rng) {
        int seat = s.toAct();
        Move m = playout.choose(s, rng);
        Decision<DealState> dec = DealDecider.decide(s, seat, m);
        if (!(dec instanceof Decision.Accepted<DealState> a)) {
            throw new IllegalStateException("playout move refused: " + dec);
        }
        return a.state();
    }

    private static int holders(DealState s) {
        int n = 0;
        for (int i = 0; i < s.players(); i++) {
            if (s.handSize(i) > 0) {
                n++;
            }
        }
        return n;
    }

    /**
     * The seat's result at the end of a playout: 1 when the seat (its team) is not the durak; a draw (no durak)
     * {@link #drawValue} when the seat went out in the last bout, 1 when it was out before; as the durak a little
     * below 0, less so with fewer cards left; 0.5 when cut off.
     */
    private Outcome outcome(DealState end, int me, boolean outBefore) {
        if (!end.isOver()) {
            return new Outcome(0.5, CUT_OFF); // a playout cut off says nothing either way
        }
        int durak = end.durak();
        if (durak < 0) {
            return new Outcome(outBefore ? 1 : drawValue, -1);
        }
        if (rules.team(durak) != rules.team(me)) {
            return new Outcome(1, -1);
        }
        return new Outcome(cardsLost(end.handSize(durak)), end.handSize(durak));
    }

    private static double cardsLost(int cards) {
        return -0.02 * Math.min(cards, 20);
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
