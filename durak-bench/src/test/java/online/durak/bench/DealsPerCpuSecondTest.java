package online.durak.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** The cross-check's arguments (docs/benchmarks.md): {@code [rounds] [cpu-seconds]}, read by picocli. */
class DealsPerCpuSecondTest {

    private static DealsPerCpuSecond parse(String... args) {
        DealsPerCpuSecond d = new DealsPerCpuSecond();
        new CommandLine(d).parseArgs(args);
        return d;
    }

    @Test
    void roundsAndSeconds_orTheirDefaults() {
        assertEquals(5, parse().rounds);
        assertEquals(10, parse().seconds);
        assertEquals(3, parse("3").rounds);
        assertEquals(10, parse("3").seconds);
        assertEquals(0.5, parse("3", "0.5").seconds);
    }

    @Test
    void aBadArgument_isRefused() {
        for (String[] bad : List.of(new String[] {"x"}, new String[] {"3", "y"}, new String[] {"1", "2", "3"},
                new String[] {"--colour"})) {
            assertThrows(ParameterException.class, () -> parse(bad), String.join(" ", bad));
        }
    }
}
