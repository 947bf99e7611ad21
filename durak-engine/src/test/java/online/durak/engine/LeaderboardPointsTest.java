package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** rules.md §7: 3 × each deal's points, the place bonus 30 / 15 / 5 at the match's end, −10 for leaving early. */
class LeaderboardPointsTest {

    private static MatchState ended(Rules rules, List<List<Integer>> deals) {
        int n = rules.players();
        Integer[] totals = new Integer[n];
        for (int seat = 0; seat < n; seat++) {
            int sum = 0;
            for (List<Integer> d : deals) {
                sum += d.get(seat);
            }
            totals[seat] = sum;
        }
        List<Integer> t = List.of(totals);
        return new MatchState(rules, deals.size(), 0, -1, null, deals, t, MatchDecider.places(t));
    }

    @Test
    void fourPlayersGoingOutOneByOne_get3TimesTheirDealPoints_andThePlaceBonus() {
        // §6: 4, 3 and 2 points, 0 for the durak; one deal, so places 1..4
        MatchState m = ended(Rules.defaults(4).withDealsPerMatch(1), List.of(List.of(4, 3, 2, 0)));
        assertEquals(List.of(12 + 30, 9 + 15, 6 + 5, 0), LeaderboardPoints.ofMatch(m));
    }

    @Test
    void sharedPlaces_eachGetThatPlacesBonus_andThePlacesAfterThemAreSkipped() {
        // two seats out in the same first bout (1 + 2 later each), then one more, then the durak
        MatchState m = ended(Rules.defaults(4).withDealsPerMatch(1), List.of(List.of(3, 3, 2, 0)));
        assertEquals(List.of(1, 1, 3, 4), m.places());
        assertEquals(List.of(9 + 30, 9 + 30, 6 + 5, 0), LeaderboardPoints.ofMatch(m));
    }

    @Test
    void twoPlayers_winnerAndDurak() {
        MatchState m = ended(Rules.defaults(2).withDealsPerMatch(3), List.of(List.of(1, 0), List.of(0, 1),
                List.of(1, 0)));
        assertEquals(List.of(6 + 30, 3 + 15), LeaderboardPoints.ofMatch(m));
    }

    @Test
    void twoPlayers_aDrawnMatch_bothShareFirstPlace() {
        // the last deal a draw: both out in the same bout, 1 point each
        MatchState m = ended(Rules.defaults(2).withDealsPerMatch(3), List.of(List.of(1, 0), List.of(0, 1),
                List.of(1, 1)));
        assertEquals(List.of(6 + 30, 6 + 30), LeaderboardPoints.ofMatch(m));
    }

    @Test
    void teams_bothPartnersGetTheirTeamsPoints_andShareItsPlace() {
        // seats 0 and 2 against 1 and 3: the deal's points are the team's, given to both partners
        MatchState m = ended(Rules.defaults(4).withTeams(true).withDealsPerMatch(1), List.of(List.of(1, 0, 1, 0)));
        assertEquals(List.of(1, 3, 1, 3), m.places());
        assertEquals(List.of(3 + 30, 5, 3 + 30, 5), LeaderboardPoints.ofMatch(m));
    }

    @Test
    void placesAfterTheThird_getNoBonus() {
        assertEquals(0, LeaderboardPoints.placeBonus(4));
        assertEquals(0, LeaderboardPoints.placeBonus(6));
        assertEquals(3 * 2, LeaderboardPoints.of(List.of(2), 5, false));
    }

    @Test
    void aPersonWhoLeftEarly_keepsTheDealsFinished_getsNoPlace_andMinus10() {
        assertEquals(3 * 3 - 10, LeaderboardPoints.of(List.of(2, 1), 0, true));
        assertEquals(-10, LeaderboardPoints.of(List.of(), 0, true));
    }

    @Test
    void aMatchNotOver_hasNoLeaderboardPoints() {
        MatchState running = new MatchState(Rules.defaults(2), 1, 0, -1, null, List.of(), List.of(0, 0), null);
        assertThrows(IllegalArgumentException.class, () -> LeaderboardPoints.ofMatch(running));
    }

    @Test
    void negativeDealPoints_areRefused() {
        assertThrows(IllegalArgumentException.class, () -> LeaderboardPoints.of(List.of(-1), 1, false));
    }
}
