package online.durak.leaderboard.store;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import online.durak.leaderboard.rating.RatingOrder;
import online.durak.leaderboard.rating.Skill;
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
                                    duraks, left_early, daily)
            values (:table, :seq, :player, :name, :seat, :at, :points, :dealPoints, :place, :deals, :duraks, :left,
                    :daily)""";
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

    /**
     * Ratings are read, changed in Java (OpenSkill) and written back, so their writers take turns: one transaction-
     * scoped advisory lock for every rating change of every instance ("rating" in ASCII). Row locks on the rated
     * players would not buy more: a bot level's rating is in almost every match.
     */
    static final long RATING_LOCK = 0x726174696e67L;
    static final String LOCK_RATINGS = "select 1 from (select pg_advisory_xact_lock(" + RATING_LOCK + ")) l";
    /** The rated matches that ended after one, in the rating's order. */
    static final String LATER = "select table_id, seq, cast(seats as text) from lb_rated"
            + " where (at, table_id, seq) > (:at, :table, :seq) order by at, table_id, seq";
    static final String CURRENT = "select rater_id, mu, sigma from lb_ratings where rater_id in (:raters)";
    static final String INSERT_RATED =
            "insert into lb_rated (table_id, seq, at, seats) values (:table, :seq, :at, cast(cast(:seats as text) as jsonb))";
    static final String UPDATE_RATED = "update lb_rated r set seats = v.seats"
            + " from jsonb_to_recordset(cast(cast(:rows as text) as jsonb)) as v(table_id text, seq bigint, seats jsonb)"
            + " where r.table_id = v.table_id and r.seq = v.seq";
    static final String SET_RATINGS = """
            insert into lb_ratings (rater_id, mu, sigma, matches)
            select v.rater_id, v.mu, v.sigma, v.matches
            from jsonb_to_recordset(cast(cast(:rows as text) as jsonb)) as v(rater_id text, mu float8, sigma float8, matches int)
            on conflict (rater_id) do update set
                mu = excluded.mu, sigma = excluded.sigma, matches = lb_ratings.matches + excluded.matches""";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<RatingOrder.RatedSeat>> SEATS = new TypeReference<>() {
    };

    /** One row of a leaderboard; {@code rating} the player's shown rating (null before a rated match). */
    public record Ranked(long rank, String playerId, String name, long points, long matches, Double rating) {
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
        // PostgreSQL keeps microseconds: the rating's order compares what is stored
        OffsetDateTime at = m.at().truncatedTo(ChronoUnit.MICROS).atOffset(ZoneOffset.UTC);
        return Panache.withTransaction(() -> Panache.getSession().chain(s -> s.createNativeQuery(MARK_APPLIED)
                .setParameter("table", m.tableId()).setParameter("seq", m.seq()).executeUpdate()
                .chain(marked -> marked == 0 ? Uni.createFrom().item(false)
                        : entries(s, m, at).chain(() -> rate(s, m, at)).replaceWith(true))));
    }

    /**
     * Rates the match in its place of the rating's order ({@link RatingOrder}), under the ratings' lock: reads the
     * rated matches that ended after it (usually none) and its raters' current ratings, writes it, the later matches
     * it changed, and every changed rating.
     */
    private static Uni<Void> rate(Mutiny.Session s, FinishedMatch m, OffsetDateTime at) {
        if (!m.rated()) {
            return Uni.createFrom().voidItem();
        }
        Set<String> raters = new LinkedHashSet<>();
        m.seats().forEach(seat -> raters.add(seat.rater()));
        return s.createNativeQuery(LOCK_RATINGS, Object.class).getSingleResult()
                .chain(() -> s.createNativeQuery(LATER, Object[].class).setParameter("at", at)
                        .setParameter("table", m.tableId()).setParameter("seq", m.seq()).getResultList())
                .chain(laterRows -> s.createNativeQuery(CURRENT, Object[].class)
                        .setParameter("raters", List.copyOf(raters)).getResultList().chain(currentRows -> {
                            List<RatingOrder.RatedMatch> later = new ArrayList<>(laterRows.size());
                            for (Object[] r : laterRows) {
                                later.add(new RatingOrder.RatedMatch((String) r[0], ((Number) r[1]).longValue(),
                                        read((String) r[2])));
                            }
                            Map<String, Skill.Rating> current = new HashMap<>();
                            for (Object[] r : currentRows) {
                                current.put((String) r[0], new Skill.Rating(((Number) r[1]).doubleValue(),
                                        ((Number) r[2]).doubleValue()));
                            }
                            RatingOrder.Result result = RatingOrder.insert(m.tableId(), m.seq(), m.seats(), later,
                                    current);
                            return write(s, m, at, raters, result);
                        }));
    }

    private static Uni<Void> write(Mutiny.Session s, FinishedMatch m, OffsetDateTime at, Set<String> raters,
                                   RatingOrder.Result result) {
        List<Map<String, Object>> changed = new ArrayList<>();
        for (RatingOrder.RatedMatch c : result.changed()) {
            changed.add(Map.of("table_id", c.tableId(), "seq", c.seq(), "seats", c.seats()));
        }
        List<Map<String, Object>> ratings = new ArrayList<>();
        for (var e : result.ratings().entrySet()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rater_id", e.getKey());
            row.put("mu", e.getValue().mu());
            row.put("sigma", e.getValue().sigma());
            row.put("matches", raters.contains(e.getKey()) ? 1 : 0);
            ratings.add(row);
        }
        Uni<Integer> inserted = s.createNativeQuery(INSERT_RATED).setParameter("table", m.tableId())
                .setParameter("seq", m.seq()).setParameter("at", at)
                .setParameter("seats", json(result.inserted().seats())).executeUpdate();
        return inserted
                .chain(() -> changed.isEmpty() ? Uni.createFrom().item(0)
                        : s.createNativeQuery(UPDATE_RATED).setParameter("rows", json(changed)).executeUpdate())
                .chain(() -> s.createNativeQuery(SET_RATINGS).setParameter("rows", json(ratings)).executeUpdate())
                .replaceWithVoid();
    }

    private static List<RatingOrder.RatedSeat> read(String seats) {
        try {
            return JSON.readValue(seats, SEATS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("lb_rated.seats unreadable: " + e.getMessage(), e);
        }
    }

    private static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Uni<Void> entries(Mutiny.Session s, FinishedMatch m, OffsetDateTime at) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (FinishedMatch.Entry e : m.entries()) {
            chain = chain.chain(() -> s.createNativeQuery(INSERT_ENTRY).setParameter("table", m.tableId())
                            .setParameter("seq", m.seq()).setParameter("player", e.playerId())
                            .setParameter("name", e.name()).setParameter("seat", e.seat()).setParameter("at", at)
                            .setParameter("points", e.points()).setParameter("dealPoints", e.dealPoints())
                            .setParameter("place", e.place()).setParameter("deals", e.deals())
                            .setParameter("duraks", e.duraks()).setParameter("left", e.left())
                            .setParameter("daily", m.daily()).executeUpdate())
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
        String rows = "select t.player_id, p.name, t.points, t.matches, r.mu, r.sigma from lb_period_totals t"
                + " join lb_players p on p.player_id = t.player_id"
                + " left join lb_ratings r on r.rater_id = t.player_id where t.period = :period";
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
            Double rating = r[4] == null ? null
                    : new Skill.Rating(((Number) r[4]).doubleValue(), ((Number) r[5]).doubleValue()).display();
            out.add(new Ranked(rank, (String) r[0], (String) r[1], points, ((Number) r[3]).longValue(), rating));
        }
        return out;
    }

    /** A person's totals, or null when they have no finished match here. */
    public Uni<PlayerTotals> totals(String playerId) {
        return Panache.withSession(() -> PlayerTotals.findById(playerId));
    }

    /** A rater's (a player's, or a bot level's {@link Skill#bot}) rating and rated matches, or null before any. */
    public record StoredRating(Skill.Rating rating, int matches) {
    }

    public Uni<StoredRating> rating(String raterId) {
        return Panache.withSession(() -> Panache.getSession().chain(s -> s.createNativeQuery(
                        "select mu, sigma, matches from lb_ratings where rater_id = :id", Object[].class)
                .setParameter("id", raterId).getResultList()).map(r -> r.isEmpty() ? null : new StoredRating(
                new Skill.Rating(((Number) r.get(0)[0]).doubleValue(), ((Number) r.get(0)[1]).doubleValue()),
                ((Number) r.get(0)[2]).intValue())));
    }

    /** A person's latest entries, newest first. */
    public Uni<List<MatchEntry>> recent(String playerId, int limit) {
        return Panache.withSession(() -> MatchEntry.<MatchEntry>find("playerId", Sort.descending("at", "tableId"),
                playerId).page(0, limit).list());
    }
}
