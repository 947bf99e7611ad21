package online.durak.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The conformance runner's command line, read by picocli (the runs themselves: ConformanceJarIT). */
class MainTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
    }

    @Test
    void conformance_takesOneOrMorePaths() {
        Main.Conformance c = new Main.Conformance();
        new CommandLine(c).parseArgs("a.json", "cases/");
        assertEquals(List.of(Path.of("a.json"), Path.of("cases/")), c.paths);
    }

    @Test
    void verify_takesOneFile_orADash() {
        Main.VerifyProof v = new Main.VerifyProof();
        new CommandLine(v).parseArgs("-");
        assertEquals("-", v.file);
        new CommandLine(v).parseArgs("replay.json");
        assertEquals("replay.json", v.file);
    }

    @Test
    void help_printsTheUsage_exitZero() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("usage: java -jar durak-engine.jar conformance PATH..."), out.toString());
        assertTrue(out.toString().contains("java -jar durak-engine.jar verify FILE"), out.toString());
        assertTrue(out.toString().contains("conformance"), out.toString());
    }

    @Test
    void aWrongLine_exitsTwo_withTheUsage() {
        for (String[] bad : List.of(new String[] {"perft"}, new String[] {"conformance"}, new String[0],
                new String[] {"--colour"})) {
            err.getBuffer().setLength(0);
            assertEquals(2, run(bad), String.join(" ", bad));
            assertTrue(err.toString().contains("usage: java -jar durak-engine.jar conformance PATH..."), err.toString());
        }
        for (String[] bad : List.of(new String[] {"verify"}, new String[] {"verify", "a.json", "b.json"})) {
            err.getBuffer().setLength(0);
            assertEquals(2, run(bad), String.join(" ", bad));
            assertTrue(err.toString().contains("usage: java -jar durak-engine.jar verify FILE"), err.toString());
        }
    }
}
