package online.durak.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The key pair that signs players' tokens (RS256 JWTs): {@value #PRIVATE_FILE} and {@value #PUBLIC_FILE} (PEM) in a
 * folder, made once, so tokens outlive a restart. A service finds them through {@value #ENV_PRIVATE_KEY} and
 * {@value #ENV_PUBLIC_KEY} (their paths).
 */
public final class TokenKeys {
    public static final String ENV_PRIVATE_KEY = "DURAK_JWT_PRIVATE_KEY";
    public static final String ENV_PUBLIC_KEY = "DURAK_JWT_PUBLIC_KEY";
    public static final String PRIVATE_FILE = "jwt-private.pem";
    public static final String PUBLIC_FILE = "jwt-public.pem";

    private TokenKeys() {
    }

    /** The environment naming the key pair in {@code dir}, made there first if it is missing. */
    public static Map<String, String> environment(Path dir) {
        Path priv = dir.resolve(PRIVATE_FILE).toAbsolutePath();
        Path pub = dir.resolve(PUBLIC_FILE).toAbsolutePath();
        if (!Files.isRegularFile(priv) || !Files.isRegularFile(pub) || !isRsa(priv)) {
            make(dir, priv, pub); // a folder of an older version holds a P-256 pair: its tokens end with it
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put(ENV_PRIVATE_KEY, priv.toString());
        env.put(ENV_PUBLIC_KEY, pub.toString());
        return env;
    }

    private static void make(Path dir, Path priv, Path pub) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            // RSA, not EC: every request verifies a token, and an RSA verification costs a tenth of a P-256 one
            g.initialize(2048);
            KeyPair pair = g.generateKeyPair();
            Files.createDirectories(dir);
            // the public key first: a pair is complete once the private key has moved into place
            write(pub, pem("PUBLIC KEY", pair.getPublic().getEncoded()).getBytes(StandardCharsets.US_ASCII), "rw-r--r--");
            write(priv, pem("PRIVATE KEY", pair.getPrivate().getEncoded()).getBytes(StandardCharsets.US_ASCII),
                "rw-------");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA keys are not available", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the token keys in " + dir, e);
        }
    }

    private static boolean isRsa(Path priv) {
        try {
            readPrivate(priv);
            return true;
        } catch (IOException | IllegalArgumentException | GeneralSecurityException e) {
            return false;
        }
    }

    /** The RSA private key of a PEM file (PKCS#8) as {@link #make} writes it. */
    static PrivateKey readPrivate(Path priv) throws IOException, GeneralSecurityException {
        byte[] der = Base64.getMimeDecoder().decode(Files.readString(priv).replaceAll("-----[A-Z ]+-----", ""));
        return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
            + "\n-----END " + type + "-----\n";
    }

    /** Writes {@code file} whole or not at all (a file beside it moved into place), with these POSIX permissions. */
    static void write(Path file, byte[] bytes, String permissions) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, bytes);
        try {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the folder's own permissions apply
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
