package online.durak.bot.policy;

import java.util.List;
import online.durak.engine.Move;

/**
 * What STRONG's search found for one decision, for hints (rules.md §8: "the strong bot suggests a move and
 * says why") and for the analysis of a finished match: the move it plays, why in words a person can read, the
 * moves it compared, best first ({@code candidates.get(0).move()} is {@code best}), and how sure it is.
 *
 * @param best       the move STRONG plays ({@link StrongPolicy#choose} answers the same)
 * @param reason     one or two sentences drawn from the search, in English and German
 * @param candidates the compared moves, best first
 * @param kind       how the search decided
 * @param clear      whether the best move is better than every other beyond the sampling error (always for an
 *                   exact search; for a single legal move too)
 */
public record Analysis(Move best, Words reason, List<Candidate> candidates, StrongPolicy.Kind kind, boolean clear) {
    public Analysis {
        candidates = List.copyOf(candidates);
    }

    /**
     * One compared move.
     *
     * @param move                   the move
     * @param notDurakRate           share of the evaluated deals in which the seat did not end as the durak
     *                               (draws count as not durak); for an exact candidate 1 (wins or draws
     *                               against best play) or 0 (loses against best play)
     * @param meanCardsLeftWhenDurak mean cards the seat held at the end of the deals it lost (0 when it lost
     *                               none); for an exact candidate, those of one NORMAL playout of the move
     * @param samples                deals evaluated (sampled deals; 1 for an exact candidate; 0 when the move
     *                               was not evaluated because it was the only one)
     * @param exact                  whether the value comes from the exact search (every card known)
     * @param expected               the mean result of the move: 1 a win (not the durak), ½ a draw, as the durak
     *                               −0.02 per card kept; for an exact candidate 1, ½ or 0 against best play
     * @param behind                 how much lower the move's result is than the best move's, over the deals
     *                               both were played on (0 for the best)
     * @param margin                 the half-width of the 95 % interval of {@code behind} (0 when exact)
     * @param equalToBest            the move is the best, or not worse than it beyond the sampling error
     */
    public record Candidate(Move move, double notDurakRate, double meanCardsLeftWhenDurak, int samples,
                            boolean exact, double expected, double behind, double margin, boolean equalToBest) {
    }
}
