package online.durak.matchmaking;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.util.KeyUtils;
import java.security.PrivateKey;
import java.time.Duration;

/** Players' tokens as the table service issues them, signed with the tests' own key (src/test/resources/test-keys). */
public final class Tokens {
    private static PrivateKey key;

    private Tokens() {
    }

    public static String token(String playerId, String name) {
        return token(playerId, name, false);
    }

    /** An account's token (the claim {@code account: true}), as the table service issues it; else a guest's. */
    public static String token(String playerId, String name, boolean account) {
        return token(playerId, name, account, null);
    }

    /** With the token id {@code jti} (to sign it out by), when not null. */
    public static synchronized String token(String playerId, String name, boolean account, String jti) {
        try {
            if (key == null) {
                key = KeyUtils.readPrivateKey("test-keys/jwt-private.pem");
            }
            var claims = Jwt.issuer("durak-online").subject(playerId).claim("name", name);
            if (account) {
                claims.claim("account", true);
            }
            if (jti != null) {
                claims.claim("jti", jti);
            }
            return claims.expiresIn(Duration.ofHours(1)).sign(key);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
