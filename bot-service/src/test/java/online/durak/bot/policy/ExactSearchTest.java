package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Deck;
import online.durak.engine.Decision;
import online.durak.engine.Move;
import online.durak.engine.Position;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Suit;
import online.durak.engine.Variant;
import online.durak.engine.Views;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(300)
class ExactSearchTest {
    private static final Deadline NO_DEADLINE = Deadline.NONE;

    /** A 2-player position with an empty stock, before the next bout: the rest of the deck is discarded. */
    static DealState endgame(Rules rules, Suit trump, CardSet mine, CardSet theirs, int attacker) {
        int discarded = rules.deck().size() - mine.size() - theirs.size();
        return DealState.position(rules, new Position(trump, List.of(mine, theirs), List.of(), discarded, 10,
                attacker, List.of(), List.of(CardSet.EMPTY, CardSet.EMPTY)));
    }

    private static DealState play(DealState s, Move m) {
        return ((Decision.Accepted<DealState>) DealDecider.decide(s, s.toAct(), m)).state();
    }

    /** Plain minimax over every legal move, no table, no pruning: the oracle (a repeated position is a draw). */
    static int minimax(DealState s, int me, long shown, Set<String> path) {
        if (s.isOver()) {
            return s.durak() < 0 ? ExactSearch.DRAW : s.durak() == me ? ExactSearch.LOSS : ExactSearch.WIN;
        }
        String key = s + "|" + shown;
        if (!path.add(key)) {
            return ExactSearch.DRAW;
        }
        boolean max = s.toAct() == me;
        int best = max ? -2 : 2;
        for (Move m : DealDecider.legalMoves(s, s.toAct())) {
            DealState child = play(s, m);
            long sh = child.boutsPlayed() != s.boutsPlayed() ? 0
                    : m instanceof Move.ShowTrump t ? shown | t.trump().bit() : shown;
            int v = minimax(child, me, sh, path);
            best = max ? Math.max(best, v) : Math.min(best, v);
        }
        path.remove(key);
        return best;
    }

    @Test
    void exactSearch_findsTheForcedWin_thatNormalAndGreedyMiss() {
        // trump ♦; I attack holding J♣ 9♦ 7♥ against 7♦ 9♥ 9♠. The natural lowest card, 7♥, loses: 9♥ covers
        // it, my 9♦ thrown in is taken, and J♣ alone cannot stop the nines. J♣ wins: 7♦ must trump it (or take
        // it, and I go out with 7♥ 9♦ thrown after it), then 7♥ and 9♦ follow and the defender runs out.
        Rules rules = Rules.defaults(2);
        DealState s = endgame(rules, Suit.D, CardSet.parse("JC", "9D", "7H"), CardSet.parse("7D", "9H", "9S"), 0);
        SeatView view = Views.seatView(s, 0);
        assertTrue(ExactSearch.applies(rules, view));
        SplittableRandom rng = new SplittableRandom(1);
        Move normal = new NormalPolicy().choose(view, rng);
        Move greedy = new GreedyPolicy().choose(view, rng);
        Move strong = new StrongPolicy(rules).choose(view, rng);
        Move winning = new Move.Attack(CardSet.parse("JC"));
        assertEquals(new Move.Attack(CardSet.parse("7H")), normal);
        assertEquals(new Move.Attack(CardSet.parse("7H")), greedy);
        assertEquals(winning, strong);
        // the oracle agrees: NORMAL's move loses against best play, STRONG's wins against any play
        assertEquals(ExactSearch.LOSS, minimax(play(s, normal), 0, 0, new HashSet<>()));
        assertEquals(ExactSearch.WIN, minimax(play(s, strong), 0, 0, new HashSet<>()));
        // and it does win, here against GREEDY and NORMAL answering, STRONG playing on
        for (Policy opponent : List.of(new GreedyPolicy(), new NormalPolicy(), new RandomPolicy())) {
            DealState d = s;
            StrongPolicy me = new StrongPolicy(rules);
            while (!d.isOver()) {
                SeatView v = Views.seatView(d, d.toAct());
                d = play(d, (d.toAct() == 0 ? me : opponent).choose(v, rng));
            }
            assertEquals(1, d.durak(), "against " + opponent.getClass().getSimpleName());
        }
    }

    /** Random small 2-player endgames: the exact values equal the oracle's, with and without one-at-a-time. */
    private static void matchesTheOracle(Rules rules, long seed, int positions, int maxCards) {
        SplittableRandom r = new SplittableRandom(seed);
        int decided = 0;
        for (int t = 0; t < positions; t++) {
            List<Card> deck = new ArrayList<>(rules.deck().cards().cards());
            Collections.shuffle(deck, new Random(r.nextLong()));
            int a = 1 + r.nextInt(maxCards);
            int b = 1 + r.nextInt(maxCards);
            DealState s = endgame(rules, Suit.of(r.nextInt(4)), CardSet.of(deck.subList(0, a)),
                    CardSet.of(deck.subList(a, a + b)), r.nextInt(2));
            // also positions inside a bout: a few random moves first
            for (int k = r.nextInt(4); k > 0 && !s.isOver(); k--) {
                List<Move> legal = DealDecider.legalMoves(s, s.toAct());
                s = play(s, legal.get(r.nextInt(legal.size())));
            }
            if (s.isOver()) {
                continue;
            }
            int me = s.toAct();
            SeatView view = Views.seatView(s, me);
            if (!ExactSearch.applies(rules, view)) {
                continue; // e.g. the other seat emptied its hand in this bout
            }
            List<Move> legal = DealDecider.legalMoves(s, me);
            int[] expected = new int[legal.size()];
            for (int i = 0; i < legal.size(); i++) {
                expected[i] = minimax(play(s, legal.get(i)), me, 0, new HashSet<>());
            }
            String where = rules.variant() + " " + s;
            assertArrayEquals(expected, new ExactSearch(me, Long.MAX_VALUE, NO_DEADLINE, true).values(s, legal), where);
            assertArrayEquals(expected, new ExactSearch(me, Long.MAX_VALUE, NO_DEADLINE, false).values(s, legal), where);
            decided++;
        }
        assertTrue(decided > positions / 3, "decided " + decided);
    }

    @Test
    void exactValues_equalAPlainMinimax_podkidnoi() {
        matchesTheOracle(Rules.defaults(2), 1, 300, 4);
    }

    @Test
    void exactValues_equalAPlainMinimax_perevodnoi() {
        Rules perevodnoi = Rules.defaults(2).withVariant(Variant.PEREVODNOI).withDeck(Deck.D24);
        matchesTheOracle(perevodnoi, 2, 300, 3);
        matchesTheOracle(perevodnoi.withShowTrumpToTransfer(true), 3, 300, 2);
    }

    @Test
    void exactSearch_endsEvenWhenTransfersCircle() {
        // perevodnoi with shown trumps: a seat shows a trump, the other takes its own card back, the roles
        // swap and no card changed hands; here the search meets such repeated positions (draws by rule)
        Rules rules = Rules.defaults(2).withVariant(Variant.PEREVODNOI).withShowTrumpToTransfer(true);
        DealState s = endgame(rules, Suit.H, CardSet.parse("QC", "7H", "AS"), CardSet.parse("7C", "QD", "QH", "9S"), 0);
        SeatView view = Views.seatView(s, 0);
        assertTrue(ExactSearch.applies(rules, view));
        List<Move> legal = view.legalMoves();
        ExactSearch search = new ExactSearch(0, Long.MAX_VALUE, NO_DEADLINE);
        int[] values = search.values(s, legal);
        assertTrue(search.repetitions() > 0, "no repeated position met");
        // (a plain minimax is far too slow here; searching every move gives the same values)
        assertArrayEquals(values, new ExactSearch(0, Long.MAX_VALUE, NO_DEADLINE, false).values(s, legal));
        // and STRONG plays on from there to the end of the deal
        StrongPolicy strong = new StrongPolicy(rules);
        SplittableRandom rng = new SplittableRandom(2);
        for (int moves = 0; !s.isOver(); moves++) {
            assertTrue(moves < 1_000, "circles for ever");
            s = play(s, strong.choose(Views.seatView(s, s.toAct()), rng));
        }
    }

    @Test
    void exactSearch_givesUpWhenTheBudgetRunsOut() {
        Rules rules = Rules.defaults(2);
        DealState s = endgame(rules, Suit.S, CardSet.parse("6C", "7C", "9D", "JH", "QS", "KD", "AC", "8H"),
                CardSet.parse("6D", "8C", "10H", "JS", "QC", "AH", "9S", "KH"), 0);
        List<Move> legal = DealDecider.legalMoves(s, 0);
        boolean aborted = false;
        try {
            new ExactSearch(0, 50, NO_DEADLINE).values(s, legal);
        } catch (ExactSearch.Aborted e) {
            aborted = true;
        }
        assertTrue(aborted);
        // and STRONG then still answers a legal move (sampling decides)
        StrongPolicy strong = new StrongPolicy(rules, 10, 1_000_000_000L, 50);
        StrongPolicy.Searched r = strong.search(Views.seatView(s, 0), new SplittableRandom(3));
        assertEquals(StrongPolicy.Kind.SAMPLED, r.kind());
        assertTrue(r.exactFailed());
        assertTrue(legal.contains(r.best()));
    }

    @Test
    void strong_neverPlaysAnIllegalMove_inExactEndgames() {
        SplittableRandom r = new SplittableRandom(17);
        NormalPolicy normal = new NormalPolicy();
        int exact = 0;
        for (int d = 0; d < 150; d++) {
            Rules rules = PolicyLegalityTest.randomRules(r);
            if (rules.teams()) {
                continue;
            }
            StrongPolicy strong = new StrongPolicy(rules, 4, 50_000_000L, 30_000);
            DealState s = DealDecider.start(rules, DealDecider.deal(rules, r.nextLong(), 1, 0, -1));
            for (int moves = 0; !s.isOver(); moves++) {
                assertTrue(moves < 20_000, "deal runs for ever: " + rules);
                int seat = s.toAct();
                SeatView view = Views.seatView(s, seat);
                Move m;
                if (ExactSearch.applies(rules, view)) {
                    StrongPolicy.Searched found = strong.search(view, r);
                    m = found.best();
                    if (found.kind() == StrongPolicy.Kind.EXACT) {
                        exact++;
                        assertEquals(view.legalMoves().size(), found.candidates().size());
                    }
                    assertTrue(view.legalMoves().contains(m), () -> "strong chose " + m + " not in "
                            + view.legalMoves());
                } else {
                    m = normal.choose(view, r);
                }
                Decision<DealState> dec = DealDecider.decide(s, seat, m);
                assertTrue(dec.isAccepted(), () -> dec + " in " + rules);
                s = ((Decision.Accepted<DealState>) dec).state();
            }
        }
        assertTrue(exact > 200, "exact decisions " + exact);
    }
}
