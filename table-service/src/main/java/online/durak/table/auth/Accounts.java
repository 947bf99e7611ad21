package online.durak.table.auth;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.service.auth.Revocations;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.logging.Logger;

/**
 * Registering, signing in and out, and the names of guests (docs/accounts.md). An account is a player id with a unique
 * name and a password; its tokens are the guests' JWTs with {@code account: true}. A guest who registers keeps its player
 * id, so everything kept by player id (tables, leaderboard entries) stays its own. Blocking: called from REST worker
 * threads.
 */
@ApplicationScoped
public class Accounts {
    private static final Logger LOG = Logger.getLogger(Accounts.class);

    private final AccountStore store;
    private final TokenService tokens;
    private final SignInLimits limits;
    private final Revocations revocations;

    public Accounts(AccountStore store, TokenService tokens, SignInLimits limits, Revocations revocations) {
        this.store = store;
        this.tokens = tokens;
        this.limits = limits;
        this.revocations = revocations;
    }

    /** A player with its fresh token. */
    public record Session(Player player, String token) {
    }

    /** Accounts made before names had skeletons get theirs (docs/accounts.md "Names"). */
    void onStart(@Observes StartupEvent e) {
        int filled = store.fillSkeletons(PlayerNames::skeleton);
        if (filled > 0) {
            LOG.infof("%d account name(s) got their look-alike skeleton", filled);
        }
    }

    /**
     * A new guest with a fresh id, under a name as every name is checked ({@link PlayerNames}: 400 INVALID_NAME, 409
     * NAME_RESERVED) that does not look like an account's (409 NAME_TAKEN); guests may share a name with each other.
     */
    public Player newGuest(String rawName) {
        PlayerNames.Name name = PlayerNames.check(rawName);
        refuseLookAlike(name);
        return new Player(UUID.randomUUID().toString(), name.shown());
    }

    /**
     * A new account, or the guest of {@code guestToken} (a verified token, null for none) turned into one with the same
     * player id. 400 INVALID_NAME / INVALID_PASSWORD, 409 NAME_TAKEN / NAME_RESERVED / ALREADY_AN_ACCOUNT; nothing is
     * stored then.
     */
    public Session register(String rawName, String password, JsonWebToken guestToken) {
        PlayerNames.Name name = PlayerNames.check(rawName);
        Passwords.check(password);
        Player guest = guestToken != null ? TokenService.player(guestToken) : null;
        if (guest != null && guest.account()) {
            throw alreadyAnAccount();
        }
        refuseLookAlike(name); // before hashing: that takes a while
        String playerId = guest != null ? guest.playerId() : UUID.randomUUID().toString();
        switch (store.insert(playerId, name, Passwords.hash(password), guest != null)) {
            case NAME_TAKEN -> throw nameTaken(name.shown(), store.bySkeleton(name.skeleton())
                    .or(() -> store.byNameKey(name.key())).map(AccountStore.Account::name).orElse(name.shown()));
            case PLAYER_EXISTS -> throw alreadyAnAccount();
            case OK -> { }
        }
        if (guest != null && guestToken.getTokenID() != null) {
            // the guest's token would go on saying "guest" for a player who is an account now
            revocations.revoke(guestToken.getTokenID(), playerId, Instant.ofEpochSecond(guestToken.getExpirationTime()));
        }
        LOG.infof("account %s registered (%s)", playerId, guest != null ? "was a guest" : "new player");
        Player p = new Player(playerId, name.shown(), true);
        return new Session(p, tokens.issue(p));
    }

    /**
     * A token for the account with this name and password, else 401 BAD_CREDENTIALS (the same for an unknown name and a
     * wrong password, after as long), or 429 TOO_MANY_ATTEMPTS past the limits of {@link SignInLimits}, which count
     * this attempt before its password is checked.
     */
    public Session signIn(String rawName, String password, String address) {
        if (rawName == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_NAME, "name: is required");
        }
        if (password == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PASSWORD, "password: is required");
        }
        String key = PlayerNames.key(PlayerNames.normalize(rawName));
        limits.attempt(key, address);
        Optional<AccountStore.Account> account = store.byNameKey(key);
        if (!Passwords.matches(password, account.map(AccountStore.Account::passwordHash).orElse(null))) {
            throw new ApiException(401, ErrorCodes.BAD_CREDENTIALS, "name or password: no account has this name "
                    + "and password");
        }
        limits.succeeded(key, address);
        Player p = new Player(account.get().playerId(), account.get().name(), true);
        return new Session(p, tokens.issue(p));
    }

    /** The token stops working now, on every service (durak-service's Revocations). */
    public void signOut(JsonWebToken token) {
        if (token.getTokenID() == null) {
            throw ApiException.unauthorized("the token has no id (jti), so it cannot be signed out: sign in again");
        }
        revocations.revoke(token.getTokenID(), token.getSubject(), Instant.ofEpochSecond(token.getExpirationTime()));
    }

    /** 409 NAME_TAKEN when an account has this name, or one that looks the same. */
    private void refuseLookAlike(PlayerNames.Name name) {
        Optional<AccountStore.Account> same = store.bySkeleton(name.skeleton()).or(() -> store.byNameKey(name.key()));
        if (same.isPresent()) {
            throw nameTaken(name.shown(), same.get().name());
        }
    }

    private static ApiException nameTaken(String name, String account) {
        return new ApiException(409, ErrorCodes.NAME_TAKEN, PlayerNames.key(name).equals(PlayerNames.key(account))
                ? "name: \"" + name + "\" is taken by the account \"" + account + "\" (names are unique, ignoring case)"
                : "name: \"" + name + "\" looks like the account name \"" + account + "\" (the same letters in "
                        + "another case, script or with look-alike accents): choose another");
    }

    private static ApiException alreadyAnAccount() {
        return new ApiException(409, ErrorCodes.ALREADY_AN_ACCOUNT, "Authorization: this player is an account "
                + "already; sign in instead");
    }
}
