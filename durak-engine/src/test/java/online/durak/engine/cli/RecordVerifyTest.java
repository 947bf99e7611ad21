package online.durak.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import online.durak.engine.Rules;
import online.durak.engine.record.Records;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code record verify FILE}: a valid record's result, a refused one's line and reason, an unreadable file. */
class RecordVerifyTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    private int run(String file, String stdin) {
        return RecordVerify.run(file, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aValidRecord_printsItsMovesProofsAndResult_exitZero() throws Exception {
        String record = Records.assertRoundTrip("t-v", Records.clockedMatch(Rules.defaults(3)
                .withTurnClockSeconds(30).withDealsPerMatch(3), 5));
        Path file = Files.writeString(dir.resolve("match.durak"), record);
        assertEquals(0, run(file.toString(), ""), out());
        assertTrue(out().matches("(?s)VALID: \\d+ moves in 3 deals, each legal; 3 of 3 shuffle proofs hold \\(0 deals "
                + "unsealed\\)\nResult: Ann -?\\d+ \\(place \\d\\), Bo -?\\d+ \\(place \\d\\), Normal bot 2 -?\\d+ "
                + "\\(place \\d\\)\n"), out());
        out.reset();
        assertEquals(0, run("-", record), out());
    }

    @Test
    void aRefusedRecord_printsTheLineAndTheReason_exitOne() {
        String record = Records.assertRoundTrip("t-v", Records.clockedMatch(Rules.defaults(3)
                .withTurnClockSeconds(30).withDealsPerMatch(3), 5));
        assertEquals(1, run("-", record.replace("[Seat1 \"Bo\"]", "[Seat1 \"Cy\"]")), out());
        assertTrue(out().matches("INVALID: line \\d+: Seat1 is \"Cy\", but the moves come to \"Bo\"\n"), out());
    }

    @Test
    void aFileThatCannotBeRead_exitsTwo() {
        assertEquals(2, run(dir.resolve("none.durak").toString(), ""));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("unreadable: "));
    }
}
