package online.durak.table.auth;

import jakarta.enterprise.context.ApplicationScoped;
import java.text.Normalizer;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.logging.Logger;

/**
 * Registering, signing in and out (docs/accounts.md). An account is a player id with a unique name and a password;
 * its tokens are the guests' JWTs with {@code account: true}. A guest who registers keeps its player id, so everything
 * kept by player id (tables, leaderboard entries) stays its own. Blocking: called from REST worker threads.
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

    /**
     * A new account, or the guest of {@code guestToken} (a verified token, null for none) turned into one with the same
     * player id. 400 INVALID_NAME / INVALID_PASSWORD, 409 NAME_TAKEN / ALREADY_AN_ACCOUNT; nothing is stored then.
     */
    public Session register(String rawName, String password, JsonWebToken guestToken) {
        String name = PlayerNames.check(rawName);
        Passwords.check(password);
        Player guest = guestToken != null ? TokenService.player(guestToken) : null;
        if (guest != null && guest.account()) {
            throw alreadyAnAccount();
        }
        String key = nameKey(name);
        if (store.byNameKey(key).isPresent()) {
            throw nameTaken(name); // before hashing: that takes a while
        }
        String playerId = guest != null ? guest.playerId() : UUID.randomUUID().toString();
        switch (store.insert(playerId, name, key, Passwords.hash(password), guest != null)) {
            case NAME_TAKEN -> throw nameTaken(name);
            case PLAYER_EXISTS -> throw alreadyAnAccount();
            case OK -> { }
        }
        if (guest != null && guestToken.getTokenID() != null) {
            // the guest's token would go on saying "guest" for a player who is an account now
            revocations.revoke(guestToken.getTokenID(), playerId, Instant.ofEpochSecond(guestToken.getExpirationTime()));
        }
        LOG.infof("account %s registered (%s)", playerId, guest != null ? "was a guest" : "new player");
        Player p = new Player(playerId, name, true);
        return new Session(p, tokens.issue(p));
    }

    /**
     * A token for the account with this name and password, else 401 BAD_CREDENTIALS (the same for an unknown name and a
     * wrong password, after as long), or 429 TOO_MANY_ATTEMPTS past the limits of {@link SignInLimits}.
     */
    public Session signIn(String rawName, String password, String address) {
        if (rawName == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_NAME, "name: is required");
        }
        if (password == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PASSWORD, "password: is required");
        }
        String key = nameKey(Normalizer.normalize(rawName, Normalizer.Form.NFC).strip());
        limits.check(key, address);
        Optional<AccountStore.Account> account = store.byNameKey(key);
        if (!Passwords.matches(password, account.map(AccountStore.Account::passwordHash).orElse(null))) {
            limits.failed(key, address);
            throw new ApiException(401, ErrorCodes.BAD_CREDENTIALS, "name or password: no account has this name "
                    + "and password");
        }
        limits.succeeded(key);
        Player p = new Player(account.get().playerId(), account.get().name(), true);
        return new Session(p, tokens.issue(p));
    }

    /** The token stops working now, for every instance within durak.auth.revocations-refresh (Revocations). */
    public void signOut(JsonWebToken token) {
        if (token.getTokenID() == null) {
            throw ApiException.unauthorized("the token has no id (jti), so it cannot be signed out: sign in again");
        }
        revocations.revoke(token.getTokenID(), token.getSubject(), Instant.ofEpochSecond(token.getExpirationTime()));
    }

    /**
     * What makes two names the same account name: the name as kept (NFC, trimmed) with its case folded (upper then
     * lower case, so that "ß", "SS" and "ss" are one name, as are "Anna" and "ANNA").
     */
    static String nameKey(String name) {
        return name.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    }

    private static ApiException nameTaken(String name) {
        return new ApiException(409, ErrorCodes.NAME_TAKEN, "name: \"" + name + "\" is taken by another account "
                + "(names are unique, ignoring case)");
    }

    private static ApiException alreadyAnAccount() {
        return new ApiException(409, ErrorCodes.ALREADY_AN_ACCOUNT, "Authorization: this player is an account "
                + "already; sign in instead");
    }
}
