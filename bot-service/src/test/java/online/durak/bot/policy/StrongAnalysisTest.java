package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import online.durak.engine.CardSet;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Suit;
import online.durak.engine.Views;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(300)
class StrongAnalysisTest {
    /** A wall-clock cap far above what the samples need, so that runs are repeatable. */
    private static final long NO_CAP = 60_000_000_000L;

    private static DealState play(DealState s, Move m) {
        return ((Decision.Accepted<DealState>) DealDecider.decide(s, s.toAct(), m)).state();
    }

    @Test
    void analyse_bestIsWhatChoosePlays_firstCandidate_andAReason() {
        SplittableRandom r = new SplittableRandom(21);
        NormalPolicy normal = new NormalPolicy();
        int checked = 0;
        int exact = 0;
        for (int d = 0; d < 12; d++) {
            Rules rules = Rules.defaults(d % 3 == 2 ? 4 : 2);
            StrongPolicy strong = new StrongPolicy(rules, 12, NO_CAP);
            DealState s = DealDecider.start(rules, DealDecider.deal(rules, r.nextLong(), 1, 0, -1));
            while (!s.isOver()) {
                SeatView view = Views.seatView(s, s.toAct());
                if (view.legalMoves().size() > 1 && r.nextInt(3) == 0) {
                    long seed = r.nextLong();
                    Analysis a = strong.analyse(view, new SplittableRandom(seed));
                    Move chosen = strong.choose(view, new SplittableRandom(seed));
                    assertEquals(chosen, a.best());
                    assertEquals(a.best(), a.candidates().get(0).move());
                    assertFalse(a.reason().en().isBlank());
                    assertTrue(a.reason().en().endsWith("."), a.reason().en());
                    assertFalse(a.reason().de().isBlank());
                    assertTrue(a.reason().de().endsWith("."), a.reason().de());
                    assertEquals(a.candidates().size(), new HashSet<>(a.candidates()).size());
                    for (Analysis.Candidate c : a.candidates()) {
                        assertTrue(view.legalMoves().contains(c.move()), c + " is not legal");
                        assertTrue(c.notDurakRate() >= 0 && c.notDurakRate() <= 1);
                        assertTrue(c.samples() > 0);
                    }
                    if (a.candidates().get(0).exact()) {
                        exact++;
                        assertTrue(a.reason().en().contains("exact"), a.reason().en());
                    }
                    checked++;
                }
                s = play(s, normal.choose(view, r));
            }
        }
        assertTrue(checked > 100, "checked " + checked);
        assertTrue(exact > 5, "exact " + exact);
    }

    @Test
    void analyse_ofTheForcedWin_isExact_andNamesTheOpponentsCards() {
        Rules rules = Rules.defaults(2);
        DealState s = ExactSearchTest.endgame(rules, Suit.D, CardSet.parse("JC", "9D", "7H"),
                CardSet.parse("7D", "9H", "9S"), 0);
        Analysis a = new StrongPolicy(rules).analyse(Views.seatView(s, 0), new SplittableRandom(1));
        assertEquals(new Move.Attack(CardSet.parse("JC")), a.best());
        Analysis.Candidate first = a.candidates().get(0);
        assertTrue(first.exact());
        assertEquals(1.0, first.notDurakRate());
        for (Analysis.Candidate c : a.candidates().subList(1, a.candidates().size())) {
            assertEquals(0.0, c.notDurakRate(), c.toString());
        }
        assertEquals("Attack with J♣: every card is known, so the search was exact, and this wins whatever the"
                + " opponent does; attacking with 7♥ would lose. Your opponent holds 9♥, 9♠ and 7♦.", a.reason().en());
        assertEquals("Mit B♣ angreifen: alle Karten sind bekannt, die Suche war also exakt, und damit gewinnst du, was"
                + " der Gegner auch tut; Angreifen mit 7♥ würde verlieren. Dein Gegner hat 9♥, 9♠ und 7♦.",
                a.reason().de());
        assertTrue(a.clear());
    }

    @Test
    void analyse_withOneLegalMove_saysSo() {
        Rules rules = Rules.defaults(2);
        // seat 0 attacks with A♠; seat 1 holds nothing that beats it: taking is all it can do
        DealState s = ExactSearchTest.endgame(rules, Suit.H, CardSet.parse("AS", "6C"), CardSet.parse("6D", "7C"), 0);
        s = play(s, new Move.Attack(CardSet.parse("AS")));
        SeatView view = Views.seatView(s, 1);
        assertEquals(List.of(Move.TAKE), view.legalMoves());
        StrongPolicy strong = new StrongPolicy(rules);
        Analysis a = strong.analyse(view, new SplittableRandom(4));
        assertEquals(Move.TAKE, a.best());
        assertEquals(Move.TAKE, strong.choose(view, new SplittableRandom(4)));
        assertEquals("Taking is your only move.", a.reason().en());
        assertEquals("Dein einziger Zug: Aufnehmen.", a.reason().de());
        assertEquals(1, a.candidates().size());
    }

    @Test
    void analyse_ofASampledDecision_quotesTheRates() {
        Rules rules = Rules.defaults(2);
        DealState s = DealDecider.start(rules, DealDecider.deal(rules, 99, 1, 0, -1));
        SeatView view = Views.seatView(s, s.toAct());
        Analysis a = new StrongPolicy(rules, 30, NO_CAP).analyse(view, new SplittableRandom(8));
        Analysis.Candidate first = a.candidates().get(0);
        assertFalse(first.exact());
        // at most 30 samples: the search stops early once every other move is raced out
        assertTrue(first.samples() > 0 && first.samples() <= 30, "samples " + first.samples());
        assertTrue(a.reason().en().contains(" of " + first.samples() + " sampled deals"), a.reason().en());
        assertTrue(a.reason().en().contains(Math.round(100 * first.notDurakRate()) + "%"), a.reason().en());
        assertTrue(a.reason().en().startsWith(HintText.describe(a.best(), view.phase())), a.reason().en());
        assertTrue(a.reason().en().contains("trumps ("), a.reason().en()); // how many trumps are unseen
    }
}
