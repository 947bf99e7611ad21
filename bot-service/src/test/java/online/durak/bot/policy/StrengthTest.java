package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import online.durak.engine.Rules;
import org.junit.jupiter.api.Test;

class StrengthTest {

    @Test
    void normal_beatsRandom_clearly_in2PlayerDeals() throws Exception {
        StrengthHarness.Result r = StrengthHarness.run(Rules.defaults(2), new NormalPolicy(), new RandomPolicy(),
                400, 1, 1);
        assertTrue(StrengthHarness.wilson(r.notDurak(), r.deals())[0] > 0.8, "NORMAL not durak " + r.winRate());
    }

    @Test
    void easy_losesMostDeals_toGreedy() throws Exception {
        StrengthHarness.Result r = StrengthHarness.run(Rules.defaults(2), new EasyPolicy(), new GreedyPolicy(),
                400, 1, 1);
        assertTrue(r.durakRate() > 0.6, "EASY durak " + r.durakRate());
    }

    @Test
    void wilson_matchesAKnownInterval() {
        double[] w = StrengthHarness.wilson(85, 100);
        assertTrue(Math.abs(w[0] - 0.7672) < 1e-3 && Math.abs(w[1] - 0.9069) < 1e-3,
                () -> w[0] + ", " + w[1]);
    }
}
