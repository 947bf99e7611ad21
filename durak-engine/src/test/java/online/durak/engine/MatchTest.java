package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** rules.md §6 (and §3 for later deals): deals add up to a match, places, who deals and opens next. */
class MatchTest {

    private static Decision.Accepted<MatchState> accepted(MatchState m, Command c) {
        Decision<MatchState> d = MatchDecider.decide(m, c);
        if (d instanceof Decision.Rejected<MatchState> r) {
            return fail(c + " was refused: " + r.rejection());
        }
        return (Decision.Accepted<MatchState>) d;
    }

    private static String refusal(MatchState m, Command c) {
        Decision<MatchState> d = MatchDecider.decide(m, c);
        assertFalse(d.isAccepted(), c + " should be refused");
        return ((Decision.Rejected<MatchState>) d).rejection().code();
    }

    /** A plain player: covers when it can, else takes; opens with its first legal attack; never throws in. */
    private static Move simpleMove(DealState s) {
        List<Move> legal = DealDecider.legalMoves(s, s.toAct());
        switch (s.phase()) {
            case DEFENSE:
                return legal.stream().filter(m -> m instanceof Move.Cover).findFirst().orElse(Move.TAKE);
            case THROW_IN:
            case TAKE_ADDING:
                return Move.PASS;
            default:
                return legal.get(0);
        }
    }

    private record Played(MatchState match, List<Event> events) {
    }

    /** Plays the running deal to its end; returns the match and every event of the deal after the deal's start. */
    private static Played playDeal(MatchState m) {
        List<Event> events = new ArrayList<>();
        for (int step = 0; m.dealRunning(); step++) {
            assertTrue(step < 5000, "a deal ends");
            DealState s = m.deal();
            Decision.Accepted<MatchState> a = accepted(m, new Command.Play(s.toAct(), simpleMove(s)));
            events.addAll(a.events());
            m = a.state();
        }
        return new Played(m, events);
    }

    @Test
    void match_addsUpTheDealPoints_overDealsPerMatchDeals_andEndsWithTotalsAndPlaces() {
        Rules rules = Rules.defaults(3).withDealsPerMatch(3);
        MatchState m = MatchDecider.initialState(rules);
        List<Event> log = new ArrayList<>();
        int[] totals = new int[3];
        int previousDealer = -1;
        int previousDurak = -1;
        for (int deal = 1; deal <= 3; deal++) {
            Decision.Accepted<MatchState> started = accepted(m, new Command.StartDeal(Shuffle.of(100 + deal)));
            Event.DealStarted e = (Event.DealStarted) started.events().get(0);
            assertEquals(deal, e.deal());
            if (deal == 1) {
                assertEquals(0, e.dealer());
            } else if (previousDurak >= 0) {
                assertEquals(previousDurak, e.dealer(), "the previous durak deals");
                assertEquals((previousDurak + 2) % 3, e.attacker(), "the player to the durak's right attacks");
            } else {
                assertEquals((previousDealer + 1) % 3, e.dealer(), "after a draw the dealer's left neighbour deals");
                assertNotNull(e.shownTrump());
            }
            log.addAll(started.events());
            m = started.state();
            assertEquals("DEAL_RUNNING", refusal(m, new Command.StartDeal(Shuffle.of(1))));

            Played p = playDeal(m);
            log.addAll(p.events());
            m = p.match();
            Event.DealEnded end = p.events().stream().filter(ev -> ev instanceof Event.DealEnded)
                    .map(ev -> (Event.DealEnded) ev).findFirst().orElseThrow();
            for (int i = 0; i < 3; i++) {
                totals[i] += end.points().get(i);
            }
            boolean matchEnded = p.events().stream().anyMatch(ev -> ev instanceof Event.MatchEnded);
            assertEquals(deal == 3, matchEnded, "MatchEnded comes after the last deal only");
            assertEquals(deal, m.dealPoints().size());
            previousDealer = e.dealer();
            previousDurak = end.durak();
            if (deal < 3) {
                assertEquals("DEAL_NOT_RUNNING", refusal(m, new Command.Play(0, Move.PASS)));
            }
        }
        assertTrue(m.isOver());
        List<Integer> expectedTotals = List.of(totals[0], totals[1], totals[2]);
        assertEquals(expectedTotals, m.totals());
        Event.MatchEnded ended = (Event.MatchEnded) log.get(log.size() - 1);
        assertEquals(expectedTotals, ended.totals());
        assertEquals(placesOf(totals), ended.places());
        assertEquals("MATCH_OVER", refusal(m, new Command.StartDeal(Shuffle.of(9))));
        assertEquals("MATCH_OVER", refusal(m, new Command.Play(0, Move.PASS)));

        MatchState replayed = MatchDecider.initialState(rules);
        for (Event ev : log) {
            replayed = MatchDecider.evolve(replayed, ev);
        }
        assertEquals(m.totals(), replayed.totals(), "the match is the fold of evolve over its events");
        assertEquals(m.places(), replayed.places());
        assertEquals(m.dealPoints(), replayed.dealPoints());
    }

    private static List<Integer> placesOf(int[] totals) {
        List<Integer> places = new ArrayList<>();
        for (int t : totals) {
            int better = 0;
            for (int o : totals) {
                better += o > t ? 1 : 0;
            }
            places.add(1 + better);
        }
        return places;
    }

    @Test
    void play_isRefused_beforeTheFirstDeal() {
        assertEquals("DEAL_NOT_RUNNING",
                refusal(MatchDecider.initialState(Rules.defaults(2)), new Command.Play(0, Move.PASS)));
    }

    @Test
    void match_isNotOver_beforeItsFirstDeal() {
        MatchState m = MatchDecider.initialState(Rules.defaults(4));
        assertFalse(MatchDecider.isTerminal(m));
        assertEquals(List.of(0, 0, 0, 0), m.totals());
        assertNull(m.places());
    }

    @Test
    void aRejectedMove_changesNothingInTheMatch() {
        MatchState m = accepted(MatchDecider.initialState(Rules.defaults(3)), new Command.StartDeal(Shuffle.of(3))).state();
        int notToAct = (m.deal().toAct() + 1) % 3;
        assertEquals("NOT_YOUR_TURN", refusal(m, new Command.Play(notToAct, Move.PASS)));
    }

    // ---- the last deal of a match, set up by hand: seats 0 and 1 go out together, seat 2 is durak ----

    private static Decision.Accepted<MatchState> finishLastDeal(List<Integer> totalsBefore, int dealsPerMatch) {
        Rules rules = Rules.defaults(3).withDealsPerMatch(dealsPerMatch);
        Table last = Given.hands("8D", "10D", "QC KH").trump("S").discardCount(24).boutsPlayed(8)
                .when(0, "attack 8D");
        List<List<Integer>> before = new ArrayList<>();
        for (int i = 1; i < dealsPerMatch; i++) {
            before.add(List.of(0, 0, 0));
        }
        MatchState m = new MatchState(rules, dealsPerMatch, 0, 1, last.state(), before, totalsBefore, null);
        return accepted(m, new Command.Play(1, Given.move("cover 8D 10D")));
    }

    @Test
    void lastDeal_endsTheMatch_withTotalsAndPlaces() {
        Decision.Accepted<MatchState> a = finishLastDeal(List.of(3, 4, 1), 3);

        assertEquals(List.of("Covered", "BoutEnded", "PlayersOut", "DealEnded", "MatchEnded"), Table.types(a.events()));
        Event.MatchEnded end = (Event.MatchEnded) a.events().get(4);
        assertEquals(List.of(5, 6, 1), end.totals());
        assertEquals(List.of(2, 1, 3), end.places());
        assertTrue(a.state().isOver());
        assertEquals(List.of(2, 1, 3), a.state().places());
    }

    @Test
    void tiedTotals_shareThePlace() {
        Decision.Accepted<MatchState> a = finishLastDeal(List.of(4, 3, 6), 3);

        Event.MatchEnded end = (Event.MatchEnded) a.events().get(4);
        assertEquals(List.of(6, 5, 6), end.totals());
        assertEquals(List.of(1, 3, 1), end.places(), "two share first place; the next is third");
    }

    @Test
    void allTotalsEqual_everyoneIsFirst() {
        Event.MatchEnded end = (Event.MatchEnded) finishLastDeal(List.of(3, 3, 5), 3).events().get(4);

        assertEquals(List.of(5, 5, 5), end.totals());
        assertEquals(List.of(1, 1, 1), end.places());
    }

    @Test
    void matchOfOneDeal_endsWithThatDeal() {
        Event.MatchEnded end = (Event.MatchEnded) finishLastDeal(List.of(0, 0, 0), 1).events().get(4);

        assertEquals(List.of(2, 2, 0), end.totals());
        assertEquals(List.of(1, 1, 3), end.places());
    }

    @Test
    void dealBeforeTheLast_doesNotEndTheMatch_andItsDurakDealsNext() {
        Rules rules = Rules.defaults(3).withDealsPerMatch(5);
        Table deal = Given.hands("8D", "10D", "QC KH").trump("S").discardCount(24).boutsPlayed(8).when(0, "attack 8D");
        MatchState m = new MatchState(rules, 2, 1, 0, deal.state(), List.of(List.of(0, 2, 1)), List.of(0, 2, 1), null);

        Decision.Accepted<MatchState> a = accepted(m, new Command.Play(1, Given.move("cover 8D 10D")));
        assertEquals(List.of("Covered", "BoutEnded", "PlayersOut", "DealEnded"), Table.types(a.events()));
        assertEquals(List.of(2, 4, 1), a.state().totals());
        assertFalse(a.state().isOver());

        Event.DealStarted next = (Event.DealStarted) accepted(a.state(), new Command.StartDeal(Shuffle.of(8))).events().get(0);
        assertEquals(3, next.deal());
        assertEquals(2, next.dealer(), "the durak deals");
        assertEquals(1, next.attacker(), "the player to the durak's right attacks");
    }
}
