package online.durak.engine.conformance;

import java.util.List;
import java.util.Map;
import online.durak.engine.Card;
import online.durak.engine.Move;
import online.durak.engine.Phase;
import online.durak.engine.Position;
import online.durak.engine.Rules;

/** One parsed case of docs/conformance.md. Expectation fields are null when the case does not state them. */
public record ConformanceCase(String name, Rules rules, Position setup, List<Step> steps, Expect expect) {

    public record Step(int seat, Move move, boolean expectReject) {
    }

    /** @param durak a seat, -1 for "null" (a draw), or null when not stated */
    public record Expect(Phase phase, Integer toAct, Integer attacker, Integer defender,
                         Map<Integer, List<Card>> hands, List<Integer> handSizes, List<Card[]> table,
                         Integer discardCount, Integer stockCount, List<Integer> out, Integer durak,
                         List<Integer> points, Map<Integer, List<Card>> known) {
    }
}
