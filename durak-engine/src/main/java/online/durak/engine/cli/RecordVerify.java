package online.durak.engine.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.DealCheck;
import online.durak.engine.Event;
import online.durak.engine.record.MatchRecord;
import online.durak.engine.record.RecordException;
import online.durak.engine.record.RecordReader;

/**
 * {@code record verify FILE} (docs/record-format.md): reads a match's record through the engine ({@link RecordReader}):
 * every move legal where it stands, every deal dealt from its deck order, every shuffle proof holding, the result
 * what the moves come to. Exit 0 valid (with the result), 1 a record refused (with the line and the reason), 2 a
 * file that cannot be read.
 */
final class RecordVerify {
    private RecordVerify() {
    }

    static int run(String file, InputStream stdin, PrintStream out, PrintStream err) {
        String text;
        try {
            text = file.equals("-") ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8)
                    : Files.readString(Path.of(file));
        } catch (IOException | RuntimeException e) {
            err.println("unreadable: " + file + ": " + e.getMessage());
            return Verify.UNREADABLE;
        }
        MatchRecord record;
        try {
            record = RecordReader.read(text);
        } catch (RecordException e) {
            out.println("INVALID: line " + e.line() + ": " + e.reason());
            return Verify.INVALID;
        }
        int deals = 0;
        int sealed = 0;
        int moves = 0;
        for (MatchRecord.Entry e : record.log()) {
            if (e.event() instanceof Event.DealStarted d) {
                deals++;
                sealed += d.salt() == null ? 0 : 1;
            }
            moves += DealCheck.moveOf(e.event()) == null ? 0 : 1;
        }
        out.println("VALID: " + moves + " moves in " + deals + " deals, each legal; " + sealed + " of " + deals
                + " shuffle proofs hold (" + (deals - sealed) + " deals unsealed)");
        out.println("Result: " + result(record));
        return Verify.VALID;
    }

    /** The players with their totals and places, or that the match did not end. */
    private static String result(MatchRecord record) {
        String totals = record.tags().get("Result");
        if (totals.equals("*")) {
            return "* (the match did not end)";
        }
        String[] points = totals.split(" ");
        String[] places = record.tags().get("Places").split(" ");
        List<String> out = new ArrayList<>();
        for (int s = 0; s < points.length; s++) {
            out.add(record.tags().get("Seat" + s) + " " + points[s] + " (place " + places[s] + ")");
        }
        return String.join(", ", out);
    }
}
