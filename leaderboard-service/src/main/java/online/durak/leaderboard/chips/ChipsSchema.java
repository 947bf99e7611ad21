package online.durak.leaderboard.chips;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import online.durak.store.Ddl;

/**
 * The chips' tables (docs/chips.md "Tables"), created at start like the leaderboard's ({@code create ... if not
 * exists} under a transaction-scoped advisory lock of their own). A leaderboard rebuild never drops them: chips are
 * not a projection that can be recomputed, holds and bonuses come from REST calls, not from the event log.
 */
@ApplicationScoped
public class ChipsSchema {
    /** The advisory lock's key ("chips" in ASCII). */
    private static final long LOCK = 0x6368697073L;

    static final String CREATE = """
            create table if not exists ch_accounts (
                player_id  text   primary key,
                balance    bigint not null check (balance >= 0),
                held       bigint not null check (held >= 0),
                bonus_day  date
            );
            create table if not exists ch_pots (
                table_id   text        primary key,
                stake      bigint      not null check (stake > 0),
                amount     bigint      not null check (amount >= 0),
                state      text        not null,
                started    boolean     not null default false,
                settled_at timestamptz
            );
            create table if not exists ch_holds (
                table_id   text        not null,
                player_id  text        not null,
                amount     bigint      not null check (amount > 0),
                state      text        not null,
                expires_at timestamptz,
                primary key (table_id, player_id)
            );
            create index if not exists ch_holds_expiring on ch_holds (expires_at) where state = 'HELD';
            create table if not exists ch_ledger (
                id            bigserial   primary key,
                player_id     text        not null,
                at            timestamptz not null default now(),
                kind          text        not null,
                amount        bigint      not null,
                table_id      text,
                balance_after bigint      not null
            );
            create index if not exists ch_ledger_player on ch_ledger (player_id, id desc);
            create table if not exists ch_payouts (
                table_id  text   not null,
                player_id text   not null,
                name      text   not null,
                amount    bigint not null,
                primary key (table_id, player_id)
            );
            create table if not exists ch_applied (
                table_id text   not null,
                seq      bigint not null,
                primary key (table_id, seq)
            )""";

    private final Pool pool;
    private final Duration timeout;

    public ChipsSchema(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** Creates what is missing (blocking). */
    public void create() {
        Ddl.underLock(pool, LOCK, CREATE)
                .await().atMost(timeout);
    }
}
