package online.durak.engine;

import java.util.List;
import java.util.Map;

/**
 * What one seat may know of a deal (rules.md §8), and nothing more: its own hand, the others' hand sizes
 * and known cards, the table, trump, stock size, the discard when {@code discardVisible}, the roles, the
 * round, and its legal moves. {@code seat} -1 is a view from no seat: the open view of a finished deal, with every
 * hand, or the public view of a spectator ({@link Views#publicView}), with none and no legal moves.
 *
 * @param hands         the viewer's own hand only (open view: every hand; public view: none), by seat
 * @param known         cards every player knows to be in a hand, by seat
 * @param discard       the discarded cards, or null when the discard lies face down
 * @param trumpsInPlay  trumps not yet discarded, or -1 when the discard lies face down
 * @param roomLeft      how many more attack cards fit in this bout
 * @param stillToCome   in a round: seats still to come, the acting one first
 * @param passed        in a round: seats that passed since it last started
 * @param points        deal points once the deal is over, else null
 * @param shuffleCommitment the seal of the deal's shuffle ({@link ShuffleProof}): SHA-256 of its salt and deck order,
 *                      the same for every seat; null for a deal dealt without one
 */
public record SeatView(int seat, Phase phase, int toAct, int attacker, int defender,
                       Map<Integer, List<Card>> hands, List<Integer> handSizes, Map<Integer, List<Card>> known,
                       List<Card[]> table, Suit trump, Card trumpCard, int stockCount, int discardCount,
                       List<Card> discard, int trumpsInPlay, int boutsPlayed, List<Integer> out, int roomLeft,
                       List<Integer> stillToCome, List<Integer> passed, List<Move> legalMoves, int durak,
                       List<Integer> points, String shuffleCommitment) {
}
