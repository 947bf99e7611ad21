package online.durak.engine.table;

import java.time.LocalDate;
import online.durak.engine.Rejection;

/**
 * When a table's match may be analysed by the strong bot (docs/bots.md "Analysis"), stated once for the table service
 * (which refuses before asking anyone) and the bot service (which reads the table's log itself): once the match is
 * over, and a daily game's (counting attempt or practice: the same cards) only after its day, so that nobody learns
 * the day's cards from an analysis while others still play them.
 */
public final class AnalysisRules {
    /** The match has not ended (or never started). */
    public static final String MATCH_NOT_OVER = "MATCH_NOT_OVER";
    /** A daily game's day (UTC) is not over yet. */
    public static final String DAILY_NOT_OVER = "DAILY_NOT_OVER";

    private AnalysisRules() {
    }

    /** Null when the table's match may be analysed on {@code today} (the UTC date), else why not. */
    public static Rejection refusal(TableState t, LocalDate today) {
        if (t.status() == TableStatus.NONE) {
            return new Rejection(TableDecider.NO_SUCH_TABLE, "there is no such table");
        }
        if (t.status() != TableStatus.FINISHED) {
            return new Rejection(MATCH_NOT_OVER, t.status() == TableStatus.CLOSED
                    ? "no match was played at this table" : "the match at this table is not over; it is analysed once it is");
        }
        if (t.rules().daily() != null && !today.isAfter(t.rules().daily().date())) {
            return new Rejection(DAILY_NOT_OVER, "the daily game of " + t.rules().daily().date()
                    + " is analysed only after its day (UTC), from " + t.rules().daily().date().plusDays(1));
        }
        return null;
    }
}
