package online.durak.table.auth;

import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import online.durak.service.api.ApiException;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Bearer tokens: {@code v1.<base64url(playerId)>.<base64url(name)>.<base64url(HMAC-SHA256)>}, the MAC over
 * everything before the last dot, keyed with {@code durak.auth.secret}. Stateless, so every instance of the
 * service accepts every other's tokens as long as they share the secret.
 */
@ApplicationScoped
public class TokenService {
    /** The development secret in application.properties; a production deployment must set its own. */
    static final String DEV_SECRET_MARKER = "dev-only";
    private static final String VERSION = "v1";
    private static final Logger LOG = Logger.getLogger(TokenService.class);
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();

    private final byte[] secret;

    public TokenService(@ConfigProperty(name = "durak.auth.secret") String secret) {
        if (secret == null || secret.length() < 16) {
            throw new IllegalStateException("durak.auth.secret must have at least 16 characters");
        }
        if (secret.contains(DEV_SECRET_MARKER)) {
            LOG.warn("durak.auth.secret is the development default: set DURAK_AUTH_SECRET in production");
        }
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
    }

    /** A new guest with a fresh id; {@code name} must be valid ({@link #checkName(String)}). */
    public Player newGuest(String name) {
        return new Player(UUID.randomUUID().toString(), checkName(name));
    }

    /** The name as kept and shown, or 400 {@code INVALID_NAME} ({@link PlayerNames}). */
    public static String checkName(String name) {
        return PlayerNames.check(name);
    }

    public String issue(Player p) {
        String body = VERSION + "." + enc(p.playerId()) + "." + enc(p.name());
        return body + "." + B64.encodeToString(mac(body));
    }

    /** The player of a token, or 401 {@code UNAUTHORIZED}. */
    public Player verify(String token) {
        if (token == null || token.isBlank()) {
            throw ApiException.unauthorized("a token is required");
        }
        String[] parts = token.strip().split("\\.", -1);
        if (parts.length != 4 || !VERSION.equals(parts[0])) {
            throw ApiException.unauthorized("the token is not valid");
        }
        String body = parts[0] + "." + parts[1] + "." + parts[2];
        byte[] given;
        try {
            given = B64D.decode(parts[3]);
        } catch (IllegalArgumentException e) {
            throw ApiException.unauthorized("the token is not valid");
        }
        if (!MessageDigest.isEqual(mac(body), given)) {
            throw ApiException.unauthorized("the token is not valid");
        }
        try {
            String playerId = new String(B64D.decode(parts[1]), StandardCharsets.UTF_8);
            String name = new String(B64D.decode(parts[2]), StandardCharsets.UTF_8);
            if (playerId.isEmpty()) {
                throw ApiException.unauthorized("the token is not valid");
            }
            return new Player(playerId, name);
        } catch (IllegalArgumentException e) {
            throw ApiException.unauthorized("the token is not valid");
        }
    }

    /** The player of an {@code Authorization: Bearer <token>} header, or 401. */
    public Player fromAuthorization(String header) {
        if (header == null || header.isBlank()) {
            throw ApiException.unauthorized("Authorization: Bearer <token> is required");
        }
        String h = header.strip();
        if (h.length() < 7 || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw ApiException.unauthorized("Authorization must be \"Bearer <token>\"");
        }
        return verify(h.substring(7));
    }

    private static String enc(String s) {
        return B64.encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private byte[] mac(String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
