package online.durak.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Leaderboard points of a match (rules.md §7): three times each of the seat's deal points, plus a place bonus at the
 * match's end (30, 15, 5 for places 1, 2, 3; a shared place earns each of its seats that place's bonus), and −10 for a
 * person who left a match that other people play before its end. The one place that says so: the final board and the
 * leaderboard both ask here, so their numbers never disagree.
 */
public final class LeaderboardPoints {
    public static final int PER_DEAL_POINT = 3;
    /** The place bonus of places 1, 2 and 3; later places get none. */
    public static final List<Integer> PLACE_BONUS = List.of(30, 15, 5);
    public static final int LEFT_EARLY = -10;

    private LeaderboardPoints() {
    }

    /** The bonus of a place (1 = best); 0 for places after the third or for none (0 or less). */
    public static int placeBonus(int place) {
        return place >= 1 && place <= PLACE_BONUS.size() ? PLACE_BONUS.get(place - 1) : 0;
    }

    /**
     * One seat's points.
     *
     * @param dealPoints the seat's points of every deal it finished (in team play its team's points)
     * @param place      its place at the match's end (1 = best), or 0 when it has none: the match did not end with it
     *                   in the seat (it left and a bot played on)
     * @param leftEarly  it left the match before its end while other people played on
     */
    public static int of(List<Integer> dealPoints, int place, boolean leftEarly) {
        int sum = 0;
        for (int p : dealPoints) {
            if (p < 0) {
                throw new IllegalArgumentException("deal points are never negative: " + dealPoints);
            }
            sum += p;
        }
        return PER_DEAL_POINT * sum + placeBonus(place) + (leftEarly ? LEFT_EARLY : 0);
    }

    /**
     * Every seat's points of a finished match, in seat order (seats that nobody left). The final board shows these
     * beside the totals.
     *
     * @throws IllegalArgumentException when the match is not over
     */
    public static List<Integer> ofMatch(MatchState match) {
        if (!match.isOver()) {
            throw new IllegalArgumentException("the match is not over");
        }
        List<Integer> out = new ArrayList<>(match.places().size());
        for (int seat = 0; seat < match.places().size(); seat++) {
            out.add(of(seatPoints(match, seat), match.places().get(seat), false));
        }
        return out;
    }

    /**
     * The points of a person who left the match from {@code seat} after {@code deals} finished deals: those deals'
     * points, no place bonus, and −10 when a bot took the seat because other people played on ({@code replaced});
     * a solo match ended by its one person's leave costs nothing more.
     */
    public static int ofLeaver(MatchState match, int seat, int deals, boolean replaced) {
        return of(seatPoints(match, seat).subList(0, deals), 0, replaced);
    }

    /** The seat's points of every finished deal of the match, in deal order. */
    public static List<Integer> seatPoints(MatchState match, int seat) {
        List<Integer> out = new ArrayList<>(match.dealPoints().size());
        for (List<Integer> deal : match.dealPoints()) {
            out.add(deal.get(seat));
        }
        return out;
    }
}
