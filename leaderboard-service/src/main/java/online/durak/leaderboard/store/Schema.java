package online.durak.leaderboard.store;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import online.durak.store.Ddl;

/**
 * The read model's tables, created at start by plain {@code create ... if not exists} statements (docs/leaderboard.md
 * "Schema"): idempotent, so every start and every instance may run them; under a transaction-scoped advisory lock, so
 * two instances starting at once do not race on PostgreSQL's catalog (a second {@code create table if not exists}
 * running beside the first fails on {@code pg_type}'s unique key instead of waiting). Hibernate's own schema
 * management is off: it would create the tables without the upserts' keys and the indexes the queries need, and
 * without the lock.
 */
@ApplicationScoped
public class Schema {
    /** The advisory lock's key: any number that no other code of this database locks ("lboard" in ASCII). */
    private static final long LOCK = 0x6c626f617264L;

    static final String CREATE = """
            create table if not exists lb_applied (
                table_id   text        not null,
                seq        bigint      not null,
                applied_at timestamptz not null default now(),
                primary key (table_id, seq)
            );
            create table if not exists lb_entries (
                table_id    text        not null,
                seq         bigint      not null,
                player_id   text        not null,
                name        text        not null,
                seat        int         not null,
                at          timestamptz not null,
                points      int         not null,
                deal_points int         not null,
                place       int         not null,
                deals       int         not null,
                duraks      int         not null,
                left_early  boolean     not null,
                primary key (table_id, seq, player_id)
            );
            -- the daily game's day of a daily table's match (docs/daily.md), null for any other table
            alter table lb_entries add column if not exists daily date;
            create index if not exists lb_entries_at on lb_entries (at, player_id);
            create index if not exists lb_entries_player on lb_entries (player_id, at desc);
            create table if not exists lb_players (
                player_id text        primary key,
                name      text        not null,
                name_at   timestamptz not null,
                points    bigint      not null,
                matches   int         not null,
                deals     int         not null,
                duraks    int         not null
            );
            create table if not exists lb_period_totals (
                period    text   not null,
                player_id text   not null,
                points    bigint not null,
                matches   int    not null,
                primary key (period, player_id)
            );
            create index if not exists lb_period_totals_rank on lb_period_totals (period, points desc, player_id);
            create table if not exists lb_ratings (
                rater_id text             primary key,
                mu       double precision not null,
                sigma    double precision not null,
                matches  int              not null
            );
            create table if not exists lb_rated (
                table_id text        not null,
                seq      bigint      not null,
                at       timestamptz not null,
                seats    jsonb       not null,
                primary key (table_id, seq)
            );
            create index if not exists lb_rated_order on lb_rated (at, table_id, seq)""";

    static final String DROP =
            "drop table if exists lb_applied, lb_entries, lb_players, lb_period_totals, lb_ratings, lb_rated";

    private final Pool pool;
    private final Duration timeout;

    public Schema(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** Creates what is missing (blocking). */
    public void create() {
        run(CREATE);
    }

    /** Drops the read model (blocking): a rebuild starts from nothing. */
    public void drop() {
        run(DROP);
    }

    private void run(String sql) {
        Ddl.underLock(pool, LOCK, sql)
                .await().atMost(timeout);
    }
}
