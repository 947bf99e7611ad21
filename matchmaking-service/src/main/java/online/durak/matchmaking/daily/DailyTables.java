package online.durak.matchmaking.daily;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The daily game's tables (docs/daily.md), one row per attempt: {@code mm_daily}. A partial unique index allows one
 * counting attempt per player and day, so two requests racing for the first attempt make one counting table and one
 * practice table, never two counting ones (this service's migrations, {@code db/migration/matchmaking-service}).
 * Blocking calls, for worker threads.
 */
@ApplicationScoped
public class DailyTables {
    /** One attempt: {@code startedAt} null until the rules service accepted its table. */
    public record Attempt(String tableId, String playerId, LocalDate day, boolean practice, Instant createdAt,
                          Instant startedAt) {
        static Attempt of(Row r) {
            return new Attempt(r.getString("table_id"), r.getString("player_id"), r.getLocalDate("day"),
                    r.getBoolean("practice"), r.getOffsetDateTime("created_at").toInstant(),
                    r.getOffsetDateTime("started_at") == null ? null : r.getOffsetDateTime("started_at").toInstant());
        }
    }

    private final Pool pool;
    private final Duration timeout;

    public DailyTables(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** The player's counting attempt of the day, if any. */
    public Optional<Attempt> counting(String playerId, LocalDate day) {
        RowSet<Row> rows = pool.preparedQuery("select * from mm_daily where player_id = $1 and day = $2 and not practice")
                .execute(Tuple.of(playerId, day)).await().atMost(timeout);
        return rows.size() == 0 ? Optional.empty() : Optional.of(Attempt.of(rows.iterator().next()));
    }

    /** How many attempts the player made that day, practice included. */
    public int attempts(String playerId, LocalDate day) {
        return pool.preparedQuery("select count(*) from mm_daily where player_id = $1 and day = $2")
                .execute(Tuple.of(playerId, day)).await().atMost(timeout).iterator().next().getInteger(0);
    }

    /**
     * A new attempt: the counting one when the player has none that day, else practice. Returns it as stored (a race
     * for the first attempt is decided by the partial unique index: the loser's attempt is practice).
     */
    public Attempt add(String tableId, String playerId, LocalDate day, Instant now) {
        RowSet<Row> rows = pool.preparedQuery("insert into mm_daily (table_id, player_id, day, practice, created_at) "
                        + "values ($1, $2, $3, false, $4) on conflict (player_id, day) where not practice do nothing "
                        + "returning *")
                .execute(Tuple.of(tableId, playerId, day, now.atOffset(ZoneOffset.UTC))).await().atMost(timeout);
        if (rows.size() == 1) {
            return Attempt.of(rows.iterator().next());
        }
        return Attempt.of(pool.preparedQuery("insert into mm_daily (table_id, player_id, day, practice, created_at) "
                        + "values ($1, $2, $3, true, $4) returning *")
                .execute(Tuple.of(tableId, playerId, day, now.atOffset(ZoneOffset.UTC))).await().atMost(timeout)
                .iterator().next());
    }

    /** The rules service accepted the attempt's table. */
    public void started(String tableId, Instant at) {
        pool.preparedQuery("update mm_daily set started_at = $2 where table_id = $1 and started_at is null")
                .execute(Tuple.of(tableId, at.atOffset(ZoneOffset.UTC))).await().atMost(timeout);
    }
}
