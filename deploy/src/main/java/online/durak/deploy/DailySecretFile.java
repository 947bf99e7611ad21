package online.durak.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Map;

/**
 * The installation's daily secret (docs/daily.md): {@value #FILE} in the data folder, 32 random bytes readable by the
 * owner only, made once, so that the daily game's cards stay the same across restarts and differ from every other
 * installation's. The services that deal and play the daily game (rules, bot) find it through {@value #ENV} (its
 * path) and do not start without it; on a cluster a secret mounted as a file takes its place.
 */
public final class DailySecretFile {
    public static final String ENV = "DURAK_DAILY_SECRET_FILE";
    public static final String FILE = "daily-secret";
    static final int BYTES = 32;

    private DailySecretFile() {
    }

    /** The environment naming the secret in {@code dir}, made there first if it is missing. */
    public static Map<String, String> environment(Path dir) {
        Path file = dir.resolve(FILE).toAbsolutePath();
        if (!Files.isRegularFile(file)) {
            byte[] key = new byte[BYTES];
            new SecureRandom().nextBytes(key);
            try {
                Files.createDirectories(dir);
                TokenKeys.write(file, key, "rw-------");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make the daily secret in " + dir, e);
            }
        }
        return Map.of(ENV, file.toString());
    }
}
