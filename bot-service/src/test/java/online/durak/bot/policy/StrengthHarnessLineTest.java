package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/** The strength harness's options (docs/bots.md), read by picocli. */
class StrengthHarnessLineTest {

    private static StrengthHarness.Line parse(String... args) {
        StrengthHarness.Line l = new StrengthHarness.Line();
        StrengthHarness.line(l).parseArgs(args);
        return l;
    }

    @Test
    void defaults() {
        StrengthHarness.Line l = parse();
        assertEquals("normal", l.a);
        assertEquals("greedy", l.b);
        assertEquals(2000, l.deals);
        assertEquals(2, l.players);
        assertEquals(1, l.seed);
        assertEquals(Variant.PODKIDNOI, l.variant);
        assertEquals(36, l.deck);
        assertEquals(ThrowIn.ALL, l.throwIn);
        assertEquals(FirstBoutLimit.FIRST_BOUT, l.firstBoutLimit);
        assertFalse(l.teams || l.showTrump || l.hiddenDiscard);
        assertEquals(Runtime.getRuntime().availableProcessors(), l.threads);
        assertEquals(StrongPolicy.DEFAULT_EXACT_NODES, l.exactNodes);
    }

    @Test
    void everyOption() {
        StrengthHarness.Line l = parse("--a", "strong", "--b", "random", "--deals", "10", "--players", "4", "--seed", "9",
            "--variant", "perevodnoi", "--deck", "52", "--teams", "--throw-in", "neighbours_only",
            "--first-bout-limit", "none", "--show-trump", "--hidden-discard", "--threads", "1", "--samples", "8",
            "--budget-ms", "5", "--exact-nodes", "0");
        assertEquals("strong", l.a);
        assertEquals("random", l.b);
        assertEquals(10, l.deals);
        assertEquals(4, l.players);
        assertEquals(9, l.seed);
        assertEquals(Variant.PEREVODNOI, l.variant);
        assertEquals(52, l.deck);
        assertEquals(ThrowIn.NEIGHBOURS_ONLY, l.throwIn);
        assertEquals(FirstBoutLimit.NONE, l.firstBoutLimit);
        assertTrue(l.teams && l.showTrump && l.hiddenDiscard);
        assertEquals(1, l.threads);
        assertEquals(8, l.samples);
        assertEquals(5, l.budgetMs);
        assertEquals(0, l.exactNodes);
    }

    @Test
    void aBadOption_isRefused() {
        for (String[] bad : List.of(new String[] {"--variant", "chess"}, new String[] {"--deals", "x"},
                new String[] {"--deals"}, new String[] {"--colour", "red"})) {
            assertThrows(ParameterException.class, () -> parse(bad), String.join(" ", bad));
        }
    }
}
