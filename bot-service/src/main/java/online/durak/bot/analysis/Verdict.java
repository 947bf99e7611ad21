package online.durak.bot.analysis;

/**
 * How a decision is judged: by its loss, how much lower the expected result of the move played is than that of the
 * best move the search found (a win 1, a draw ½, being the durak about 0; docs/bots.md "Analysis"), counted only when
 * it lies beyond the sampling error. Thresholds: an inaccuracy from {@value #INACCURACY_FROM}, a mistake from
 * {@value #MISTAKE_FROM}, a blunder from {@value #BLUNDER_FROM}.
 */
public enum Verdict {
    GOOD, INACCURACY, MISTAKE, BLUNDER;

    static final double INACCURACY_FROM = 0.05;
    static final double MISTAKE_FROM = 0.10;
    static final double BLUNDER_FROM = 0.20;

    /** The verdict of a loss; {@code withinError} (not worse than the best beyond the sampling error) is good. */
    static Verdict of(double loss, boolean withinError) {
        if (withinError || loss < INACCURACY_FROM) {
            return GOOD;
        }
        return loss < MISTAKE_FROM ? INACCURACY : loss < BLUNDER_FROM ? MISTAKE : BLUNDER;
    }
}
