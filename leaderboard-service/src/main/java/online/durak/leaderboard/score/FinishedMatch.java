package online.durak.leaderboard.score;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import online.durak.leaderboard.rating.Skill;

/**
 * What one finished match brings to the leaderboard: an entry per person at the table (bots get none), dated by its
 * {@code MatchEnded} event.
 *
 * @param tableId the table
 * @param seq     the seq of the table's {@code MatchEnded}: the match's key, and the event the change is applied for
 * @param at      when the match ended (the event's {@code at})
 * @param seats   every seat, people and bots, as the rating sees it (docs/leaderboard.md "Rating")
 * @param daily   the day of the daily game the table played (docs/daily.md), null for any other table
 */
public record FinishedMatch(String tableId, long seq, Instant at, List<Entry> entries, List<Skill.Seat> seats,
                            LocalDate daily) {

    public FinishedMatch {
        entries = List.copyOf(entries);
        seats = List.copyOf(seats);
    }

    /** Whether the match moves ratings: at least one person played, and at least two teams (or seats) met. */
    public boolean rated() {
        return !entries.isEmpty() && seats.stream().map(Skill.Seat::team).distinct().count() >= 2;
    }

    /**
     * A person's part of the match.
     *
     * @param points     leaderboard points (engine {@code LeaderboardPoints})
     * @param dealPoints the sum of the person's deal points (the board's total)
     * @param place      the place at the match's end (1 = best), 0 when the person left before it
     * @param deals      deals the person played to their end
     * @param duraks     of those, the deals the person lost (the durak, or the durak's partner in team play)
     */
    public record Entry(String playerId, String name, int seat, int points, int dealPoints, int place, int deals,
                        int duraks, boolean left) {
    }
}
