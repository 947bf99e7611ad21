package online.durak.leaderboard.store;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import online.durak.leaderboard.score.FinishedMatch;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * The read model in PostgreSQL through Hibernate Reactive Panache. Writes are one transaction per finished match:
 * first the match's row in {@code lb_applied} (its key is the {@code MatchEnded}'s {@code (table_id, seq)}), and only
 * when that row is new, the entries and the players' totals, each total changed by an upsert that adds in SQL. So a
 * match delivered twice, or applied by two instances at once (the second waits on the first's key, then finds it),
 * counts once, and no total is ever read into Java and written back.
 */
@ApplicationScoped
public class LeaderboardStore {

    static final String MARK_APPLIED =
            "insert into lb_applied (table_id, seq) values (:table, :seq) on conflict do nothing";
    static final String INSERT_ENTRY = """
            insert into lb_entries (table_id, seq, player_id, name, seat, at, points, deal_points, place, deals,
                                    duraks, left_early)
            values (:table, :seq, :player, :name, :seat, :at, :points, :dealPoints, :place, :deals, :duraks, :left)""";
    /** The name shown is the one of the person's latest match, whatever order the matches are applied in. */
    static final String ADD_TO_TOTALS = """
            insert into lb_players (player_id, name, name_at, points, matches, deals, duraks)
            values (:player, :name, :at, :points, 1, :deals, :duraks)
            on conflict (player_id) do update set
                points  = lb_players.points + excluded.points,
                matches = lb_players.matches + 1,
                deals   = lb_players.deals + excluded.deals,
                duraks  = lb_players.duraks + excluded.duraks,
                name    = case when excluded.name_at >= lb_players.name_at then excluded.name else lb_players.name end,
                name_at = greatest(lb_players.name_at, excluded.name_at)""";

    /** One row of a leaderboard. */
    public record Ranked(long rank, String playerId, String name, long points, long matches) {
    }

    /** One page of a leaderboard, the number of players on it, and the asked-for player's own row. */
    public record Board(List<Ranked> rows, long total, Optional<Ranked> player) {
    }

    /**
     * Applies a finished match once.
     *
     * @return false when it had been applied already (nothing changed)
     */
    public Uni<Boolean> apply(FinishedMatch m) {
        OffsetDateTime at = m.at().atOffset(ZoneOffset.UTC);
        return Panache.withTransaction(() -> Panache.getSession().chain(s -> s.createNativeQuery(MARK_APPLIED)
                .setParameter("table", m.tableId()).setParameter("seq", m.seq()).executeUpdate()
                .chain(marked -> marked == 0 ? Uni.createFrom().item(false) : entries(s, m, at).replaceWith(true))));
    }

    private static Uni<Void> entries(Mutiny.Session s, FinishedMatch m, OffsetDateTime at) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (FinishedMatch.Entry e : m.entries()) {
            chain = chain.chain(() -> s.createNativeQuery(INSERT_ENTRY).setParameter("table", m.tableId())
                            .setParameter("seq", m.seq()).setParameter("player", e.playerId())
                            .setParameter("name", e.name()).setParameter("seat", e.seat()).setParameter("at", at)
                            .setParameter("points", e.points()).setParameter("dealPoints", e.dealPoints())
                            .setParameter("place", e.place()).setParameter("deals", e.deals())
                            .setParameter("duraks", e.duraks()).setParameter("left", e.left()).executeUpdate())
                    .chain(() -> s.createNativeQuery(ADD_TO_TOTALS).setParameter("player", e.playerId())
                            .setParameter("name", e.name()).setParameter("at", at)
                            .setParameter("points", (long) e.points()).setParameter("deals", e.deals())
                            .setParameter("duraks", e.duraks()).executeUpdate())
                    .replaceWithVoid();
        }
        return chain;
    }

    /**
     * A page of the board of the period that starts at {@code from} (empty: all time), ranked by points (equal
     * points share a rank, as places do), and {@code player}'s own row wherever it is.
     */
    public Uni<Board> board(Optional<Instant> from, int page, int size, Optional<String> player) {
        String source = from.isEmpty() ? "select player_id, points, matches from lb_players"
                : "select player_id, sum(points) as points, count(*) as matches from lb_entries where at >= :from"
                        + " group by player_id";
        String ranked = "with totals as (" + source + "), ranked as (select player_id, points, matches,"
                + " rank() over (order by points desc) as rank from totals)"
                + " select r.rank, r.player_id, p.name, r.points, r.matches from ranked r"
                + " join lb_players p on p.player_id = r.player_id ";
        String count = "select count(*) from (" + source + ") t";
        OffsetDateTime start = from.map(i -> i.atOffset(ZoneOffset.UTC)).orElse(null);
        return Panache.withSession(() -> Panache.getSession().chain(s -> {
            Mutiny.SelectionQuery<Object[]> rows = s.createNativeQuery(ranked + "order by r.rank, r.player_id",
                    Object[].class).setFirstResult(page * size).setMaxResults(size);
            Mutiny.SelectionQuery<Object> n = s.createNativeQuery(count, Object.class);
            if (start != null) {
                rows.setParameter("from", start);
                n.setParameter("from", start);
            }
            Uni<List<Ranked>> pageRows = rows.getResultList().map(LeaderboardStore::ranked);
            Uni<Long> total = n.getSingleResult().map(x -> ((Number) x).longValue());
            Uni<Optional<Ranked>> own = player.isEmpty() ? Uni.createFrom().item(Optional.empty()) : Uni.createFrom()
                    .deferred(() -> {
                        Mutiny.SelectionQuery<Object[]> q = s.createNativeQuery(ranked + "where r.player_id = :player",
                                Object[].class).setParameter("player", player.get());
                        if (start != null) {
                            q.setParameter("from", start);
                        }
                        return q.getResultList().map(l -> ranked(l).stream().findFirst());
                    });
            // one session runs one query at a time: one after another
            return pageRows.chain(r -> total.chain(t -> own.map(o -> new Board(r, t, o))));
        }));
    }

    private static List<Ranked> ranked(List<Object[]> rows) {
        List<Ranked> out = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            out.add(new Ranked(((Number) r[0]).longValue(), (String) r[1], (String) r[2], ((Number) r[3]).longValue(),
                    ((Number) r[4]).longValue()));
        }
        return out;
    }

    /** A person's totals, or null when they have no finished match here. */
    public Uni<PlayerTotals> totals(String playerId) {
        return Panache.withSession(() -> PlayerTotals.findById(playerId));
    }

    /** A person's latest entries, newest first. */
    public Uni<List<MatchEntry>> recent(String playerId, int limit) {
        return Panache.withSession(() -> MatchEntry.<MatchEntry>find("playerId", Sort.descending("at", "tableId"),
                playerId).page(0, limit).list());
    }
}
