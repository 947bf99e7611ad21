package online.durak.service.daily;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import online.durak.engine.DailySecret;

/**
 * The installation's daily secret (docs/daily.md "Same cards, same answers"), read from the file that
 * {@value #PROPERTY} names (environment {@value #ENV}: on one machine deploy's launcher makes {@code data/daily-secret},
 * on a cluster a mounted secret). The services that deal or play the daily game read it at start and refuse to start
 * without it: there is no built-in secret, so the source alone predicts no day's cards.
 */
public final class DailySecrets {
    public static final String PROPERTY = "durak.daily.secret-file";
    public static final String ENV = "DURAK_DAILY_SECRET_FILE";

    private DailySecrets() {
    }

    /** The secret in {@code file}: all its bytes, at least {@link DailySecret#MIN_BYTES}; else a clear refusal. */
    public static DailySecret read(Optional<String> file) {
        if (file.isEmpty() || file.get().isBlank()) {
            throw new IllegalStateException(PROPERTY + " (environment " + ENV + ") names no file: the daily game needs"
                    + " the installation's daily secret (deploy's launcher makes data/daily-secret; docs/daily.md)");
        }
        Path path = Path.of(file.get());
        byte[] key;
        try {
            key = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new IllegalStateException("the daily secret " + path + " (" + ENV + ") cannot be read: " + e, e);
        }
        if (key.length < DailySecret.MIN_BYTES) {
            throw new IllegalStateException("the daily secret " + path + " (" + ENV + ") has " + key.length
                    + " bytes; it needs at least " + DailySecret.MIN_BYTES + " random bytes");
        }
        return new DailySecret(key);
    }
}
