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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/leaderboard?period=all|week|month&page=0&size=20[&player=ID]}: one page of the leaderboard, ranked
 * by points (equal points share a rank), and with {@code player} that player's own row even outside the page. Week
 * and month are this ISO week (from Monday) and this calendar month, in UTC. A bad {@code period}, {@code page} or
 * {@code size} is 400 {@code INVALID_PARAMETER} naming it.
 */
@Path("/api/leaderboard")
@Tag(name = "leaderboard")
public class LeaderboardResource {
    private final LeaderboardStore store;
    private final Clock clock;

    public LeaderboardResource(LeaderboardStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** A row of the board; {@code rating} the player's shown rating (docs/leaderboard.md "Rating"), or null. */
    @Schema(name = "LeaderboardRow")
    public record Row(@Schema(description = "1 = most points; equal points share a rank") long rank, String playerId,
                      String name, long points, long matches,
                      @Schema(description = "the shown rating (display), null before a rated match", nullable = true)
                      Double rating) {
        static Row of(LeaderboardStore.Ranked r) {
            return new Row(r.rank(), r.playerId(), r.name(), r.points(), r.matches(), r.rating());
        }
    }

    /** A bot level's one rating: what a person's rating is measured against. */
    @Schema(name = "BotRating")
    public record BotRating(@Schema(enumeration = {"EASY", "NORMAL", "STRONG"}) String level,
                            @Schema(description = "null before the level's first rated match", nullable = true)
                            PlayerResource.Rating rating) {
    }

    /**
     * @param from   where the period starts (null: all time)
     * @param total  players on this board
     * @param player the asked-for player's row, null when not asked for or not on this board
     */
    @Schema(name = "LeaderboardPage")
    public record Page(@Schema(enumeration = {"all", "week", "month"}) String period,
                       @Schema(implementation = String.class, format = "date-time", nullable = true) Instant from,
                       int page, int size, long total, List<Row> rows,
                       @Schema(nullable = true) Row player) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The leaderboard", description = "One page of a board, ranked by points (rules.md §7); with "
            + "player, that player's own row even outside the page. Week and month are this ISO week (from Monday) "
            + "and this calendar month, in UTC.")
    @APIResponse(responseCode = "200", description = "the page")
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER")
    public Uni<Page> board(@QueryParam("period") @Parameter(description = "the board", schema = @Schema(
                                   type = SchemaType.STRING, enumeration = {"all", "week", "month"}, defaultValue = "all")) String period,
                           @QueryParam("page") @Parameter(description = Paging.PAGE, schema = @Schema(
                                   type = SchemaType.INTEGER, minimum = "0", defaultValue = "0")) String page,
                           @QueryParam("size") @Parameter(description = Paging.SIZE, schema = @Schema(
                                   type = SchemaType.INTEGER, minimum = "1", maximum = "" + Paging.MAX_SIZE,
                                   defaultValue = "" + Paging.DEFAULT_SIZE))
                           String size,
                           @QueryParam("player") @Parameter(description = "a player id whose own row to add")
                           String player) {
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
    @Operation(summary = "The bots' ratings", description = "Each bot level's one rating, what people's ratings are "
            + "measured against.")
    @APIResponse(responseCode = "200", description = "one per level: EASY, NORMAL, STRONG")
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
