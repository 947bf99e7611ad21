package online.durak.table.ws;

import io.quarkus.websockets.next.HttpUpgradeCheck;
import io.quarkus.websockets.next.UserData;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import online.durak.service.api.ApiException;
import online.durak.table.play.Draining;
import online.durak.table.auth.Player;
import online.durak.table.auth.TokenService;
import online.durak.table.limits.RateLimits;

/**
 * Checks the token before a WebSocket is opened: the query parameter {@code token} (browsers cannot set
 * headers on a WebSocket) or {@code Authorization: Bearer}, verified as REST verifies it (the same smallrye-jwt
 * parser and {@code mp.jwt.verify.*} settings, a signed-out token refused, {@link TokenService#verify}; REST's bearer
 * mechanism cannot read a query parameter). Without a valid one the upgrade is refused with 401, so no connection exists without a player;
 * while the instance is stopping, with 503.
 */
@ApplicationScoped
public class TokenUpgradeCheck implements HttpUpgradeCheck {
    static final UserData.TypedKey<String> PLAYER_ID = UserData.TypedKey.forString("durak.playerId");
    static final UserData.TypedKey<String> PLAYER_NAME = UserData.TypedKey.forString("durak.playerName");
    static final UserData.TypedKey<Boolean> PLAYER_ACCOUNT = UserData.TypedKey.forBoolean("durak.playerAccount");
    /** What the connection's frames are limited by (limits.RateLimits): its token's key and its address. */
    static final UserData.TypedKey<String> TOKEN_KEY = UserData.TypedKey.forString("durak.tokenKey");
    static final UserData.TypedKey<String> ADDRESS = UserData.TypedKey.forString("durak.address");

    private final TokenService tokens;
    private final Draining draining;

    public TokenUpgradeCheck(TokenService tokens, Draining draining) {
        this.tokens = tokens;
        this.draining = draining;
    }

    @Override
    public Uni<CheckResult> perform(HttpUpgradeContext context) {
        if (draining.stopping()) {
            return CheckResult.rejectUpgrade(503); // this instance is stopping: connect to another, or again later
        }
        try {
            String token = context.httpRequest().getParam("token");
            Player p = token != null ? tokens.verify(token)
                    : tokens.fromAuthorization(context.httpRequest().getHeader("Authorization"));
            context.userData().put(PLAYER_ID, p.playerId());
            context.userData().put(PLAYER_NAME, p.name());
            context.userData().put(PLAYER_ACCOUNT, p.account());
            context.userData().put(TOKEN_KEY, RateLimits.tokenKey(token != null ? token
                    : RateLimits.token(context.httpRequest())));
            context.userData().put(ADDRESS, RateLimits.address(context.httpRequest()));
            return CheckResult.permitUpgrade();
        } catch (ApiException e) {
            return CheckResult.rejectUpgrade(401);
        }
    }
}
