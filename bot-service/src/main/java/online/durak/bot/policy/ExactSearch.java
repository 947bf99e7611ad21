package online.durak.bot.policy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Determinization;
import online.durak.engine.Move;
import online.durak.engine.Phase;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Variant;

/**
 * Perfect-information search of a deal in which only two seats hold cards, the stock is empty and every
 * card is known (rules.md §8 / issue: "in a 2-player deal with an empty stock, every card is known: search
 * it exactly"). The game tree is searched with alpha-beta over the engine's own {@link DealState} and
 * {@link DealDecider} (so it plays exactly the engine's rules), values win / draw / loss for the searching
 * seat, with a transposition table that stores bounds.
 *
 * <p>Every legal move is searched, no pruning by heuristics: the result is exact. Ends: a node budget and a
 * {@link Deadline} abort the search ({@link #ABORTED}), as does a depth cap. A position that repeats on
 * the current path (possible in perevodnoi with {@code showTrumpToTransfer}: show a trump, take back the
 * own card, and the roles swap without a card changing hands) counts as a draw, and no value that depended
 * on such a repetition is stored, so the table never mixes path-dependent values into exact ones.
 */
final class ExactSearch {
    static final int LOSS = -1;
    static final int DRAW = 0;
    static final int WIN = 1;

    /** Plies below the root at which the search gives up (a guard; real endgames are far shorter). */
    static final int MAX_DEPTH = 400;

    /** Thrown (without a stack trace) when the budget, the deadline or the depth cap is reached. */
    static final class Aborted extends RuntimeException {
        Aborted() {
            super("exact search budget exhausted", null, false, false);
        }
    }

    static final Aborted ABORTED = new Aborted();

    private final int me;
    private final boolean oneAtATime;
    private final long nodeBudget;
    private final Deadline deadline;
    private final Map<Key, Entry> table = new HashMap<>(1 << 14);
    private final Set<Key> path = new HashSet<>();
    private long nodes;
    private long repetitions;
    private boolean repeated;

    /**
     * @param me         the seat searched for (the maximizing side)
     * @param nodeBudget nodes (positions expanded) before giving up
     * @param deadline   when the search gives up
     */
    ExactSearch(int me, long nodeBudget, Deadline deadline) {
        this(me, nodeBudget, deadline, true);
    }

    /**
     * @param oneAtATime whether to search several cards of one rank only one at a time where that loses
     *                   nothing (see {@link #ordered}); false searches every legal move (tests compare both)
     */
    ExactSearch(int me, long nodeBudget, Deadline deadline, boolean oneAtATime) {
        this.oneAtATime = oneAtATime;
        this.me = me;
        this.nodeBudget = nodeBudget;
        this.deadline = deadline;
    }

    long nodes() {
        return nodes;
    }

    /** How often a position repeated on the search path (counted as a draw). */
    long repetitions() {
        return repetitions;
    }

    /**
     * Whether the view determines the whole deal: no team play, the stock is empty, exactly two seats hold
     * cards (the viewer one of them), and the cards the viewer cannot place are exactly the other seat's
     * hidden cards — so {@link Determinization#sample} has only one possible answer, the real deal.
     */
    static boolean applies(Rules rules, SeatView view) {
        if (rules.teams() || view.seat() < 0 || view.phase() == Phase.DEAL_OVER || view.stockCount() != 0
                || view.toAct() != view.seat()) {
            return false;
        }
        int holders = 0;
        int other = -1;
        for (int i = 0; i < view.handSizes().size(); i++) {
            if (view.handSizes().get(i) > 0 && !view.out().contains(i)) {
                holders++;
                if (i != view.seat()) {
                    other = i;
                }
            }
        }
        if (holders != 2 || other < 0 || view.handSizes().get(view.seat()) == 0) {
            return false;
        }
        int knownOther = view.known().getOrDefault(other, List.of()).size();
        int hidden = view.handSizes().get(other) - knownOther;
        return Determinization.unknownCards(rules, view).size() == hidden;
    }

    /**
     * The exact value (win / draw / loss for {@code me}) of every root move, in the order given. The root
     * must be a position where {@code me} acts. Throws {@link Aborted} when the budget runs out.
     */
    int[] values(DealState root, List<Move> moves) {
        int[] out = new int[moves.size()];
        Key rootKey = key(root, 0);
        path.add(rootKey);
        for (int i = 0; i < moves.size(); i++) {
            Move m = moves.get(i);
            DealState child = apply(root, m);
            out[i] = search(child, shownAfter(root, child, m, 0), LOSS, WIN, 1);
        }
        path.remove(rootKey);
        return out;
    }

    /** The value of a position for {@code me}, with the trumps already shown in this bout. */
    int value(DealState s, long shown) {
        return search(s, shown, LOSS, WIN, 0);
    }

    private int search(DealState s, long shown, int alpha, int beta, int depth) {
        if (s.isOver()) {
            int d = s.durak();
            return d < 0 ? DRAW : d == me ? LOSS : WIN;
        }
        if (++nodes > nodeBudget || depth > MAX_DEPTH || (nodes & 255) == 0 && deadline.passed()) {
            throw ABORTED;
        }
        Key key = key(s, shown);
        if (!path.add(key)) {
            repetitions++;
            repeated = true;
            return DRAW;
        }
        try {
            Entry e = table.get(key);
            int lo = LOSS;
            int hi = WIN;
            Move hint = null;
            if (e != null) {
                lo = e.lower;
                hi = e.upper;
                hint = e.best;
                if (lo >= beta || lo == hi) {
                    return lo;
                }
                if (hi <= alpha) {
                    return hi;
                }
                alpha = Math.max(alpha, lo);
                beta = Math.min(beta, hi);
            }
            boolean outerRepeated = repeated;
            repeated = false;
            boolean maximize = s.toAct() == me;
            List<Move> moves = ordered(s, hint);
            int best = maximize ? LOSS - 1 : WIN + 1;
            Move bestMove = null;
            int a = alpha;
            int b = beta;
            for (Move m : moves) {
                DealState child = apply(s, m);
                int v = search(child, shownAfter(s, child, m, shown), a, b, depth + 1);
                if (maximize ? v > best : v < best) {
                    best = v;
                    bestMove = m;
                }
                if (maximize) {
                    a = Math.max(a, v);
                } else {
                    b = Math.min(b, v);
                }
                if (a >= b) {
                    break;
                }
            }
            boolean tainted = repeated;
            repeated = outerRepeated || tainted;
            if (!tainted) {
                // fail-soft bounds relative to the window this node was searched with
                int newLo = lo;
                int newHi = hi;
                if (best <= alpha) {
                    newHi = Math.min(newHi, best);
                } else if (best >= beta) {
                    newLo = Math.max(newLo, best);
                } else {
                    newLo = best;
                    newHi = best;
                }
                if (newLo <= newHi) {
                    table.put(key, new Entry(newLo, newHi, bestMove));
                }
            }
            return best;
        } finally {
            path.remove(key);
        }
    }

    static DealState apply(DealState s, Move m) {
        Decision<DealState> d = DealDecider.decide(s, s.toAct(), m);
        if (d instanceof Decision.Accepted<DealState> acc) {
            return acc.state();
        }
        throw new IllegalStateException("exact search: engine refused its own legal move " + m + ": " + d);
    }

    /** Trumps shown to transfer in the running bout (the engine keeps them, but does not show them). */
    private static long shownAfter(DealState before, DealState after, Move m, long shown) {
        if (after.boutsPlayed() != before.boutsPlayed()) {
            return 0;
        }
        return m instanceof Move.ShowTrump t ? shown | t.trump().bit() : shown;
    }

    /**
     * Legal moves, the likely best first (that only speeds up the search): the table's best move of an
     * earlier visit, then cheap cards before dear ones, transfers early, take last.
     *
     * <p>With {@code oneAtATime}, several cards of one rank thrown in at once (and, in podkidnoi, opening
     * with several cards) are left out: with two seats holding cards, laying them one at a time is never
     * worse for the attacker. After the first card the defender covers it or takes; either way the attacker
     * can then add the next card to the very same position the joint move reaches (the room is the same:
     * one card fewer on the table and one fewer in the defender's hand), or do something else; and the joint
     * move only gives the defender more choice (which card to cover first). So the minimax value is the
     * same, with far fewer moves. Not in perevodnoi openings, where the number of attack cards decides
     * whether a transfer fits; not after a take, where the one turn to add cards is all there is.
     * {@code ExactSearchTest} checks the equality on random endgames.
     */
    private List<Move> ordered(DealState s, Move hint) {
        List<Move> legal = DealDecider.legalMoves(s, s.toAct());
        int trump = s.trump().ordinal();
        List<Move> list = new ArrayList<>(legal.size());
        boolean singlesOnly = oneAtATime && (s.phase() == Phase.THROW_IN
                || s.phase() == Phase.ATTACK && s.rules().variant() == Variant.PODKIDNOI);
        for (Move m : legal) {
            if (!singlesOnly || !(m instanceof Move.Attack a && a.cards().size() > 1
                    || m instanceof Move.Throw t && t.cards().size() > 1)) {
                list.add(m);
            }
        }
        int[] score = new int[list.size()];
        for (int i = 0; i < list.size(); i++) {
            score[i] = cost(list.get(i), trump, s.phase());
            if (list.get(i).equals(hint)) {
                score[i] = Integer.MIN_VALUE;
            }
        }
        // insertion sort: lists are short
        for (int i = 1; i < list.size(); i++) {
            Move m = list.get(i);
            int sc = score[i];
            int j = i - 1;
            while (j >= 0 && score[j] > sc) {
                list.set(j + 1, list.get(j));
                score[j + 1] = score[j];
                j--;
            }
            list.set(j + 1, m);
            score[j + 1] = sc;
        }
        return list;
    }

    private static int cost(Move m, int trump, Phase phase) {
        if (m instanceof Move.Take) {
            return 1_000;
        }
        if (m instanceof Move.Pass) {
            return 40; // after cheap throw-ins, before dear ones
        }
        if (m instanceof Move.Transfer t) {
            return value(t.card(), trump) - 20;
        }
        if (m instanceof Move.ShowTrump) {
            return -30;
        }
        if (m instanceof Move.Cover c) {
            return value(c.card(), trump);
        }
        List<Card> cards = m instanceof Move.Attack a ? a.cards() : ((Move.Throw) m).cards();
        int v = 0;
        for (Card c : cards) {
            v += value(c, trump);
        }
        // several cards at once: a bit cheaper per card, so pairs are tried early
        return v - 6 * (cards.size() - 1);
    }

    private static int value(Card c, int trump) {
        return c.rank().ordinal() + (c.suit().ordinal() == trump ? 13 : 0);
    }

    /** Everything that decides the rest of the deal once the stock is empty (the known cards do not). */
    static Key key(DealState s, long shown) {
        long attacks = 0;
        long uncovered = 0;
        for (Card[] pair : s.table()) {
            attacks |= pair[0].bit();
            if (pair[1] == null) {
                uncovered |= pair[0].bit();
            }
        }
        long h0 = 0;
        long h1 = 0;
        int k = 0;
        for (int i = 0; i < s.players(); i++) {
            long h = s.hand(i).bits();
            if (h != 0) {
                // the two seats holding cards, in seat order, tagged with the seat
                if (k++ == 0) {
                    h0 = h | (long) i << 56;
                } else {
                    h1 = h | (long) i << 56;
                }
            }
        }
        int trump = s.trump().ordinal();
        int shownRanks = (int) (shown >>> (13 * trump) & 0x1FFF);
        int small = s.phase().ordinal() | s.attacker() << 3 | s.toAct() << 6 | s.cap() << 9 | shownRanks << 13;
        return new Key(h0, h1, s.tableCards().bits(), attacks, uncovered, small);
    }

    record Key(long h0, long h1, long table, long attacks, long uncovered, int small) {
        @Override
        public int hashCode() {
            // card masks hash badly with the record's default (many collisions): mix them
            long h = mix(h0) ^ Long.rotateLeft(mix(h1 + 0x9E3779B97F4A7C15L), 17)
                    ^ Long.rotateLeft(mix(table ^ attacks << 1 ^ uncovered << 2), 31) ^ mix(small + 0x632BE59BD9B4E019L);
            return (int) (h ^ h >>> 32);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.h0 == h0 && k.h1 == h1 && k.table == table && k.attacks == attacks
                    && k.uncovered == uncovered && k.small == small;
        }

        private static long mix(long z) {
            z = (z ^ z >>> 30) * 0xBF58476D1CE4E5B9L;
            z = (z ^ z >>> 27) * 0x94D049BB133111EBL;
            return z ^ z >>> 31;
        }
    }

    private record Entry(int lower, int upper, Move best) {
    }

    /** The opponent's hand in an exact position: every card there is known. */
    static CardSet otherHand(DealState s, int me) {
        for (int i = 0; i < s.players(); i++) {
            if (i != me && s.handSize(i) > 0) {
                return s.hand(i);
            }
        }
        return CardSet.EMPTY;
    }
}
