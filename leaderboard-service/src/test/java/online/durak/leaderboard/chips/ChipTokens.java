package online.durak.leaderboard.chips;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.util.KeyUtils;
import java.security.PrivateKey;
import java.time.Duration;
import java.util.Set;

/** Tokens as table-service signs them (players' and its own service token), with the tests' key pair. */
final class ChipTokens {
    private static PrivateKey key;

    private ChipTokens() {
    }

    private static synchronized PrivateKey key() {
        try {
            if (key == null) {
                key = KeyUtils.readPrivateKey("test-keys/jwt-private.pem");
            }
            return key;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String account(String playerId, String name) {
        return Jwt.issuer("durak-online").subject(playerId).claim("name", name).claim("account", true)
                .expiresIn(Duration.ofHours(1)).sign(key());
    }

    /** An account's token with this token id ({@code jti}), to sign it out by. */
    static String account(String playerId, String name, String jti) {
        return Jwt.issuer("durak-online").subject(playerId).claim("name", name).claim("account", true)
                .claim("jti", jti).expiresIn(Duration.ofHours(1)).sign(key());
    }

    static String guest(String playerId, String name) {
        return Jwt.issuer("durak-online").subject(playerId).claim("name", name).expiresIn(Duration.ofHours(1))
                .sign(key());
    }

    static String service() {
        return Jwt.issuer("durak-online").subject("table-service").groups(Set.of(HoldResource.SERVICE_GROUP))
                .expiresIn(Duration.ofMinutes(5)).sign(key());
    }
}
