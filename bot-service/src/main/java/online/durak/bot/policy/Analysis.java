package online.durak.bot.policy;

import java.util.List;
import online.durak.engine.Move;

/**
 * What STRONG's search found for one decision, for hints (rules.md §8: "the strong bot suggests a move and
 * says why"): the move it plays, a sentence or two a person can read, and the moves it compared, best first
 * ({@code candidates.get(0).move()} is {@code best}).
 *
 * @param best       the move STRONG plays ({@link StrongPolicy#choose} answers the same)
 * @param reason     one or two English sentences drawn from the search
 * @param candidates the compared moves, best first
 */
public record Analysis(Move best, String reason, List<Candidate> candidates) {
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
     */
    public record Candidate(Move move, double notDurakRate, double meanCardsLeftWhenDurak, int samples,
                            boolean exact) {
    }
}
