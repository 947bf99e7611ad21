package online.durak.leaderboard.api;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import online.durak.leaderboard.chips.Wallet;
import online.durak.leaderboard.daily.DailyListResource;
import online.durak.leaderboard.daily.DailyStore;
import online.durak.leaderboard.daily.Streaks;
import online.durak.leaderboard.store.LeaderboardStore;
import online.durak.leaderboard.store.MatchEntry;
import online.durak.leaderboard.store.PlayerTotals;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/players/{id}}: a person's all-time totals (points, matches, deals, the share of deals lost) and
 * their latest matches, newest first, each with the link to its replay (a daily game's only once its day is over:
 * docs/daily.md). 404 {@code NO_SUCH_PLAYER} for a player with no finished match here (bots never have one).
 */
@Path("/api/players/{id}")
@Tag(name = "players")
public class PlayerResource {
    static final int RECENT = 10;

    private final LeaderboardStore store;
    private final Wallet wallet;
    private final DailyStore daily;
    private final Clock clock;

    public PlayerResource(LeaderboardStore store, Wallet wallet, DailyStore daily, Clock clock) {
        this.store = store;
        this.wallet = wallet;
        this.daily = daily;
        this.clock = clock;
    }

    /**
     * @param tableId    the table; null for a daily game's table until its day is over (docs/daily.md: every attempt
     *                   of a day is dealt the same cards), and so are the links
     * @param points     leaderboard points of the match
     * @param dealPoints the sum of the match's deal points (the board's total)
     * @param replay     the table service's replay of the table ({@code ?deal=1} to {@code deals})
     * @param replayPage the web client's replay of the table
     * @param daily      the day of the daily game the table played, null for any other table
     */
    @Schema(name = "RecentMatch")
    public record RecentMatch(@Schema(description = "null for a daily game until its day is over", nullable = true)
                              String tableId, Instant at, int points, int dealPoints,
                              @Schema(description = "1 = best") int place, int deals, int duraks,
                              @Schema(description = "the player left before the end") boolean left,
                              @Schema(examples = "/api/tables/3f8a6c52/replay", nullable = true) String replay,
                              @Schema(examples = "/#/replays/3f8a6c52", nullable = true) String replayPage,
                              @Schema(description = "the day of the daily game the table played; null for any other "
                                      + "table", format = "date", nullable = true) LocalDate daily) {
        static RecentMatch of(MatchEntry e, LocalDate today) {
            boolean hidden = e.daily != null && !e.daily.isBefore(today);
            return new RecentMatch(hidden ? null : e.tableId, e.at.toInstant(), e.points, e.dealPoints, e.place,
                    e.deals, e.duraks, e.leftEarly, hidden ? null : "/api/tables/" + e.tableId + "/replay",
                    hidden ? null : "/#/replays/" + e.tableId, e.daily);
        }
    }

    /**
     * A skill rating (docs/leaderboard.md "Rating").
     *
     * @param ordinal μ − 3σ, what boards sort by
     * @param display the ordinal rounded to one decimal, what people are shown
     * @param matches the rated matches
     */
    @Schema(name = "Rating", description = "A skill rating (OpenSkill): what people are shown is display.")
    public record Rating(double mu, double sigma, @Schema(description = "μ − 3σ, what boards sort by") double ordinal,
                         @Schema(description = "the ordinal rounded to one decimal") double display,
                         @Schema(description = "the rated matches") int matches) {
        static Rating of(LeaderboardStore.StoredRating r) {
            return r == null ? null : new Rating(r.rating().mu(), r.rating().sigma(), r.rating().ordinal(),
                    r.rating().display(), r.matches());
        }
    }

    /**
     * @param durakRate deals lost (the durak, or the losing team in team play) by deals played, 0 to 1
     * @param chips     the chip balance (docs/chips.md); null for a player without a wallet (a guest)
     * @param rating    null before a rated match
     * @param streak    the daily game's streak (docs/daily.md): consecutive days with a counting attempt
     */
    @Schema(name = "Profile")
    public record Profile(String playerId, String name, long points, int matches, int deals, int duraks,
                          @Schema(description = "deals lost by deals played, 0 to 1") double durakRate,
                          @Schema(description = "the chip balance; null for a player without a wallet (a guest)",
                                  nullable = true) Long chips,
                          @Schema(description = "null before a rated match", nullable = true) Rating rating,
                          @Schema(description = "the latest matches, newest first") List<RecentMatch> recent,
                          Streaks streak) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A player's profile", description = "A person's all-time totals, rating, daily streak and "
            + "latest matches, each with the link to its replay.")
    @APIResponse(responseCode = "200", description = "the profile")
    @APIResponse(responseCode = "404", description = "NO_SUCH_PLAYER")
    public Uni<Profile> profile(@PathParam("id") String id) {
        return store.totals(id).chain(t -> {
            if (t == null) {
                throw new ApiException(404, ErrorCodes.NO_SUCH_PLAYER, "id: no finished match of player " + id);
            }
            return store.recent(id, RECENT).chain(r -> store.rating(id).chain(rating -> wallet.balance(id)
                    .chain(chips -> daily.days(id).map(days -> profile(t, rating, r, chips, days,
                            DailyListResource.today(clock))))));
        });
    }

    private static Profile profile(PlayerTotals t, LeaderboardStore.StoredRating rating, List<MatchEntry> recent,
                                   Long chips, List<LocalDate> days, LocalDate today) {
        double rate = t.deals == 0 ? 0 : (double) t.duraks / t.deals;
        return new Profile(t.playerId, t.name, t.points, t.matches, t.deals, t.duraks, rate, chips,
                Rating.of(rating), recent.stream().map(e -> RecentMatch.of(e, today)).toList(),
                Streaks.of(days, today));
    }
}
