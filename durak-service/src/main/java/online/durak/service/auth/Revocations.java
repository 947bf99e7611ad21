package online.durak.service.auth;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.SecurityIdentityAugmentor;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.logging.Logger;

/**
 * The tokens signed out before they expire ({@code DELETE /api/sessions/current} at the edge), by token id
 * ({@code jti}) until their expiry: one table, {@code revoked_tokens} (made by table-service's migrations), which every
 * service checks the same way (docs/accounts.md "Signing out"). Every request's token is checked here, as an augmentor
 * of Quarkus security (table-service's WebSocket upgrade through {@link #isRevoked}):
 *
 * <ul>
 *   <li>a request that may change something (any method but GET, HEAD and OPTIONS: chips, the daily game, quick
 *       match, moves) asks the table itself, so a signed-out token changes nothing anywhere from the moment the sign-out
 *       was answered;</li>
 *   <li>a read is checked against a copy in memory, read again when a check finds it older than
 *       {@code durak.auth.revocations-refresh} (5 s): a signed-out token may still read on another service or instance
 *       for that long, never on the instance that signed it out.</li>
 * </ul>
 *
 * A service's own token ({@link ServiceToken}) is never signed out and passes without a look. While the database cannot
 * be read, the copy decides (and the table is absent until table-service has made it: then nothing was signed out).
 */
@ApplicationScoped
public class Revocations implements SecurityIdentityAugmentor {
    private static final Logger LOG = Logger.getLogger(Revocations.class);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);
    private static final String UNDEFINED_TABLE = "42P01";
    private static final Set<HttpMethod> READS = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);

    private final Pool pool;
    private final Duration refresh;
    private final Duration timeout;
    private final Map<String, Instant> revoked = new ConcurrentHashMap<>();
    private final AtomicBoolean reading = new AtomicBoolean();
    private volatile long nextRead;

    public Revocations(Pool pool,
                       @ConfigProperty(name = "durak.auth.revocations-refresh", defaultValue = "5s") Duration refresh,
                       @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.refresh = refresh;
        this.timeout = timeout;
    }

    void onStart(@Observes StartupEvent e) {
        read(); // not awaited: the start does not wait for the database
    }

    /**
     * Signs a token out until its expiry, and forgets the tokens past theirs; blocking (never from an event loop): 503
     * {@code STORE_UNAVAILABLE} when the database cannot take it.
     */
    public void revoke(String jti, String playerId, Instant expiresAt) {
        try {
            pool.withTransaction(c -> c.preparedQuery("insert into revoked_tokens (jti, player_id, expires_at) "
                            + "values ($1, $2, $3) on conflict (jti) do nothing")
                    .execute(Tuple.of(jti, playerId, expiresAt.atOffset(ZoneOffset.UTC)))
                    .chain(() -> c.query("delete from revoked_tokens where expires_at < now()").execute()))
                    .await().atMost(timeout);
        } catch (RuntimeException e) {
            LOG.warnf("a token could not be signed out: %s", e.toString());
            throw new ApiException(503, ErrorCodes.STORE_UNAVAILABLE, "the sign-out cannot be stored now; try again");
        }
        revoked.put(jti, expiresAt);
    }

    /** Whether the token with this id was signed out, as the copy in memory says; never blocks. */
    public boolean isRevoked(String jti) {
        if (System.currentTimeMillis() >= nextRead) {
            read();
        }
        return jti != null && revoked.containsKey(jti);
    }

    /** Whether the token with this id was signed out, as the table says now (the copy when it cannot be read). */
    public Uni<Boolean> isRevokedNow(String jti) {
        if (jti == null) {
            return Uni.createFrom().item(false);
        }
        if (revoked.containsKey(jti)) {
            return Uni.createFrom().item(true);
        }
        return pool.preparedQuery("select 1 from revoked_tokens where jti = $1").execute(Tuple.of(jti))
                .map(rows -> rows.size() > 0)
                .onFailure().recoverWithItem(failure -> {
                    if (!undefinedTable(failure)) {
                        LOG.debugf("the signed-out tokens cannot be read now (%s); the copy decides", failure);
                    }
                    return isRevoked(jti);
                });
    }

    /** A signed-out token authenticates nobody (401 UNAUTHORIZED, {@link AuthErrors}). */
    @Override
    public Uni<SecurityIdentity> augment(SecurityIdentity identity, AuthenticationRequestContext context) {
        return augment(identity, context, Map.of());
    }

    @Override
    public Uni<SecurityIdentity> augment(SecurityIdentity identity, AuthenticationRequestContext context,
                                         Map<String, Object> attributes) {
        if (!(identity.getPrincipal() instanceof JsonWebToken jwt) || identity.hasRole(ServiceToken.GROUP)) {
            return Uni.createFrom().item(identity);
        }
        RoutingContext request = HttpSecurityUtils.getRoutingContextAttribute(attributes);
        boolean write = request == null || !READS.contains(request.request().method());
        Uni<Boolean> signedOut = write ? isRevokedNow(jwt.getTokenID()) : Uni.createFrom().item(isRevoked(jwt.getTokenID()));
        return signedOut.map(out -> {
            if (out) {
                throw new AuthenticationFailedException("the token was signed out");
            }
            return identity;
        });
    }

    /** Reads the copy again in the background, one read at a time. */
    private void read() {
        if (!reading.compareAndSet(false, true)) {
            return;
        }
        nextRead = System.currentTimeMillis() + refresh.toMillis();
        // a database that does not answer must not hold the flag for good
        pool.query("select jti, expires_at from revoked_tokens where expires_at >= now()").execute()
                .ifNoItem().after(READ_TIMEOUT).fail().subscribe().with(rows -> {
                    for (Row r : rows) {
                        revoked.put(r.getString("jti"), r.getOffsetDateTime("expires_at").toInstant());
                    }
                    Instant now = Instant.now();
                    revoked.values().removeIf(expiry -> expiry.isBefore(now));
                    reading.set(false);
                }, failure -> {
                    if (!undefinedTable(failure)) {
                        LOG.warnf("the signed-out tokens cannot be read now (%s); keeping the %d known", failure,
                                revoked.size());
                    }
                    reading.set(false);
                });
    }

    /** The table is made by table-service's migrations; before they ran, no token was signed out. */
    private static boolean undefinedTable(Throwable failure) {
        return failure instanceof PgException pg && UNDEFINED_TABLE.equals(pg.getSqlState());
    }
}
