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
import java.util.function.UnaryOperator;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The accounts' tables in the shared PostgreSQL, through the reactive client as the rest of this service (docs/accounts.md):
 *
 * <pre>
 * accounts(player_id primary key, name, name_key unique, name_skeleton unique, password_hash, created_at, was_guest)
 * sign_in_attempts(kind 'name'|'address', key, attempts, window_ends, primary key (kind, key))
 * revoked_tokens(jti primary key, player_id, expires_at)    (read and written by durak-service's Revocations)
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

    /** Stores the account, unless its name or a name that looks the same, or its player, is an account already. */
    public Inserted insert(String playerId, PlayerNames.Name name, String passwordHash, boolean wasGuest) {
        try {
            run(() -> pool.preparedQuery("""
                    insert into accounts (player_id, name, name_key, name_skeleton, password_hash, created_at, was_guest)
                    values ($1, $2, $3, $4, $5, $6, $7)""")
                    .execute(Tuple.tuple(List.of(playerId, name.shown(), name.key(), name.skeleton(), passwordHash,
                            at(Instant.now()), wasGuest))));
            return Inserted.OK;
        } catch (StoreFailure e) {
            if (e.failure() instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState())) {
                return pg.getConstraint() != null && pg.getConstraint().startsWith("accounts_name")
                        ? Inserted.NAME_TAKEN : Inserted.PLAYER_EXISTS;
            }
            throw e;
        }
    }

    public Optional<Account> byNameKey(String nameKey) {
        return first(run(() -> pool.preparedQuery("select player_id, name, password_hash from accounts where name_key = $1")
                .execute(Tuple.of(nameKey))));
    }

    /** The account whose name looks like one with this skeleton ({@link PlayerNames#skeleton}). */
    public Optional<Account> bySkeleton(String skeleton) {
        return first(run(() -> pool.preparedQuery(
                "select player_id, name, password_hash from accounts where name_skeleton = $1")
                .execute(Tuple.of(skeleton))));
    }

    /**
     * Gives every account without a skeleton (made before names had them) its own; one whose skeleton another account
     * has already stays without (it keeps its name; the other holds the look-alike). Returns how many got one.
     */
    public int fillSkeletons(UnaryOperator<String> skeleton) {
        int filled = 0;
        for (Row r : run(() -> pool.query("select player_id, name from accounts where name_skeleton is null")
                .execute())) {
            String id = r.getString("player_id");
            String s = skeleton.apply(r.getString("name"));
            try {
                run(() -> pool.preparedQuery("update accounts set name_skeleton = $2 where player_id = $1")
                        .execute(Tuple.of(id, s)));
                filled++;
            } catch (StoreFailure e) {
                if (!(e.failure() instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState()))) {
                    throw e;
                }
                LOG.warnf("account %s: its name looks like another account's; it keeps it without a skeleton", id);
            }
        }
        return filled;
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

    // ---- sign-in attempts (SignInLimits) ----

    /** One count of attempts: how many within its window, and the seconds until the window ends. */
    public record Attempts(String kind, int attempts, double secondsLeft) {
    }

    /**
     * Counts one more sign-in attempt for this name from this address ({@code name}) and from this address for any
     * name ({@code address}), in one statement: each count's row is locked by the upsert, so attempts at the same
     * moment are counted one after the other and each is told its own number. A count whose window has ended starts
     * again at 1 with a new window of {@code window}; counts whose window has ended are deleted. Returns both counts.
     */
    public List<Attempts> countAttempt(String nameKey, String address, Duration window) {
        RowSet<Row> rows = run(() -> pool.preparedQuery("""
                insert into sign_in_attempts as a (kind, key, attempts, window_ends)
                values ('name', $1, 1, now() + $3 * interval '1 millisecond'),
                       ('address', $2, 1, now() + $3 * interval '1 millisecond')
                on conflict (kind, key) do update set
                    attempts = case when a.window_ends <= now() then 1 else a.attempts + 1 end,
                    window_ends = case when a.window_ends <= now() then excluded.window_ends else a.window_ends end
                returning kind, attempts, extract(epoch from window_ends - now())::float8 as seconds_left""")
                .execute(Tuple.of(address + " " + nameKey, address, window.toMillis())));
        List<Attempts> out = new ArrayList<>(2);
        for (Row r : rows) {
            out.add(new Attempts(r.getString("kind"), r.getInteger("attempts"), r.getDouble("seconds_left")));
        }
        // an ended count means nothing any more (an upsert at the same time starts at 1 either way)
        run(() -> pool.query("delete from sign_in_attempts where window_ends < now()").execute());
        return out;
    }

    /**
     * A sign-in succeeded: the name's count at this address is cleared, and the attempt is taken back from the
     * address's count.
     */
    public void succeeded(String nameKey, String address) {
        run(() -> pool.withTransaction(c -> c.preparedQuery(
                        "delete from sign_in_attempts where kind = 'name' and key = $1")
                .execute(Tuple.of(address + " " + nameKey))
                .chain(() -> c.preparedQuery("update sign_in_attempts set attempts = greatest(attempts - 1, 0) "
                        + "where kind = 'address' and key = $1").execute(Tuple.of(address)))));
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
