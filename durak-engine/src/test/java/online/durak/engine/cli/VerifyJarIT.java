package online.durak.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged command, {@code java -jar durak-engine/target/durak-engine.jar verify FILE} (docs/fairness.md): the
 * jar alone (Jackson inside it) checks a replay's proof, from a file or from standard input.
 */
class VerifyJarIT {
    private static final Path REPLAY = Path.of("src/test/resources/replays/perevodnoi-3-deal-1.json");

    @TempDir
    Path dir;

    private record Run(int exitCode, String out) {
    }

    private static Run java(Path stdin, String... args) throws Exception {
        ProcessBuilder b = new ProcessBuilder(new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-jar",
                System.getProperty("conformance.jar")))).redirectErrorStream(true);
        b.command().addAll(List.of(args));
        if (stdin != null) {
            b.redirectInput(stdin.toFile());
        }
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Run(p.exitValue(), out);
    }

    @Test
    void aReplaysProof_isValid_fromAFile_orFromStandardInput() throws Exception {
        Run file = java(null, "verify", REPLAY.toAbsolutePath().toString());
        assertEquals(0, file.exitCode(), file.out());
        assertTrue(file.out().startsWith("VALID: "), file.out());
        Run stdin = java(REPLAY, "verify", "-");
        assertEquals(0, stdin.exitCode(), stdin.out());
    }

    @Test
    void aTamperedProof_exitsOne_andAnUnreadableFile_two() throws Exception {
        String text = Files.readString(REPLAY);
        String salt = text.substring(text.indexOf("\"salt\":\"") + 8, text.indexOf("\"salt\":\"") + 8 + 64);
        Path tampered = Files.writeString(dir.resolve("tampered.json"), text.replaceFirst(salt, "f".repeat(64)));
        Run r = java(null, "verify", tampered.toString());
        assertEquals(1, r.exitCode(), r.out());
        assertTrue(r.out().startsWith("INVALID: "), r.out());
        Run bad = java(null, "verify", Files.writeString(dir.resolve("bad.json"), "[]").toString());
        assertEquals(2, bad.exitCode(), bad.out());
        assertTrue(bad.out().startsWith("unreadable: "), bad.out());
    }
}
