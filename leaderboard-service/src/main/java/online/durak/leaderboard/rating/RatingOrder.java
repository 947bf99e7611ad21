package online.durak.leaderboard.rating;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import online.durak.leaderboard.rating.Skill.Rating;

/**
 * Ratings are a fold over the rated matches in one fixed order, by match end {@code (at, table_id, seq)}, so that a
 * rebuild (which applies the store's matches in that order) gives exactly the ratings the consumer gave, whatever order
 * the matches reached the consumer in. A match that arrives after matches that ended later is put in its place: each
 * stored match keeps its seats' ratings before and after it, so the later matches that it changes (those sharing a
 * rater with it, and so on down the line) are computed again from their stored "before" ratings; the others are left
 * as they are. Pure: the store reads and writes ({@code LeaderboardStore}).
 */
public final class RatingOrder {

    private RatingOrder() {
    }

    /**
     * A seat of a rated match as stored, with its rater's rating before and after the match.
     */
    public record RatedSeat(int slot, String rater, int team, int rank, double muBefore, double sigmaBefore,
                            double mu, double sigma) {
        Skill.Seat seat() {
            return new Skill.Seat(slot, rater, team, rank);
        }
    }

    /** A rated match: its key and its seats. */
    public record RatedMatch(String tableId, long seq, List<RatedSeat> seats) {
        public RatedMatch {
            seats = List.copyOf(seats);
        }
    }

    /**
     * What inserting a match changes.
     *
     * @param inserted the new match's seats
     * @param changed  the later matches whose ratings changed, to be written again
     * @param ratings  the new current rating of every rater that changed
     */
    public record Result(RatedMatch inserted, List<RatedMatch> changed, Map<String, Rating> ratings) {
    }

    /**
     * Inserts a match into the order.
     *
     * @param seats   the new match's seats
     * @param later   the rated matches that ended after it, in order (usually none)
     * @param current the stored current ratings of the new match's raters (a rater missing is new)
     */
    public static Result insert(String tableId, long seq, List<Skill.Seat> seats, List<RatedMatch> later,
                                Map<String, Rating> current) {
        Map<String, Rating> state = new LinkedHashMap<>();
        for (Skill.Seat s : seats) {
            // the rating just before the new match: before its rater's next match, if it has one, else its current
            state.computeIfAbsent(s.rater(), r -> firstBefore(r, later).orElse(current.getOrDefault(r, Rating.NEW)));
        }
        Set<String> dirty = new HashSet<>(state.keySet());
        RatedMatch inserted = rate(tableId, seq, seats, state);
        List<RatedMatch> changed = new ArrayList<>();
        for (RatedMatch m : later) {
            if (m.seats().stream().noneMatch(s -> dirty.contains(s.rater()))) {
                continue; // nothing it reads has changed
            }
            List<Skill.Seat> its = new ArrayList<>();
            for (RatedSeat s : m.seats()) {
                if (dirty.add(s.rater())) {
                    state.put(s.rater(), new Rating(s.muBefore(), s.sigmaBefore()));
                }
                its.add(s.seat());
            }
            RatedMatch again = rate(m.tableId(), m.seq(), its, state);
            if (!again.equals(m)) {
                changed.add(again);
            }
        }
        return new Result(inserted, changed, state);
    }

    private static java.util.Optional<Rating> firstBefore(String rater, List<RatedMatch> later) {
        for (RatedMatch m : later) {
            for (RatedSeat s : m.seats()) {
                if (s.rater().equals(rater)) {
                    return java.util.Optional.of(new Rating(s.muBefore(), s.sigmaBefore()));
                }
            }
        }
        return java.util.Optional.empty();
    }

    /** Rates one match from {@code state} and moves {@code state} past it. */
    private static RatedMatch rate(String tableId, long seq, List<Skill.Seat> seats, Map<String, Rating> state) {
        Map<String, Rating> before = new HashMap<>(state);
        Map<String, Rating> after = Skill.rate(seats, r -> before.getOrDefault(r, Rating.NEW));
        List<RatedSeat> out = new ArrayList<>();
        for (Skill.Seat s : seats) {
            Rating b = before.getOrDefault(s.rater(), Rating.NEW);
            Rating a = after.get(s.rater());
            out.add(new RatedSeat(s.slot(), s.rater(), s.team(), s.rank(), b.mu(), b.sigma(), a.mu(), a.sigma()));
        }
        state.putAll(after);
        return new RatedMatch(tableId, seq, out);
    }
}
