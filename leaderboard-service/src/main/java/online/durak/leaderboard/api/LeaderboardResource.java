package online.durak.leaderboard.api;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import online.durak.engine.BotLevel;
import online.durak.leaderboard.rating.Skill;
import online.durak.leaderboard.store.LeaderboardStore;
import online.durak.leaderboard.store.Period;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * {@code GET /api/leaderboard?period=all|week|month&page=0&size=20[&player=ID]}: one page of the leaderboard, ranked
 * by points (equal points share a rank), and with {@code player} that player's own row even outside the page. Week
 * and month are this ISO week (from Monday) and this calendar month, in UTC. A bad {@code period}, {@code page} or
 * {@code size} is 400 {@code INVALID_PARAMETER} naming it.
 */
@Path("/api/leaderboard")
public class LeaderboardResource {
    private final LeaderboardStore store;
    private final Clock clock;

    public LeaderboardResource(LeaderboardStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** A row of the board; {@code rating} the player's shown rating (docs/leaderboard.md "Rating"), or null. */
    public record Row(long rank, String playerId, String name, long points, long matches, Double rating) {
        static Row of(LeaderboardStore.Ranked r) {
            return new Row(r.rank(), r.playerId(), r.name(), r.points(), r.matches(), r.rating());
        }
    }

    /** A bot level's one rating: what a person's rating is measured against. */
    public record BotRating(String level, PlayerResource.Rating rating) {
    }

    /**
     * @param from   where the period starts (null: all time)
     * @param total  players on this board
     * @param player the asked-for player's row, null when not asked for or not on this board
     */
    public record Page(String period, Instant from, int page, int size, long total, List<Row> rows, Row player) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Page> board(@QueryParam("period") String period, @QueryParam("page") String page,
                           @QueryParam("size") String size, @QueryParam("player") String player) {
        Period p = period == null || period.isEmpty() ? Period.ALL : Period.named(period).orElseThrow(() ->
                ApiException.badRequest(ErrorCodes.INVALID_PARAMETER,
                        "period: must be all, week or month, not \"" + period + "\""));
        Paging paging = Paging.of(page, size);
        Optional<String> own = Optional.ofNullable(player).filter(s -> !s.isBlank());
        Instant now = clock.instant();
        Optional<Instant> from = p.start(now);
        return store.board(p.key(now), paging.page(), paging.size(), own).map(b -> new Page(p.wireName(),
                from.orElse(null), paging.page(), paging.size(), b.total(), b.rows().stream().map(Row::of).toList(),
                b.player().map(Row::of).orElse(null)));
    }

    /** {@code GET /api/leaderboard/bots}: the rating of each bot level (null before its first rated match). */
    @GET
    @Path("/bots")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<BotRating>> bots() {
        Uni<List<BotRating>> out = Uni.createFrom().item(new java.util.ArrayList<>());
        for (BotLevel level : BotLevel.values()) {
            out = out.chain(list -> store.rating(Skill.bot(level.name())).map(r -> {
                list.add(new BotRating(level.name(), PlayerResource.Rating.of(r)));
                return list;
            }));
        }
        return out;
    }
}
