package online.durak.leaderboard.store;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The read model's tables, made by this service's migrations ({@code db/migration/leaderboard-service}, run by Flyway
 * at start: docs/leaderboard.md "Schema"); here only emptied for a rebuild. Hibernate's own schema management is off:
 * it would create the tables without the upserts' keys and the indexes the queries need.
 */
@ApplicationScoped
public class ReadModel {
    static final String CLEAR = "truncate lb_applied, lb_entries, lb_players, lb_period_totals, lb_ratings, lb_rated";

    private final Pool pool;
    private final Duration timeout;

    public ReadModel(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** Empties the read model (blocking): a rebuild starts from nothing. */
    public void clear() {
        pool.query(CLEAR).execute().await().atMost(timeout);
    }
}
