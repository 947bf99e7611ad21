package online.durak.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tests' own token key pair ({@code test-keys/jwt-private.pem} and {@code jwt-public.pem} on the class path, used
 * nowhere else): a {@code @QuarkusTest} reads them from the class path (durak-service's {@code %test} settings); a
 * service started as a process gets them as files, through {@link #environment()}.
 */
public final class TestKeys {
    private TestKeys() {
    }

    /** {@code DURAK_JWT_PRIVATE_KEY} and {@code DURAK_JWT_PUBLIC_KEY}: the pair copied to {@code target/test-keys}. */
    public static synchronized Map<String, String> environment() {
        Path dir = Path.of("target", "test-keys").toAbsolutePath();
        Map<String, String> env = new LinkedHashMap<>();
        env.put("DURAK_JWT_PRIVATE_KEY", copy(dir, "jwt-private.pem").toString());
        env.put("DURAK_JWT_PUBLIC_KEY", copy(dir, "jwt-public.pem").toString());
        return env;
    }

    private static Path copy(Path dir, String name) {
        Path file = dir.resolve(name);
        try (InputStream in = TestKeys.class.getResourceAsStream("/test-keys/" + name)) {
            if (in == null) {
                throw new IllegalStateException("test-keys/" + name + " is not on the class path (durak-testkit)");
            }
            Files.createDirectories(dir);
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the test keys to " + dir, e);
        }
    }
}
