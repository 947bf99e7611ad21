package online.durak.engine.table;

import java.time.LocalDate;
import online.durak.engine.Rejection;

/**
 * When a table's match may be analysed by the strong bot (docs/bots.md "Analysis"): once the match is over, and a
 * daily game's (counting attempt or practice: the same cards) only after its day (UTC), so that nobody learns the
 * day's cards from an analysis while others still play them. The bot service checks it on the table's own log.
 */
public final class AnalysisRules {
    /** The match has not ended (or never started): 409. */
    public static final String MATCH_NOT_OVER = "MATCH_NOT_OVER";
    /** A daily game's day (UTC) is not over yet: 403, as for its other pages. */
    public static final String DAILY_HIDDEN = "DAILY_HIDDEN";

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
            return new Rejection(DAILY_HIDDEN, "the daily game of " + t.rules().daily().date()
                    + " is analysed only after its day (UTC), from " + t.rules().daily().date().plusDays(1));
        }
        return null;
    }
}
