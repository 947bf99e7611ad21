package online.durak.bot.analysis;

import java.util.List;
import online.durak.bot.policy.Words;
import online.durak.engine.Move;
import online.durak.engine.Phase;

/**
 * The analysis of a finished match (docs/bots.md "Analysis"): every decision of every person, and a summary per
 * person. As stored and as answered, in JSON by Jackson (moves in their wire form).
 *
 * @param players   one summary per person who decided, by seat
 * @param decisions every decision, in the order they were made
 */
public record MatchAnalysis(List<Player> players, List<Judged> decisions) {
    public MatchAnalysis {
        players = List.copyOf(players);
        decisions = List.copyOf(decisions);
    }

    /**
     * One decision as judged.
     *
     * @param deal           the deal, 1-based
     * @param seq            the seq of the event that records the move (a replay's step)
     * @param seat           who decided
     * @param phase          the phase it was decided in
     * @param played         the move made
     * @param best           the best move the search found
     * @param playedExpected the expected result of the move made (a win 1, a draw ½, as the durak about 0)
     * @param bestExpected   the expected result of the best move
     * @param loss           how much lower the played move's result is than the best's, over the deals both were
     *                       played on (0 when it is the best)
     * @param margin         the half-width of the 95 % interval of {@code loss} (0 when exact)
     * @param verdict        {@link Verdict}
     * @param samples        sampled deals behind the best move's estimate (1 when exact)
     * @param exact          whether every card was known and the search was exact
     * @param reason         why, in English and German
     */
    public record Judged(int deal, long seq, int seat, Phase phase, Move played, Move best, double playedExpected,
                         double bestExpected, double loss, double margin, Verdict verdict, int samples, boolean exact,
                         Words reason) {
    }

    /**
     * One person's decisions in sum.
     *
     * @param accuracy   the share of the person's decisions judged good, in percent
     * @param meanLoss   the mean loss over the person's decisions (a loss within the sampling error counts 0)
     * @param biggest    the person's worst decisions (at most three, worst first; good ones never)
     */
    public record Player(int seat, String name, int decisions, double accuracy, double meanLoss, int good,
                         int inaccuracies, int mistakes, int blunders, List<Judged> biggest) {
        public Player {
            biggest = List.copyOf(biggest);
        }
    }
}
