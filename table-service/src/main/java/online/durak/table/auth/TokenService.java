package online.durak.table.auth;

import io.quarkus.runtime.Startup;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.UUID;
import online.durak.service.api.ApiException;
import online.durak.service.auth.AuthErrors;
import online.durak.service.auth.Revocations;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.Claims;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Bearer tokens are RS256-signed JWTs: {@code sub} the player id, {@value #NAME_CLAIM} the name,
 * {@value #ACCOUNT_CLAIM} {@code true} for an account (left out for a guest), {@code jti} the token's own id (what
 * signing out revokes, durak-service's {@link Revocations}), {@code iss} {@code mp.jwt.verify.issuer}, {@code exp}
 * {@code durak.auth.token-lifespan} after issue. Signed with the private key ({@code smallrye.jwt.sign.key.location}),
 * verified with the public one ({@code mp.jwt.verify.publickey.location}) by smallrye-jwt, the same for REST (its
 * bearer mechanism) and the WebSocket upgrade ({@link #verify}). Stateless, so every instance accepts every other's
 * tokens as long as they share the key pair; only a signed-out token's id is looked up, in memory
 * ({@link Revocations}).
 */
@Startup // a missing key location fails the start, not the first sign-in
@ApplicationScoped
public class TokenService {
    public static final String NAME_CLAIM = "name";
    public static final String ACCOUNT_CLAIM = "account";

    private final JWTParser parser;
    private final String issuer;
    private final Duration lifespan;
    private final Revocations revocations;

    public TokenService(JWTParser parser, Revocations revocations,
                        @ConfigProperty(name = "mp.jwt.verify.issuer") String issuer,
                        @ConfigProperty(name = "durak.auth.token-lifespan") Duration lifespan,
                        @ConfigProperty(name = "smallrye.jwt.sign.key.location") String signKey,
                        @ConfigProperty(name = "mp.jwt.verify.publickey.location") String verifyKey) {
        this.parser = parser;
        this.issuer = issuer;
        this.lifespan = lifespan;
        this.revocations = revocations;
    }

    public String issue(Player p) {
        var claims = Jwt.issuer(issuer).subject(p.playerId()).claim(NAME_CLAIM, p.name())
                .claim(Claims.jti.name(), UUID.randomUUID().toString());
        if (p.account()) {
            claims.claim(ACCOUNT_CLAIM, true);
        }
        return claims.expiresIn(lifespan).sign();
    }

    /** The player of a token, or 401 {@code UNAUTHORIZED}: forged, expired, signed out, from another issuer or not a JWT. */
    public Player verify(String token) {
        return player(parse(token));
    }

    /** The verified token, or 401 {@code UNAUTHORIZED} as {@link #verify}. */
    public JsonWebToken parse(String token) {
        if (token == null || token.isBlank()) {
            throw ApiException.unauthorized("a token is required");
        }
        JsonWebToken jwt;
        try {
            jwt = parser.parse(token.strip());
        } catch (ParseException e) {
            throw ApiException.unauthorized(INVALID);
        }
        if (revocations.isRevoked(jwt.getTokenID())) {
            throw ApiException.unauthorized(INVALID);
        }
        return jwt;
    }

    /** The player of an {@code Authorization: Bearer <token>} header, or 401. */
    public Player fromAuthorization(String header) {
        return player(bearer(header));
    }

    /** The verified token of an {@code Authorization: Bearer <token>} header, or 401. */
    public JsonWebToken bearer(String header) {
        if (header == null || header.isBlank()) {
            throw ApiException.unauthorized("Authorization: Bearer <token> is required");
        }
        String h = header.strip();
        if (h.length() < 7 || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw ApiException.unauthorized("Authorization must be \"Bearer <token>\"");
        }
        return parse(h.substring(7));
    }

    static final String INVALID = AuthErrors.INVALID;

    /** The player a verified token names, or 401 if it names none. */
    static Player player(JsonWebToken jwt) {
        String id = jwt.getSubject();
        Object name = jwt.getClaim(NAME_CLAIM);
        if (id == null || id.isEmpty() || !(name instanceof String)) {
            throw ApiException.unauthorized(INVALID);
        }
        // true as a Boolean or as a JSON value, whichever form the parser gives
        return new Player(id, (String) name, "true".equals(String.valueOf((Object) jwt.getClaim(ACCOUNT_CLAIM))));
    }
}
