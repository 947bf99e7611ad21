package online.durak.rules.application;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import online.durak.engine.DailySecret;
import online.durak.engine.Shuffle;
import online.durak.service.daily.DailySecrets;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where every deal's randomness comes from (docs/fairness.md): a seed and a 32-byte salt from a secure random source
 * for each command, and the installation's daily secret, from which (with the date) the daily game's deck orders derive
 * instead (docs/daily.md). Made at start: without the daily secret the service does not start.
 */
@ApplicationScoped
@Startup
public class Shuffles {
    private static final HexFormat HEX = HexFormat.of();

    private final SecureRandom random = new SecureRandom();
    private final DailySecret daily;

    public Shuffles(@ConfigProperty(name = DailySecrets.PROPERTY) Optional<String> dailySecretFile) {
        this.daily = DailySecrets.read(dailySecretFile);
    }

    /** A fresh shuffle: what a command that deals a deal deals and seals it with. */
    public Shuffle next() {
        byte[] salt = new byte[32];
        random.nextBytes(salt);
        return new Shuffle(random.nextLong(), HEX.formatHex(salt), daily);
    }
}
