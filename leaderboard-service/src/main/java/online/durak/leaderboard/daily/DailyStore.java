package online.durak.leaderboard.daily;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The daily list and the days behind the streaks, in {@code dl_} tables of the shared database (docs/daily.md), through
 * the reactive PostgreSQL client with plain SQL: one row per day and player, the counting attempt as it stands. The
 * table is this service's migrations' ({@code db/migration/leaderboard-service}).
 */
@ApplicationScoped
public class DailyStore {
    static final String CLEAR = "truncate dl_entries";

    /**
     * The attempt as it stands at {@code seq}: a later seq of the same table replaces an earlier one, an earlier or the
     * same seq (a redelivery, the rebuild beside the consumer) changes nothing, and another table of the same day and
     * player (there is none: matchmaking makes one counting attempt per day) never replaces the first.
     */
    static final String UPSERT = """
            insert into dl_entries (day, player_id, table_id, seq, name, points, deals, finished, left_early,
                                    started_at, at)
            values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
            on conflict (day, player_id) do update set
                seq = excluded.seq, name = excluded.name, points = excluded.points, deals = excluded.deals,
                finished = excluded.finished, left_early = excluded.left_early, at = excluded.at
            where dl_entries.table_id = excluded.table_id and dl_entries.seq < excluded.seq""";
    static final String RANKED = "select player_id, name, points, deals, finished, left_early, "
            + "rank() over (order by points desc) as rank from dl_entries where day = $1";

    private final Pool pool;
    private final Duration timeout;

    public DailyStore(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** Empties the list (blocking): a rebuild starts from nothing. */
    public void clear() {
        pool.query(CLEAR).execute().await().atMost(timeout);
    }

    /** Stores the attempt as it stands (blocking); whether a row changed. */
    public boolean apply(DailyAttempt a) {
        return pool.preparedQuery(UPSERT).execute(Tuple.tuple().addLocalDate(a.date()).addString(a.playerId())
                        .addString(a.tableId()).addLong(a.seq()).addString(a.name() == null ? "" : a.name())
                        .addInteger(a.points()).addInteger(a.deals()).addBoolean(a.finished()).addBoolean(a.left())
                        .addOffsetDateTime(a.startedAt().atOffset(ZoneOffset.UTC))
                        .addOffsetDateTime(a.at().atOffset(ZoneOffset.UTC)))
                .await().atMost(timeout).rowCount() > 0;
    }

    /** A row of the list: no table id, so nobody finds another player's table of the day through it. */
    public record Ranked(long rank, String playerId, String name, int points, int deals, boolean finished,
                         boolean left) {
        static Ranked of(Row r) {
            return new Ranked(r.getLong("rank"), r.getString("player_id"), r.getString("name"),
                    r.getInteger("points"), r.getInteger("deals"), r.getBoolean("finished"),
                    r.getBoolean("left_early"));
        }
    }

    /** One page of the day's list and its size. */
    public record Page(long total, List<Ranked> rows) {
    }

    public Uni<Page> page(LocalDate day, int page, int size) {
        Uni<Long> total = pool.preparedQuery("select count(*) from dl_entries where day = $1")
                .execute(Tuple.of(day)).map(rs -> rs.iterator().next().getLong(0));
        Uni<List<Ranked>> rows = pool.preparedQuery(RANKED + " order by points desc, started_at, player_id"
                        + " limit $2 offset $3")
                .execute(Tuple.of(day, size, (long) page * size)).map(rs -> {
                    List<Ranked> out = new ArrayList<>();
                    rs.forEach(r -> out.add(Ranked.of(r)));
                    return out;
                });
        return Uni.combine().all().unis(total, rows).asTuple().map(t -> new Page(t.getItem1(), t.getItem2()));
    }

    /** The player's row of the day, wherever it ranks. */
    public Uni<Optional<Ranked>> of(LocalDate day, String playerId) {
        return pool.preparedQuery("select * from (" + RANKED + ") r where player_id = $2")
                .execute(Tuple.of(day, playerId))
                .map(rs -> rs.size() == 0 ? Optional.<Ranked>empty() : Optional.of(Ranked.of(rs.iterator().next())));
    }

    /** The days with a counting attempt of the player, ascending. */
    public Uni<List<LocalDate>> days(String playerId) {
        return pool.preparedQuery("select day from dl_entries where player_id = $1 order by day")
                .execute(Tuple.of(playerId)).map(rs -> {
                    List<LocalDate> out = new ArrayList<>();
                    rs.forEach(r -> out.add(r.getLocalDate("day")));
                    return out;
                });
    }
}
