package online.durak.table.auth;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The accounts' tables in the shared PostgreSQL, through the reactive client as the rest of this service (docs/accounts.md):
 *
 * <pre>
 * accounts(player_id primary key, name, name_key unique, password_hash, created_at, was_guest)
 * sign_in_failures(kind 'name'|'address', key, at)
 * revoked_tokens(jti primary key, player_id, expires_at)
 * </pre>
 *
 * Made by this service's migrations ({@code db/migration/table-service}), which Flyway runs at start. Blocking calls,
 * awaited up to {@code durak.store.timeout}: never from an event loop. A failure of the database is 503
 * {@code STORE_UNAVAILABLE}.
 */
@ApplicationScoped
public class AccountStore {
    private static final Logger LOG = Logger.getLogger(AccountStore.class);
    private static final String UNIQUE_VIOLATION = "23505";

    private final Pool pool;
    private final Duration timeout;

    public AccountStore(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** An account as stored. */
    public record Account(String playerId, String name, String passwordHash) {
    }

    /** What an insert ran into: nothing, the name taken, or the player already an account. */
    public enum Inserted { OK, NAME_TAKEN, PLAYER_EXISTS }

    public Inserted insert(String playerId, String name, String nameKey, String passwordHash, boolean wasGuest) {
        try {
            run(() -> pool.preparedQuery("""
                    insert into accounts (player_id, name, name_key, password_hash, created_at, was_guest)
                    values ($1, $2, $3, $4, $5, $6)""")
                    .execute(Tuple.tuple(List.of(playerId, name, nameKey, passwordHash, at(Instant.now()), wasGuest))));
            return Inserted.OK;
        } catch (StoreFailure e) {
            if (e.failure() instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState())) {
                return "accounts_name_key".equals(pg.getConstraint()) ? Inserted.NAME_TAKEN : Inserted.PLAYER_EXISTS;
            }
            throw e;
        }
    }

    public Optional<Account> byNameKey(String nameKey) {
        return first(run(() -> pool.preparedQuery("select player_id, name, password_hash from accounts where name_key = $1")
                .execute(Tuple.of(nameKey))));
    }

    public Optional<Account> byPlayerId(String playerId) {
        return first(run(() -> pool.preparedQuery("select player_id, name, password_hash from accounts where player_id = $1")
                .execute(Tuple.of(playerId))));
    }

    private static Optional<Account> first(RowSet<Row> rows) {
        for (Row r : rows) {
            return Optional.of(new Account(r.getString("player_id"), r.getString("name"), r.getString("password_hash")));
        }
        return Optional.empty();
    }

    // ---- sign-in failures (SignInLimits) ----

    /**
     * When the {@code limit}-th most recent failure of this key after {@code since} happened, or empty when there are
     * fewer: the key is limited until that moment plus the window.
     */
    public Optional<Instant> nthLatestFailure(String kind, String key, Instant since, int limit) {
        RowSet<Row> rows = run(() -> pool.preparedQuery("""
                select at from sign_in_failures where kind = $1 and key = $2 and at > $3
                order by at desc offset $4 limit 1""").execute(Tuple.of(kind, key, at(since), limit - 1)));
        for (Row r : rows) {
            return Optional.of(r.getOffsetDateTime("at").toInstant());
        }
        return Optional.empty();
    }

    /** Records a failure under each key, and forgets those older than {@code forgetBefore}. */
    public void addFailure(String nameKey, String address, Instant now, Instant forgetBefore) {
        run(() -> pool.withTransaction(c -> c.preparedQuery("insert into sign_in_failures (kind, key, at) values "
                        + "('name', $1, $3), ('address', $2, $3)").execute(Tuple.of(nameKey, address, at(now)))
                .chain(() -> c.preparedQuery("delete from sign_in_failures where at < $1")
                        .execute(Tuple.of(at(forgetBefore))))));
    }

    /** Forgets the failures of a name (it signed in). */
    public void clearFailures(String nameKey) {
        run(() -> pool.preparedQuery("delete from sign_in_failures where kind = 'name' and key = $1")
                .execute(Tuple.of(nameKey)));
    }

    // ---- revoked tokens (Revocations) ----

    public void revoke(String jti, String playerId, Instant expiresAt) {
        run(() -> pool.preparedQuery("insert into revoked_tokens (jti, player_id, expires_at) values ($1, $2, $3) "
                + "on conflict (jti) do nothing").execute(Tuple.of(jti, playerId, at(expiresAt))));
    }

    /** The ids of the revoked tokens that have not expired yet, and their expiry; not blocking. */
    public Uni<List<Revoked>> revoked() {
        return pool.withTransaction(c -> c.query(
                        "delete from revoked_tokens where expires_at < now()").execute()
                .chain(() -> c.query("select jti, expires_at from revoked_tokens").execute()))
                .map(rows -> {
                    List<Revoked> out = new ArrayList<>(rows.size());
                    for (Row r : rows) {
                        out.add(new Revoked(r.getString("jti"), r.getOffsetDateTime("expires_at").toInstant()));
                    }
                    return out;
                });
    }

    public record Revoked(String jti, Instant expiresAt) {
    }

    // ---- plumbing ----

    private static OffsetDateTime at(Instant i) {
        return i.atOffset(ZoneOffset.UTC);
    }

    private <T> T run(java.util.function.Supplier<Uni<T>> query) {
        try {
            return query.get().await().atMost(timeout);
        } catch (RuntimeException e) {
            throw new StoreFailure(e);
        }
    }

    /** The database could not do it: 503 STORE_UNAVAILABLE, unless the caller knows better (a unique key). */
    public static final class StoreFailure extends ApiException {
        private final transient RuntimeException failure;

        StoreFailure(RuntimeException failure) {
            super(503, ErrorCodes.STORE_UNAVAILABLE, "the accounts cannot be read or written now; try again");
            this.failure = failure;
            if (!(failure instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState()))) {
                LOG.warn("accounts: " + failure);
            }
        }

        RuntimeException failure() {
            return failure;
        }
    }
}
