package online.durak.table.auth;

import io.quarkus.elytron.security.common.BcryptUtil;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * Account passwords: 8 to 128 characters, kept only as a bcrypt hash (Quarkus' {@link BcryptUtil}, wildfly-elytron's
 * bcrypt, cost 10, a salt of its own per hash). Bcrypt reads only the first 72 bytes of its input, so the password is
 * first hashed with SHA-256 (44 characters of base64): two long passwords that begin alike stay different. Never
 * logged, never in a message.
 */
public final class Passwords {
    public static final int MIN_LENGTH = 8;
    public static final int MAX_LENGTH = 128;

    /** A hash of nothing anyone can type, checked when a name has no account, so that both cases take as long. */
    private static final String NO_ACCOUNT = BcryptUtil.bcryptHash("no account has this name");

    private Passwords() {
    }

    /** Nothing when the password may be an account's, else 400 INVALID_PASSWORD saying why. */
    public static void check(String password) {
        if (password == null) {
            throw invalid("password: is required");
        }
        int length = password.codePointCount(0, password.length());
        if (length < MIN_LENGTH || length > MAX_LENGTH) {
            throw invalid("password: must have " + MIN_LENGTH + " to " + MAX_LENGTH + " characters, not " + length);
        }
    }

    public static String hash(String password) {
        return BcryptUtil.bcryptHash(prehash(password));
    }

    /** Whether the password is the one of this hash; with a null hash (no such account), false after as long. */
    public static boolean matches(String password, String hash) {
        boolean match = BcryptUtil.matches(prehash(password), hash != null ? hash : NO_ACCOUNT);
        return hash != null && match;
    }

    private static String prehash(String password) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static ApiException invalid(String message) {
        return ApiException.badRequest(ErrorCodes.INVALID_PASSWORD, message);
    }
}
