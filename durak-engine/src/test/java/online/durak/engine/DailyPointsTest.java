package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** rules.md §7: 10 × the deal points, plus the durak's cards in each deal where the seat is not the durak. */
class DailyPointsTest {

    @Test
    void aPlayedDeal_tenTimesTheDealPoints_plusTheCardsTheDurakKept() {
        // three players, stock empty: seat 0 goes out first (1 + 2 = 3 points), seat 1 second (2), seat 2 is
        // durak with KH QC left after taking 6H... played by the engine, then computed by hand below
        Table t = Given.hands("8D", "10D 9C", "QC KH 7H").trump("S").discardCount(30).boutsPlayed(8)
                .plays("0 attack 8D", "1 cover 8D 10D")
                .then().out(0).nextBout(1, 2)
                .plays("1 attack 9C", "2 cover 9C QC")
                .then().out(0, 1).durak(2).points(3, 2, 0);
        Event.DealEnded end = (Event.DealEnded) t.events().get(t.events().size() - 1);
        assertEquals(Given.cards("KH 7H"), end.durakCards());
        // seat 0: 10 × 3 + 2 cards = 32; seat 1: 10 × 2 + 2 = 22; the durak: 10 × 0 and no bonus = 0
        assertEquals(32, DailyPoints.ofDeal(0, end));
        assertEquals(22, DailyPoints.ofDeal(1, end));
        assertEquals(0, DailyPoints.ofDeal(2, end));
    }

    @Test
    void aMatchOfThreeDeals_addsEachDeal_aDrawGivesNoBonus_anUnfinishedDealNothing() {
        Event.DealEnded first = new Event.DealEnded(2, List.of(3, 2, 0), Given.cards("6H 7H 8H 9H"));
        Event.DealEnded lost = new Event.DealEnded(0, List.of(0, 3, 2), Given.cards("AS"));
        Event.DealEnded draw = new Event.DealEnded(-1, List.of(1, 1, 1), CardSet.EMPTY);
        // (30 + 4) + (0, the durak) + (10, a draw: no durak, no cards) = 44
        assertEquals(44, DailyPoints.of(0, List.of(first, lost, draw)));
        // seat 1: (20 + 4) + (30 + 1) + 10 = 65
        assertEquals(65, DailyPoints.of(1, List.of(first, lost, draw)));
        // an attempt abandoned after its first deal: only that deal counts
        assertEquals(34, DailyPoints.of(0, List.of(first)));
        assertEquals(0, DailyPoints.of(0, List.of()));
    }

    @Test
    void theDailyGame_isPodkidnoi36_threePlayers_threeDeals_noClock_andRefusesAnythingElse() {
        Rules r = Rules.daily(LocalDate.of(2026, 12, 1), false);
        assertEquals(Variant.PODKIDNOI, r.variant());
        assertEquals(Deck.D36, r.deck());
        assertEquals(3, r.players());
        assertEquals(3, r.dealsPerMatch());
        assertEquals(0, r.turnClockSeconds());
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> r.withDealsPerMatch(5));
        assertEquals("daily", e.setting());
        assertEquals(r.daily(), r.withDealsPerMatch(3).daily(), "a with-method keeps the daily game");
    }
}
