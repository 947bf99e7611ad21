package online.durak.service.daily;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A service reads the installation's daily secret from its file, and refuses to go on without one. */
class DailySecretsTest {
    @TempDir
    Path dir;

    @Test
    void aFileOf32BytesOrMore_isTheSecret() throws Exception {
        Path file = Files.write(dir.resolve("daily-secret"), new byte[32]);
        assertNotNull(DailySecrets.read(Optional.of(file.toString())));
    }

    @Test
    void noFile_aMissingFile_orAShortOne_isRefused_sayingWhatIsNeeded() throws Exception {
        for (Optional<String> bad : java.util.List.of(Optional.<String>empty(), Optional.of(" "),
                Optional.of(dir.resolve("missing").toString()),
                Optional.of(Files.write(dir.resolve("short"), new byte[31]).toString()))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> DailySecrets.read(bad));
            assertTrue(e.getMessage().contains(DailySecrets.ENV), e.getMessage());
        }
    }
}
