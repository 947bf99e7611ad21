package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** docs/fairness.md: a finished deal's events follow from its deck order, checked by playing them through the engine. */
class DealCheckTest {

    /** A deal played with random legal moves: its events from DealStarted to DealEnded. */
    static List<Event> playedDeal(Rules rules, long seed) {
        Event.DealStarted dealt = DealDecider.deal(rules, seed, ShuffleProofTest.SALT, 1, 0, -1);
        List<Event> events = new ArrayList<>(List.of(dealt));
        DealState s = DealDecider.start(rules, dealt);
        SplittableRandom random = new SplittableRandom(seed);
        while (!s.isOver()) {
            List<Move> legal = DealDecider.legalMoves(s, s.toAct());
            Decision.Accepted<DealState> a = (Decision.Accepted<DealState>) DealDecider.decide(s, s.toAct(),
                    legal.get(random.nextInt(legal.size())));
            events.addAll(a.events());
            s = a.state();
        }
        return events;
    }

    private static List<Card> deck(List<Event> events) {
        return ((Event.DealStarted) events.get(0)).deckOrder();
    }

    @Test
    void playedDeals_followFromTheirDeckOrder_inEveryVariant() {
        for (Rules rules : List.of(Rules.defaults(2), Rules.defaults(3), Rules.defaults(4).withVariant(Variant.PEREVODNOI),
                Rules.defaults(4).withTeams(true), Rules.defaults(6).withDeck(Deck.D52))) {
            for (long seed = 1; seed <= 20; seed++) {
                List<Event> events = playedDeal(rules, seed);
                assertNull(DealCheck.failure(rules, deck(events), events), rules + " seed " + seed);
            }
        }
    }

    @Test
    void anotherDeckOrder_orAnEventChanged_doesNotFollow() {
        Rules rules = Rules.defaults(3);
        List<Event> events = playedDeal(rules, 5);
        Event.DealStarted dealt = (Event.DealStarted) events.get(0);
        // two cards of the stock swapped: the draws no longer follow
        List<Card> swapped = new ArrayList<>(dealt.deckOrder());
        swapped.set(20, dealt.deckOrder().get(21));
        swapped.set(21, dealt.deckOrder().get(20));
        List<Event> tampered = new ArrayList<>(events);
        tampered.set(0, new Event.DealStarted(dealt.deal(), dealt.dealer(), swapped, dealt.redeals(), dealt.attacker(),
                dealt.shownTrump(), dealt.salt()));
        assertNotNull(DealCheck.failure(rules, swapped, tampered));
        assertNotNull(DealCheck.failure(rules, swapped, events), "the proof's deck order is not the one dealt");
        // the last event's points changed
        List<Event> points = new ArrayList<>(events);
        Event.DealEnded end = (Event.DealEnded) events.get(events.size() - 1);
        points.set(events.size() - 1, new Event.DealEnded(end.durak(), List.of(9, 9, 9), end.durakCards()));
        assertNotNull(DealCheck.failure(rules, deck(events), points));
        // an event left out: the deal does not end
        String cut = DealCheck.failure(rules, deck(events), events.subList(0, events.size() - 1));
        assertNotNull(cut);
        assertTrue(cut.contains("DealEnded"), cut);
    }
}
