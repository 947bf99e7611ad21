package online.durak.engine;

import java.util.List;

/**
 * A match at one table (rules.md §6): {@code dealsPerMatch} deals, their points added up. Immutable.
 *
 * @param dealNumber    deals started so far (the running or last deal's number, 1-based)
 * @param dealer        the dealer of the running or last deal, -1 before the first
 * @param previousDurak the durak of the last finished deal, -1 after a draw or before the first
 * @param deal          the running or last deal, null before the first
 * @param dealPoints    points of every finished deal, one list per deal
 * @param places        final places (1 = best, ties share) once the match is over, else null
 */
public record MatchState(Rules rules, int dealNumber, int dealer, int previousDurak, DealState deal,
                         List<List<Integer>> dealPoints, List<Integer> totals, List<Integer> places) {

    public MatchState {
        dealPoints = List.copyOf(dealPoints);
        totals = List.copyOf(totals);
        places = places == null ? null : List.copyOf(places);
    }

    public boolean isOver() {
        return places != null;
    }

    public boolean dealRunning() {
        return deal != null && !deal.isOver();
    }
}
