package online.durak.engine.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import online.durak.engine.DealCheck;
import online.durak.engine.Event;
import online.durak.engine.ShuffleProof;

/**
 * {@code verify FILE} (docs/fairness.md): checks a finished deal's shuffle proof in its replay as the API returns it
 * ({@code -} reads standard input): the commitment is SHA-256 of the salt and deck order, the replay's deal was dealt
 * from that deck order with that salt, and its events follow from it through the engine ({@link DealCheck}). Exit 0
 * valid, 1 invalid (with the reason), 2 a file that cannot be read as a replay with a proof.
 */
final class Verify {
    static final int VALID = 0;
    static final int INVALID = 1;
    static final int UNREADABLE = 2;

    private Verify() {
    }

    static int run(String file, InputStream stdin, PrintStream out, PrintStream err) {
        String text;
        try {
            text = file.equals("-") ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8)
                    : Files.readString(Path.of(file));
        } catch (IOException | RuntimeException e) {
            err.println("unreadable: " + file + ": " + e.getMessage());
            return UNREADABLE;
        }
        ReplayFile replay;
        try {
            replay = ReplayFile.read(text);
        } catch (ReplayFile.Unreadable e) {
            err.println("unreadable: " + e.getMessage());
            return UNREADABLE;
        }
        String failure = failure(replay);
        if (failure != null) {
            out.println("INVALID: " + failure);
            return INVALID;
        }
        ShuffleProof p = replay.proof();
        out.println("VALID: SHA-256(salt:deck order) is the commitment " + p.commitment() + ", and the deal's "
                + replay.events().size() + " events follow from that deck order");
        return VALID;
    }

    /** Why the proof does not hold, or null when it does. */
    static String failure(ReplayFile replay) {
        ShuffleProof p = replay.proof();
        if (!ShuffleProof.isCommitment(p.commitment())) {
            return "the commitment is not 64 lowercase hex digits";
        }
        if (!ShuffleProof.isSalt(p.salt())) {
            return "the salt is not 64 lowercase hex digits";
        }
        if (!p.holds()) {
            return "the commitment is not SHA-256 of the salt and the deck order (expected "
                    + ShuffleProof.commitment(p.salt(), p.deckOrder()) + ")";
        }
        if (!(replay.events().get(0) instanceof Event.DealStarted dealt)) {
            return "the replay does not begin with DealStarted";
        }
        if (!Objects.equals(dealt.salt(), p.salt())) {
            return "the replay's DealStarted carries another salt than the proof";
        }
        return DealCheck.failure(replay.rules(), p.deckOrder(), replay.events());
    }
}
