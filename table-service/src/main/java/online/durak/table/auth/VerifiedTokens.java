package online.durak.table.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Duration;
import javax.crypto.SecretKey;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * smallrye-jwt's parser with a memory of the tokens it verified. A client sends the same token with every request, and
 * checking its RS256 signature and claims again each time was most of the CPU that tokens cost per move. A token is
 * remembered by its whole text (signature included, so a changed character is a different token, verified afresh)
 * until its {@code exp}, at most {@code durak.auth.verified-tokens.max-age}; a refused token is never remembered. Both
 * the bearer mechanism (REST) and the WebSocket upgrade ({@link TokenService#verify}) use this parser.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class VerifiedTokens implements JWTParser {
    private final DefaultJWTParser parser;
    private final Cache<String, JsonWebToken> verified;

    public VerifiedTokens(DefaultJWTParser parser,
                          @ConfigProperty(name = "durak.auth.verified-tokens.max-size", defaultValue = "20000") long maxSize,
                          @ConfigProperty(name = "durak.auth.verified-tokens.max-age", defaultValue = "PT10M") Duration maxAge) {
        this.parser = parser;
        this.verified = Caffeine.newBuilder().maximumSize(maxSize).expireAfter(untilExpiry(maxAge)).build();
    }

    @Override
    public JsonWebToken parse(String token) throws ParseException {
        JsonWebToken jwt = verified.getIfPresent(token);
        if (jwt != null && !expired(jwt)) {
            return jwt;
        }
        jwt = parser.parse(token);
        verified.put(token, jwt);
        return jwt;
    }

    private static boolean expired(JsonWebToken jwt) {
        return jwt.getExpirationTime() * 1000 <= System.currentTimeMillis();
    }

    private static Expiry<String, JsonWebToken> untilExpiry(Duration maxAge) {
        return new Expiry<>() {
            @Override
            public long expireAfterCreate(String token, JsonWebToken jwt, long now) {
                long left = Duration.ofSeconds(jwt.getExpirationTime()).toMillis() - System.currentTimeMillis();
                return Duration.ofMillis(Math.max(0, Math.min(left, maxAge.toMillis()))).toNanos();
            }

            @Override
            public long expireAfterUpdate(String token, JsonWebToken jwt, long now, long current) {
                return expireAfterCreate(token, jwt, now);
            }

            @Override
            public long expireAfterRead(String token, JsonWebToken jwt, long now, long current) {
                return current;
            }
        };
    }

    // Other ways of parsing (other keys, decryption, no verification) are not remembered.

    @Override
    public JsonWebToken parse(String token, JWTAuthContextInfo context) throws ParseException {
        return parser.parse(token, context);
    }

    @Override
    public JsonWebToken verify(String token, PublicKey key) throws ParseException {
        return parser.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, SecretKey key) throws ParseException {
        return parser.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, String secret) throws ParseException {
        return parser.verify(token, secret);
    }

    @Override
    public JsonWebToken decrypt(String token, PrivateKey key) throws ParseException {
        return parser.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, SecretKey key) throws ParseException {
        return parser.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, String secret) throws ParseException {
        return parser.decrypt(token, secret);
    }

    @Override
    public JsonWebToken parseOnly(String token) throws ParseException {
        return parser.parseOnly(token);
    }
}
