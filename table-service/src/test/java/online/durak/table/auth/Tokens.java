package online.durak.table.auth;

import io.smallrye.jwt.build.Jwt;
import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.time.Instant;

/** Tokens the service would never issue, for the tests that prove it refuses them. */
public final class Tokens {
    /** The issuer the service names and expects (application.properties). */
    public static final String ISSUER = "durak-online";

    private Tokens() {
    }

    /** A well-formed token for {@code p}, signed with a key pair of its own, not the service's. */
    public static String signedByAnotherKey(Player p) {
        return Jwt.issuer(ISSUER).subject(p.playerId()).claim(TokenService.NAME_CLAIM, p.name()).expiresIn(3600)
                .sign(anotherKey());
    }

    /** A token for {@code p} signed with the service's own (test) key, expired an hour ago (beyond the clock skew). */
    public static String expired(Player p) {
        return Jwt.issuer(ISSUER).subject(p.playerId()).claim(TokenService.NAME_CLAIM, p.name())
                .issuedAt(Instant.now().minusSeconds(7200)).expiresAt(Instant.now().minusSeconds(3600)).sign();
    }

    private static PrivateKey anotherKey() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            return g.generateKeyPair().getPrivate();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
