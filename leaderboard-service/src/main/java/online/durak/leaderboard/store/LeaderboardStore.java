package online.durak.leaderboard.store;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
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

    /**
     * The boards a match counts on: all time, and the week and the month it ended in (Period keys). Entries stay the
     * truth; these totals are kept beside them in the same transaction so that a page is an index range, not an
     * aggregate over every entry of the month.
     */
    static final String ADD_TO_BOARDS = """
            insert into lb_period_totals (period, player_id, points, matches)
            values (:all, :player, :points, 1), (:week, :player, :points, 1), (:month, :player, :points, 1)
            on conflict (period, player_id) do update set
                points  = lb_period_totals.points + excluded.points,
                matches = lb_period_totals.matches + 1""";

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
                    .chain(() -> s.createNativeQuery(ADD_TO_BOARDS).setParameter("all", Period.ALL.key(m.at()))
                            .setParameter("week", Period.WEEK.key(m.at()))
                            .setParameter("month", Period.MONTH.key(m.at())).setParameter("player", e.playerId())
                            .setParameter("points", (long) e.points()).executeUpdate())
                    .replaceWithVoid();
        }
        return chain;
    }

    /**
     * A page of the board {@code period} (a {@link Period#key}), ranked by points (equal points share a rank, as
     * places do), and {@code player}'s own row wherever it is. A rank is 1 + the players with more points: counted
     * once for the page's first row, then followed down the page.
     */
    public Uni<Board> board(String period, int page, int size, Optional<String> player) {
        String rows = "select t.player_id, p.name, t.points, t.matches from lb_period_totals t"
                + " join lb_players p on p.player_id = t.player_id where t.period = :period";
        String above = "select count(*) from lb_period_totals where period = :period and points > :points";
        return Panache.withSession(() -> Panache.getSession().chain(s -> {
            Uni<List<Object[]>> pageRows = s.createNativeQuery(rows + " order by t.points desc, t.player_id",
                            Object[].class).setParameter("period", period).setFirstResult(page * size)
                    .setMaxResults(size).getResultList();
            Uni<Long> total = s.createNativeQuery("select count(*) from lb_period_totals where period = :period",
                    Object.class).setParameter("period", period).getSingleResult().map(x -> ((Number) x).longValue());
            // one session runs one query at a time: one after another
            return pageRows.chain(r -> firstRank(s, above, period, r).chain(first -> total.chain(t ->
                    own(s, rows, above, period, player).map(o -> new Board(ranked(r, page * size, first), t, o)))));
        }));
    }

    private static Uni<Long> firstRank(Mutiny.Session s, String above, String period, List<Object[]> rows) {
        if (rows.isEmpty()) {
            return Uni.createFrom().item(0L);
        }
        return s.createNativeQuery(above, Object.class).setParameter("period", period)
                .setParameter("points", ((Number) rows.get(0)[2]).longValue()).getSingleResult()
                .map(x -> 1 + ((Number) x).longValue());
    }

    private static Uni<Optional<Ranked>> own(Mutiny.Session s, String rows, String above, String period,
                                             Optional<String> player) {
        if (player.isEmpty()) {
            return Uni.createFrom().item(Optional.empty());
        }
        return s.createNativeQuery(rows + " and t.player_id = :player", Object[].class).setParameter("period", period)
                .setParameter("player", player.get()).getResultList().chain(r -> r.isEmpty()
                        ? Uni.createFrom().item(Optional.<Ranked>empty())
                        : firstRank(s, above, period, r).map(rank -> Optional.of(ranked(r, 0, rank).get(0))));
    }

    /** Rows ordered by points: the first has {@code firstRank}, each next one its position unless its points tie. */
    private static List<Ranked> ranked(List<Object[]> rows, int offset, long firstRank) {
        List<Ranked> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Object[] r = rows.get(i);
            long points = ((Number) r[2]).longValue();
            long rank = i == 0 ? firstRank
                    : points == out.get(i - 1).points() ? out.get(i - 1).rank() : offset + i + 1;
            out.add(new Ranked(rank, (String) r[0], (String) r[1], points, ((Number) r[3]).longValue()));
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
