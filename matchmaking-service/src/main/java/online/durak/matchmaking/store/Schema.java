package online.durak.matchmaking.store;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import online.durak.store.Ddl;

/**
 * The service's own tables in the shared database (docs/matchmaking.md "Store"), created at start by plain
 * {@code create ... if not exists} statements under a transaction-scoped advisory lock, as leaderboard-service does:
 * idempotent, and two instances starting at once do not race on PostgreSQL's catalog.
 */
@ApplicationScoped
public class Schema {
    /** The advisory lock's key: a number no other code of this database locks ("mmatch" in ASCII). */
    private static final long LOCK = 0x6d6d61746368L;

    static final String CREATE = """
            create table if not exists mm_tickets (
                player_id    text             primary key,
                ticket_id    text             not null unique,
                name         text             not null,
                pool         text             not null,
                players      int,
                sizes        int[]            not null,
                rules        jsonb            not null,
                rating       double precision not null,
                since        timestamptz      not null,
                heartbeat_at timestamptz      not null,
                table_id     text,
                seat         int,
                formed_at    timestamptz
            );
            create index if not exists mm_tickets_waiting on mm_tickets (pool, since) where table_id is null;
            create index if not exists mm_tickets_formed on mm_tickets (formed_at) where table_id is not null;
            create table if not exists mm_tables (
                table_id   text        primary key,
                pool       text        not null,
                rules      jsonb       not null,
                seats      jsonb       not null,
                formed_at  timestamptz not null,
                sent_at    timestamptz not null,
                started_at timestamptz,
                failed     text
            );
            create index if not exists mm_tables_unstarted on mm_tables (sent_at)
                where started_at is null and failed is null""";

    private final Pool pool;
    private final Duration timeout;

    public Schema(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** Creates what is missing (blocking). */
    public void create() {
        Ddl.underLock(pool, LOCK, CREATE)
                .await().atMost(timeout);
    }
}
