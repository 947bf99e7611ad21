package online.durak.service.auth;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.SecurityIdentityAugmentor;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgException;
import io.vertx.pgclient.pubsub.PgSubscriber;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.logging.Logger;

/**
 * The tokens signed out before they expire ({@code DELETE /api/sessions/current} at the edge), by token id
 * ({@code jti}) until their expiry: one table, {@code revoked_tokens} (made by table-service's migrations), which every
 * service checks the same way (docs/accounts.md "Signing out"). Every request's token is checked here, as an augmentor
 * of Quarkus security (table-service's WebSocket upgrade through {@link #isRevoked}), against a copy in memory:
 *
 * <ul>
 *   <li>a sign-out is announced on the PostgreSQL channel {@value #CHANNEL} in its own transaction, and every instance
 *       of every service listens to it ({@code LISTEN} on a connection of its own), so each copy learns of it when the
 *       sign-out commits, within the notification's delivery (well under a millisecond on one machine); the instance
 *       that signed the token out knows before it answers;</li>
 *   <li>while that connection is not listening (not yet connected, lost, or {@code durak.auth.revocations-listen}
 *       false), a request that may change something (any method but GET, HEAD and OPTIONS: chips, the daily game,
 *       quick match, moves) asks the table itself, as every write did before the channel; after a reconnection the
 *       whole table is read again before the copy decides writes once more;</li>
 *   <li>the copy is also read whole when a check finds it older than {@code durak.auth.revocations-refresh} (5 s), which
 *       drops the expired entries.</li>
 * </ul>
 *
 * Asking the table on every write was one PostgreSQL round trip per move, most of the database's transactions under
 * load (docs/load.md). A service's own token ({@link ServiceToken}) is never signed out and passes without a look. While
 * the database cannot be read, the copy decides (and the table is absent until table-service has made it: then nothing
 * was signed out).
 */
@ApplicationScoped
public class Revocations implements SecurityIdentityAugmentor {
    private static final Logger LOG = Logger.getLogger(Revocations.class);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);
    private static final String UNDEFINED_TABLE = "42P01";
    private static final Set<HttpMethod> READS = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);
    /** The channel a sign-out is announced on; the payload is {@code <expiry in epoch seconds> <jti>}. */
    public static final String CHANNEL = "durak_signed_out";

    private final Pool pool;
    private final Duration refresh;
    private final Duration timeout;
    private final Map<String, Instant> revoked = new ConcurrentHashMap<>();
    private final AtomicBoolean reading = new AtomicBoolean();
    private volatile long nextRead;
    private final Vertx vertx;
    private final Optional<PgConnectOptions> listenTo;
    private volatile PgSubscriber subscriber;
    /** True while the channel is listened to and the copy was read whole since it was (re)subscribed. */
    private volatile boolean listening;
    /** Counts subscriptions, so that a read begun before a reconnection does not mark the copy complete. */
    private final AtomicLong subscriptions = new AtomicLong();

    public Revocations(Pool pool, Vertx vertx,
                       @ConfigProperty(name = "durak.auth.revocations-refresh", defaultValue = "5s") Duration refresh,
                       @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout,
                       @ConfigProperty(name = "durak.auth.revocations-listen", defaultValue = "true") boolean listen,
                       @ConfigProperty(name = "quarkus.datasource.reactive.url") Optional<String> url,
                       @ConfigProperty(name = "quarkus.datasource.username") Optional<String> user,
                       @ConfigProperty(name = "quarkus.datasource.password") Optional<String> password) {
        this.pool = pool;
        this.vertx = vertx;
        this.refresh = refresh;
        this.timeout = timeout;
        this.listenTo = listen ? url.map(u -> {
            PgConnectOptions o = PgConnectOptions.fromUri(u);
            user.ifPresent(o::setUser);
            password.ifPresent(o::setPassword);
            return o;
        }) : Optional.empty();
    }

    void onStart(@Observes StartupEvent e) {
        read(); // not awaited: the start does not wait for the database
        listenTo.ifPresent(this::listen);
    }

    void onStop(@Observes ShutdownEvent e) {
        PgSubscriber s = subscriber;
        listening = false;
        if (s != null) {
            s.close();
        }
    }

    /** Whether writes are checked against the copy (the channel is listened to), rather than by asking the table. */
    public boolean listening() {
        return listening;
    }

    /**
     * Listens to {@link #CHANNEL} on a connection of its own, reconnecting every second after a loss; each
     * subscription reads the whole table again before the copy decides writes.
     */
    private void listen(PgConnectOptions options) {
        // the policy is asked on every loss of the connection (the subscriber's close handler only when it gives up)
        PgSubscriber s = PgSubscriber.subscriber(vertx, options).reconnectPolicy(attempt -> {
            lost();
            return 1000L;
        });
        s.channel(CHANNEL).subscribeHandler(v -> readWhole(subscriptions.incrementAndGet())).handler(this::announced);
        subscriber = s;
        connect(s);
    }

    private void connect(PgSubscriber s) {
        s.connect().onFailure(failure -> {
            LOG.warnf("the channel of signed-out tokens cannot be listened to (%s); writes ask the table, and the "
                    + "channel is tried again in a second", failure.toString());
            vertx.setTimer(1000, t -> {
                if (!s.closed() && s.actualConnection() == null) {
                    connect(s);
                }
            });
        });
    }

    private void lost() {
        subscriptions.incrementAndGet(); // a read begun before the loss must not mark the copy complete
        if (listening) {
            listening = false;
            LOG.warn("the channel of signed-out tokens was lost; writes ask the table until it is back");
        }
    }

    /** A sign-out another instance (or this one) committed. */
    private void announced(String payload) {
        int space = payload.indexOf(' ');
        try {
            Instant expiry = Instant.ofEpochSecond(Long.parseLong(payload.substring(0, space)));
            revoked.put(payload.substring(space + 1), expiry);
        } catch (RuntimeException e) {
            LOG.warnf("an announcement on %s is not <expiry> <jti>: %s", CHANNEL, payload);
        }
    }

    /** After a subscription: the whole table, then the copy decides writes, unless the channel was lost meanwhile. */
    private void readWhole(long subscription) {
        readAll().subscribe().with(rows -> {
                    copy(rows);
                    if (subscriptions.get() == subscription && !listening) {
                        listening = true;
                        LOG.info("listening to signed-out tokens; writes are checked against the copy");
                    }
                }, failure -> {
                    if (undefinedTable(failure) && subscriptions.get() == subscription) {
                        listening = true; // no table yet: nothing was signed out, and a sign-out makes it and announces
                        return;
                    }
                    LOG.warnf("the signed-out tokens cannot be read (%s); trying again in a second", failure.toString());
                    vertx.setTimer(1000, t -> {
                        if (subscriptions.get() == subscription) {
                            readWhole(subscription);
                        }
                    });
                });
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
                    .chain(() -> c.preparedQuery("select pg_notify($1, $2)")
                            .execute(Tuple.of(CHANNEL, expiresAt.getEpochSecond() + " " + jti)))
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

    /**
     * Whether the token with this id was signed out, as of now: the copy while the channel is listened to, else the
     * table (the copy when it cannot be read).
     */
    public Uni<Boolean> isRevokedNow(String jti) {
        if (jti == null) {
            return Uni.createFrom().item(false);
        }
        if (listening || revoked.containsKey(jti)) {
            return Uni.createFrom().item(revoked.containsKey(jti));
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
        readAll().subscribe().with(rows -> {
                    copy(rows);
                    reading.set(false);
                }, failure -> {
                    if (!undefinedTable(failure)) {
                        LOG.warnf("the signed-out tokens cannot be read now (%s); keeping the %d known", failure,
                                revoked.size());
                    }
                    reading.set(false);
                });
    }

    /** Every token signed out and not yet expired; fails after {@code READ_TIMEOUT} without an answer. */
    private Uni<RowSet<Row>> readAll() {
        return pool.query("select jti, expires_at from revoked_tokens where expires_at >= now()").execute()
                .ifNoItem().after(READ_TIMEOUT).fail();
    }

    /** Adds the rows read to the copy, and drops the expired entries. */
    private void copy(Iterable<Row> rows) {
        for (Row r : rows) {
            revoked.put(r.getString("jti"), r.getOffsetDateTime("expires_at").toInstant());
        }
        Instant now = Instant.now();
        revoked.values().removeIf(expiry -> expiry.isBefore(now));
    }

    /** The table is made by table-service's migrations; before they ran, no token was signed out. */
    private static boolean undefinedTable(Throwable failure) {
        return failure instanceof PgException pg && UNDEFINED_TABLE.equals(pg.getSqlState());
    }
}
