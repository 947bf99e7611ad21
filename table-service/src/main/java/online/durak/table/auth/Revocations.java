package online.durak.table.auth;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.SecurityIdentityAugmentor;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.logging.Logger;

/**
 * The tokens signed out before they expire ({@code DELETE /api/sessions/current}), by token id ({@code jti}), until
 * their expiry. Kept in PostgreSQL ({@code revoked_tokens}), so every instance learns of them, and held in memory, so
 * that checking one costs no query: every request's token is checked ({@link #augment} for REST, the WebSocket upgrade
 * through {@link TokenService#verify}). This instance knows its own sign-outs at once; another's within
 * {@code durak.auth.revocations-refresh} (the list is read again when a check finds it older). While the database
 * cannot be read the last list read stays in force (tokens are still verified by their signature and expiry).
 */
@ApplicationScoped
public class Revocations implements SecurityIdentityAugmentor {
    private static final Logger LOG = Logger.getLogger(Revocations.class);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

    private final AccountStore store;
    private final Duration refresh;
    private final Map<String, Instant> revoked = new ConcurrentHashMap<>();
    private final AtomicBoolean reading = new AtomicBoolean();
    private volatile long nextRead;

    public Revocations(AccountStore store,
                       @ConfigProperty(name = "durak.auth.revocations-refresh", defaultValue = "5s") Duration refresh) {
        this.store = store;
        this.refresh = refresh;
    }

    void onStart(@Observes StartupEvent e) {
        read(); // not awaited: the start does not wait for the database
    }

    /** Signs a token out until its expiry (blocking: never from an event loop). */
    public void revoke(String jti, String playerId, Instant expiresAt) {
        store.revoke(jti, playerId, expiresAt);
        revoked.put(jti, expiresAt);
    }

    /** Whether the token with this id was signed out; never blocks. */
    public boolean isRevoked(String jti) {
        if (System.currentTimeMillis() >= nextRead) {
            read();
        }
        return jti != null && revoked.containsKey(jti);
    }

    /** REST: a signed-out token authenticates nobody (401 UNAUTHORIZED, auth.AuthErrors). */
    @Override
    public Uni<SecurityIdentity> augment(SecurityIdentity identity, AuthenticationRequestContext context) {
        if (identity.getPrincipal() instanceof JsonWebToken jwt && isRevoked(jwt.getTokenID())) {
            return Uni.createFrom().failure(new AuthenticationFailedException("the token was signed out"));
        }
        return Uni.createFrom().item(identity);
    }

    /** Reads the list again in the background, one read at a time. */
    private void read() {
        if (!reading.compareAndSet(false, true)) {
            return;
        }
        nextRead = System.currentTimeMillis() + refresh.toMillis();
        // a database that does not answer must not hold the flag for good
        store.revoked().ifNoItem().after(READ_TIMEOUT).fail().subscribe().with(list -> {
            Instant now = Instant.now();
            list.forEach(r -> revoked.put(r.jti(), r.expiresAt()));
            revoked.values().removeIf(expiry -> expiry.isBefore(now));
            reading.set(false);
        }, failure -> {
            LOG.warnf("the revoked tokens cannot be read now (%s); keeping the %d known", failure, revoked.size());
            reading.set(false);
        });
    }
}
