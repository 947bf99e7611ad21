package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Determinization;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Views;
import org.junit.jupiter.api.Test;

class DeterminizationTest {

    private static DealState step(DealState s, SplittableRandom r) {
        List<Move> legal = DealDecider.legalMoves(s, s.toAct());
        return ((Decision.Accepted<DealState>) DealDecider.decide(s, s.toAct(), legal.get(r.nextInt(legal.size()))))
                .state();
    }

    @Test
    void sample_looksLikeTheView_andDealsOnlyUnknownCards() {
        SplittableRandom r = new SplittableRandom(7);
        int checked = 0;
        for (int d = 0; d < 150; d++) {
            Rules rules = PolicyLegalityTest.randomRules(r);
            DealState s = DealDecider.start(rules, DealDecider.deal(rules, r.nextLong(), 1, 0, -1));
            while (!s.isOver()) {
                if (r.nextInt(4) == 0) {
                    int me = s.toAct();
                    SeatView view = Views.seatView(s, me);
                    DealState sample = Determinization.sample(rules, view, r);
                    SeatView again = Views.seatView(sample, me);
                    // the sample is indistinguishable from the real deal for the viewer
                    assertEquals(view.hands(), again.hands());
                    assertEquals(view.handSizes(), again.handSizes());
                    assertEquals(view.known(), again.known());
                    assertEquals(view.stockCount(), again.stockCount());
                    assertEquals(view.trumpCard() == null || view.stockCount() == 0 ? null : view.trumpCard(),
                            view.stockCount() == 0 ? null : sample.stock().get(sample.stockCount() - 1));
                    assertEquals(view.phase(), again.phase());
                    assertEquals(view.toAct(), again.toAct());
                    // the view does not say which trumps were already shown in this bout, so a sample may
                    // allow showing one again; every other legal move is the same
                    assertEquals(view.legalMoves().stream().filter(m -> !(m instanceof Move.ShowTrump)).toList(),
                            again.legalMoves().stream().filter(m -> !(m instanceof Move.ShowTrump)).toList());
                    assertEquals(view.discard(), again.discard());
                    // every hidden card is dealt from the unknown cards, each card once
                    long unknown = Determinization.unknownCards(rules, view).bits();
                    long seen = 0;
                    for (int i = 0; i < rules.players(); i++) {
                        long hidden = sample.hand(i).without(sample.known(i)).bits();
                        if (i != me) {
                            assertEquals(0, hidden & ~unknown, "seat " + i + " got a card the viewer knows elsewhere");
                        }
                        assertEquals(0, seen & sample.hand(i).bits());
                        seen |= sample.hand(i).bits();
                    }
                    for (Card c : sample.stock().subList(0, Math.max(0, sample.stockCount() - 1))) {
                        assertTrue((unknown & c.bit()) != 0, "stock card " + c + " is not unknown");
                        assertEquals(0, seen & c.bit());
                        seen |= c.bit();
                    }
                    assertEquals(rules.deck().cards().bits(), seen | sample.stock().stream()
                            .mapToLong(Card::bit).reduce(0, (a, b) -> a | b) | sample.tableCards().bits()
                            | sample.discard().bits());
                    checked++;
                }
                s = step(s, r);
            }
        }
        assertTrue(checked > 500, "checked " + checked);
    }

    @Test
    void sample_readsOnlyTheView_soDifferentHiddenCardsGiveTheSameSamples() {
        Rules rules = Rules.defaults(2);
        SplittableRandom r = new SplittableRandom(11);
        DealState s = DealDecider.start(rules, DealDecider.deal(rules, 42, 1, 0, -1));
        int me = s.toAct();
        SeatView view = Views.seatView(s, me);
        DealState a = Determinization.sample(rules, view, new SplittableRandom(3));
        DealState b = Determinization.sample(rules, view, new SplittableRandom(3));
        assertEquals(a.hand(1 - me), b.hand(1 - me));
        assertEquals(a.stock(), b.stock());
        // and the samples vary: the real opponent hand is not what they are built from
        int differ = 0;
        for (int i = 0; i < 20; i++) {
            if (!Determinization.sample(rules, view, r).hand(1 - me).equals(s.hand(1 - me))) {
                differ++;
            }
        }
        assertTrue(differ >= 19, "samples equal the hidden hand " + (20 - differ) + " times");
        assertNotEquals(CardSet.EMPTY, Determinization.unknownCards(rules, view));
    }
}
