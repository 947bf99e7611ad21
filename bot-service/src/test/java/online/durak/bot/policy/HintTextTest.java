package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import online.durak.engine.CardSet;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Move;
import online.durak.engine.Position;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Suit;
import online.durak.engine.Views;
import org.junit.jupiter.api.Test;

/** The hint's words: moves within the sampling error are "about equal here", in English and German, seats by name. */
class HintTextTest {
    private static final Move TAKE = Move.TAKE;
    private static final Move COVER = new Move.Cover(CardSet.parse("7S").cards().get(0), CardSet.parse("9S").cards().get(0));

    /** Three players: Cy (seat 2) attacks Anna (seat 0) with 7♠; Bo (seat 1) is known to hold K♥ (picked up). */
    private static SeatView defending() {
        Rules rules = Rules.defaults(3);
        List<CardSet> hands = List.of(CardSet.parse("9S", "8C", "10D"), CardSet.parse("KH", "6C", "QS"),
                CardSet.parse("7S", "AC", "JD"));
        DealState s = DealState.position(rules, new Position(Suit.D, hands, List.of(), rules.deck().size() - 9, 5, 2,
                List.of(), List.of(CardSet.EMPTY, CardSet.parse("KH"), CardSet.EMPTY)));
        s = ((Decision.Accepted<DealState>) DealDecider.decide(s, 2, new Move.Attack(CardSet.parse("7S")))).state();
        return Views.seatView(s, 0);
    }

    /** Two sampled candidates 60 % and 58 %, the difference within the sampling error, a third clearly worse. */
    private static StrongPolicy.Searched close(SeatView view) {
        assertTrue(view.legalMoves().containsAll(List.of(TAKE, COVER)), view.legalMoves().toString());
        Move other = view.legalMoves().stream().filter(m -> !m.equals(TAKE) && !m.equals(COVER)).findFirst()
                .orElseThrow();
        return new StrongPolicy.Searched(StrongPolicy.Kind.SAMPLED, TAKE, List.of(
                new Analysis.Candidate(TAKE, 0.60, 4, 400, false, 0.55, 0, 0, true),
                new Analysis.Candidate(COVER, 0.58, 4, 400, false, 0.54, 0.01, 0.03, true),
                new Analysis.Candidate(other, 0.30, 5, 40, false, 0.2, 0.35, 0.1, false)), null, 400, false);
    }

    @Test
    void movesWithinTheSamplingError_areAboutEqual_inEnglishAndGerman_withNames() {
        SeatView view = defending();
        Words w = HintText.reason(Rules.defaults(3), view, close(view),
                new HintText.Names(Arrays.asList("Anna", "Bo", "Cy")));
        assertTrue(w.en().startsWith("Take or cover 7♠ with 9♠: about equal here. They keep you out of the durak seat"
                + " in 60% and 58% of 400 sampled deals; the difference is within the sampling error."), w.en());
        assertTrue(w.de().startsWith("Aufnehmen oder 7♠ mit 9♠ stechen: hier etwa gleich gut. Damit bist du in 60 % und"
                + " 58 % von 400 gezogenen Verteilungen nicht der Durak; der Unterschied liegt im Rahmen des"
                + " Zufallsfehlers."), w.de());
        assertTrue(w.en().contains("Bo is known to hold K♥"), w.en());
        assertTrue(w.de().contains("Bo hat bekanntlich K♥"), w.de());
        assertFalse(w.en().contains("seat 1"), w.en());
        assertFalse(w.de().contains("Platz 1"), w.de());
    }

    @Test
    void withoutNames_aSeatIsNamedByItsNumber_andAClearBestIsNotCalledEqual() {
        SeatView view = defending();
        StrongPolicy.Searched c = close(view);
        StrongPolicy.Searched clear = new StrongPolicy.Searched(c.kind(), TAKE, List.of(c.candidates().get(0),
                new Analysis.Candidate(COVER, 0.40, 4, 400, false, 0.35, 0.2, 0.03, false)), null, 400, false);
        Words w = HintText.reason(Rules.defaults(3), view, clear, HintText.Names.NONE);
        assertTrue(w.en().startsWith("Take: you stay out of the durak seat in 60% of 400 sampled deals; covering 7♠"
                + " with 9♠ does so in only 40%, clearly worse."), w.en());
        assertFalse(w.en().contains("about equal"), w.en());
        assertTrue(w.en().contains("Seat 1 is known to hold K♥"), w.en());
        assertTrue(w.de().contains("Platz 1 hat bekanntlich K♥"), w.de());
    }
}
