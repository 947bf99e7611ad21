package online.durak.table.auth;

import io.quarkus.runtime.Startup;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.UUID;
import online.durak.service.api.ApiException;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Bearer tokens are RS256-signed JWTs: {@code sub} the player id, {@value #NAME_CLAIM} the name, {@code iss}
 * {@code mp.jwt.verify.issuer}, {@code exp} {@code durak.auth.token-lifespan} after issue. Signed with the private key
 * ({@code smallrye.jwt.sign.key.location}), verified with the public one ({@code mp.jwt.verify.publickey.location}) by
 * smallrye-jwt, the same for REST (its bearer mechanism) and the WebSocket upgrade ({@link #verify}). Stateless, so
 * every instance accepts every other's tokens as long as they share the key pair.
 */
@Startup // a missing key location fails the start, not the first sign-in
@ApplicationScoped
public class TokenService {
    public static final String NAME_CLAIM = "name";

    private final JWTParser parser;
    private final String issuer;
    private final Duration lifespan;

    public TokenService(JWTParser parser, @ConfigProperty(name = "mp.jwt.verify.issuer") String issuer,
                        @ConfigProperty(name = "durak.auth.token-lifespan") Duration lifespan,
                        @ConfigProperty(name = "smallrye.jwt.sign.key.location") String signKey,
                        @ConfigProperty(name = "mp.jwt.verify.publickey.location") String verifyKey) {
        this.parser = parser;
        this.issuer = issuer;
        this.lifespan = lifespan;
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
        return Jwt.issuer(issuer).subject(p.playerId()).claim(NAME_CLAIM, p.name()).expiresIn(lifespan).sign();
    }

    /** The player of a token, or 401 {@code UNAUTHORIZED}: forged, expired, from another issuer or not a JWT. */
    public Player verify(String token) {
        if (token == null || token.isBlank()) {
            throw ApiException.unauthorized("a token is required");
        }
        try {
            return player(parser.parse(token.strip()));
        } catch (ParseException e) {
            throw ApiException.unauthorized(INVALID);
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

    static final String INVALID = "the token is not valid (forged, expired or malformed): sign in again";

    /** The player a verified token names, or 401 if it names none. */
    static Player player(JsonWebToken jwt) {
        String id = jwt.getSubject();
        Object name = jwt.getClaim(NAME_CLAIM);
        if (id == null || id.isEmpty() || !(name instanceof String)) {
            throw ApiException.unauthorized(INVALID);
        }
        return new Player(id, (String) name);
    }
}
