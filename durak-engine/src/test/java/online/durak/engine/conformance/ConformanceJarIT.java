package online.durak.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged command, {@code java -jar durak-engine/target/durak-engine.jar conformance PATH...}, as
 * docs/conformance.md states it: exit 0 when every case passed, 1 when one failed, 2 for a file that is not a
 * valid case (naming file and field) and for a wrong command line. The jar runs alone, Jackson inside it.
 */
class ConformanceJarIT {
    @TempDir
    Path dir;

    private record Run(int exitCode, String out, String err) {
    }

    private static Run java(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-jar", System.getProperty("conformance.jar")));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void theRepositorysCases_pass_exitZero() throws Exception {
        Run r = java("conformance", Path.of("src/test/resources/conformance").toAbsolutePath().toString());

        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("PASS ") && r.out().contains(" passed, 0 failed"), r.out());
    }

    @Test
    void aFailingCase_exitsOne() throws Exception {
        Path f = Files.writeString(dir.resolve("wrong.json"), """
                { "name": "a wrong expectation",
                  "setup": { "trump": "S", "hands": [["8D"], ["10D", "7C"]], "stock": [], "attacker": 0 },
                  "steps": [ { "seat": 0, "move": { "type": "attack", "cards": ["8D"] } } ],
                  "expect": { "toAct": 0 } }
                """);
        Run r = java("conformance", f.toString());

        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("FAIL a wrong expectation: toAct expected 0 but was 1"), r.out());
    }

    @Test
    void badJson_andAnInvalidCase_exitTwo_namingFileAndField() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{ \"name\": \"n\", \"setup\": ");
        Run r = java("conformance", bad.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains(bad + ": not a valid case: bad JSON at line 1"), r.err());

        Path card = Files.writeString(dir.resolve("card.json"), "{ \"name\": \"n\", \"setup\": { \"trump\": \"S\","
                + " \"hands\": [[\"8D\"], [\"10X\"]], \"attacker\": 0 } }");
        r = java("conformance", card.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains(card + ": not a valid case: setup.hands[1][0]"), r.err());
    }

    @Test
    void aWrongCommandLine_exitsTwo_withTheUsage() throws Exception {
        Run r = java("perft");

        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("usage: java -jar durak-engine.jar conformance PATH..."), r.err());
    }
}
