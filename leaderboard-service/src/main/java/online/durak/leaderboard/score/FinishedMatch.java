package online.durak.leaderboard.score;

import java.time.Instant;
import java.util.List;

/**
 * What one finished match brings to the leaderboard: an entry per person at the table (bots get none), dated by its
 * {@code MatchEnded} event.
 *
 * @param tableId the table
 * @param seq     the seq of the table's {@code MatchEnded}: the match's key, and the event the change is applied for
 * @param at      when the match ended (the event's {@code at})
 */
public record FinishedMatch(String tableId, long seq, Instant at, List<Entry> entries) {

    public FinishedMatch {
        entries = List.copyOf(entries);
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
