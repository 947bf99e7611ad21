package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/daily.md: the daily secret is made once per data folder, readable by its owner only. */
class DailySecretFileTest {

    @Test
    void theSecret_isMadeOnce_perDataFolder_ownerOnly(@TempDir Path a, @TempDir Path b) throws Exception {
        Map<String, String> env = DailySecretFile.environment(a);
        Path file = Path.of(env.get(DailySecretFile.ENV));
        assertEquals(a.resolve("daily-secret").toAbsolutePath(), file);
        byte[] secret = Files.readAllBytes(file);
        assertEquals(32, secret.length);
        assertFalse(Arrays.equals(new byte[32], secret));
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(file));

        assertEquals(env, DailySecretFile.environment(a), "the same file after a restart");
        assertEquals(Arrays.toString(secret), Arrays.toString(Files.readAllBytes(file)), "the same secret after a restart");
        byte[] other = Files.readAllBytes(Path.of(DailySecretFile.environment(b).get(DailySecretFile.ENV)));
        assertFalse(Arrays.equals(secret, other), "another installation, another secret");
    }
}
