package online.durak.leaderboard.score;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.LeaderboardPoints;
import online.durak.engine.MatchState;
import online.durak.engine.Rules;
import online.durak.leaderboard.Match;
import online.durak.messages.EventMessage;
import org.junit.jupiter.api.Test;

/** A real match's log (the engine's deciders) as leaderboard entries: people only, the engine's points. */
class MatchResultsTest {
    private static final Instant T0 = Instant.parse("2026-11-20T12:00:00Z");

    @Test
    void twoPeopleAndABot_givePeopleEntries_withTheEnginesPoints_andNoneForTheBot() {
        Match m = Match.played("t-mr-1", Rules.defaults(3).withDealsPerMatch(3), T0, 11,
                List.of(new String[] {"anna", "Anna"}, new String[] {"guest-boris", "Boris"}), BotLevel.EASY);
        FinishedMatch f = MatchResults.of(m.events).orElseThrow();

        EventMessage end = m.events.get(m.events.size() - 1);
        assertEquals("t-mr-1", f.tableId());
        assertEquals(end.seq(), f.seq());
        assertEquals(end.at(), f.at());
        assertEquals(List.of("anna", "guest-boris"), f.entries().stream().map(FinishedMatch.Entry::playerId).toList());
        MatchState match = m.state.match();
        for (FinishedMatch.Entry e : f.entries()) {
            List<Integer> deals = LeaderboardPoints.seatPoints(match, e.seat());
            assertEquals(LeaderboardPoints.ofMatch(match).get(e.seat()), e.points());
            assertEquals(3 * deals.stream().mapToInt(Integer::intValue).sum()
                    + LeaderboardPoints.placeBonus(match.places().get(e.seat())), e.points());
            assertEquals(match.places().get(e.seat()), e.place());
            assertEquals(3, e.deals());
            assertEquals(deals.stream().filter(p -> p == 0).count(), e.duraks());
        }
    }

    @Test
    void teams_bothPartnersShareTheirTeamsPointsAndPlace() {
        Match m = Match.played("t-mr-2", Rules.defaults(4).withTeams(true).withDealsPerMatch(1), T0, 5,
                List.of(new String[] {"p0", "A"}, new String[] {"p1", "B"}, new String[] {"p2", "C"}),
                BotLevel.NORMAL);
        List<FinishedMatch.Entry> e = MatchResults.of(m.events).orElseThrow().entries();
        assertEquals(3, e.size()); // the bot in seat 3 has none
        assertEquals(e.get(0).points(), e.get(2).points()); // seats 0 and 2 are partners
        assertEquals(e.get(0).place(), e.get(2).place());
        List<Integer> board = LeaderboardPoints.ofMatch(m.state.match());
        assertEquals(List.of(board.get(0), board.get(1), board.get(2)),
                e.stream().map(FinishedMatch.Entry::points).toList());
    }

    @Test
    void aPersonWhoLeftWhileAnotherPlayedOn_gets3xTheFinishedDeals_noPlace_andMinus10() {
        Match m = Match.played("t-mr-5", Rules.defaults(3).withDealsPerMatch(3), T0, 11,
                List.of(new String[] {"anna", "Anna"}, new String[] {"boris", "Boris"}), BotLevel.EASY, "boris", 1);
        FinishedMatch f = MatchResults.of(m.events).orElseThrow();
        assertEquals(List.of("anna", "boris"), f.entries().stream().map(FinishedMatch.Entry::playerId).toList(),
                "the bot in Boris's seat has no entry; Boris has his");
        FinishedMatch.Entry boris = f.entries().get(1);
        int firstDeal = m.state.match().dealPoints().get(0).get(1);
        assertEquals(3 * firstDeal - 10, boris.points());
        assertEquals(0, boris.place());
        assertEquals(1, boris.deals());
        assertEquals(firstDeal, boris.dealPoints());
        assertTrue(boris.left());
        assertEquals("Boris", boris.name());
        FinishedMatch.Entry anna = f.entries().get(0);
        assertEquals(LeaderboardPoints.ofMatch(m.state.match()).get(0), anna.points());
        assertEquals(3, anna.deals());
    }

    @Test
    void thePersonOfASoloMatch_leavingIt_getsTheFinishedDealsOnly() {
        Match m = Match.played("t-mr-6", Rules.defaults(2).withDealsPerMatch(3), T0, 11,
                List.<String[]>of(new String[] {"anna", "Anna"}), BotLevel.NORMAL, "anna", 1);
        FinishedMatch.Entry anna = MatchResults.of(m.events).orElseThrow().entries().get(0);
        assertEquals(3 * m.state.match().dealPoints().get(0).get(0), anna.points(), "no place bonus, no −10");
        assertEquals(0, anna.place());
        assertEquals(1, anna.deals());
        assertTrue(anna.left());
        assertEquals(1, MatchResults.of(m.events).orElseThrow().entries().size());
    }

    @Test
    void aLogThatDoesNotEndWithMatchEnded_isNoFinishedMatch() {
        Match m = Match.played("t-mr-3", Rules.defaults(2).withDealsPerMatch(1), T0, 3,
                List.of(new String[] {"a", "A"}, new String[] {"b", "B"}), BotLevel.EASY);
        assertTrue(MatchResults.of(m.events.subList(0, m.events.size() - 1)).isEmpty());
        assertTrue(MatchResults.of(List.of()).isEmpty());
    }

    @Test
    void aLogWithAGap_isRefused() {
        Match m = Match.played("t-mr-4", Rules.defaults(2).withDealsPerMatch(1), T0, 3,
                List.of(new String[] {"a", "A"}, new String[] {"b", "B"}), BotLevel.EASY);
        List<EventMessage> gap = new ArrayList<>(m.events);
        gap.remove(4);
        assertThrows(IllegalArgumentException.class, () -> MatchResults.of(gap));
    }
}
