package online.durak.leaderboard.daily;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import online.durak.leaderboard.api.Paging;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/daily/list?date=YYYY-MM-DD&page=0&size=20[&player=ID]}: the daily list of a day (docs/daily.md),
 * ranked by daily points (equal points share a rank), with {@code player}'s own row even outside the page. The day is
 * a UTC calendar day; without {@code date}, today's. A bad {@code date}, {@code page} or {@code size} is 400
 * {@code INVALID_PARAMETER} naming it.
 */
@Path("/api/daily/list")
@Tag(name = "daily")
public class DailyListResource {
    private final DailyStore store;
    private final Clock clock;

    public DailyListResource(DailyStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /**
     * An attempt on the list, without its table: every attempt of a day is dealt the same cards, so nobody may find
     * another player's table through the list (docs/daily.md "What a player of the day sees").
     *
     * @param deals    the attempt's finished deals (of 3)
     * @param finished the match is over (else it is scored as it stands: docs/daily.md)
     * @param left     its player left before the end
     */
    @Schema(name = "DailyEntry")
    public record Entry(long rank, String playerId, String name, int points, int deals, boolean finished,
                        boolean left) {
        static Entry of(DailyStore.Ranked r) {
            return new Entry(r.rank(), r.playerId(), r.name(), r.points(), r.deals(), r.finished(), r.left());
        }
    }

    /** @param player the asked-for player's entry, null when not asked for or without a counting attempt that day */
    @Schema(name = "DailyList")
    public record ListPage(@Schema(format = "date", examples = "2026-12-01") String date,
                           @Schema(examples = "UTC") String timeZone, int page, int size, long total,
                           List<Entry> entries, @Schema(nullable = true) Entry player) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A day's daily list", description = "Ranked by daily points (equal points share a rank); "
            + "with player, that player's own entry even outside the page.")
    @APIResponse(responseCode = "200", description = "the page")
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER")
    public Uni<ListPage> list(@QueryParam("date") @Parameter(description = "the UTC day; today when absent",
                                      schema = @Schema(format = "date")) String date,
                              @QueryParam("page") @Parameter(description = Paging.PAGE, schema = @Schema(
                                      type = SchemaType.INTEGER, minimum = "0", defaultValue = "0")) String page,
                              @QueryParam("size") @Parameter(description = Paging.SIZE, schema = @Schema(
                                      type = SchemaType.INTEGER, minimum = "1", maximum = "" + Paging.MAX_SIZE,
                                      defaultValue = "" + Paging.DEFAULT_SIZE)) String size,
                              @QueryParam("player") @Parameter(description = "a player id whose own entry to add")
                              String player) {
        LocalDate day = day(date, clock);
        Paging paging = Paging.of(page, size);
        Optional<String> own = Optional.ofNullable(player).filter(s -> !s.isBlank());
        Uni<Optional<DailyStore.Ranked>> mine = own.isPresent() ? store.of(day, own.get())
                : Uni.createFrom().item(Optional.empty());
        return store.page(day, paging.page(), paging.size()).chain(p -> mine.map(m -> new ListPage(day.toString(),
                "UTC", paging.page(), paging.size(), p.total(), p.rows().stream().map(Entry::of).toList(),
                m.map(Entry::of).orElse(null))));
    }

    /** The day asked for, or today (UTC); a bad one is 400 naming {@code date}. */
    static LocalDate day(String date, Clock clock) {
        if (date == null || date.isEmpty()) {
            return today(clock);
        }
        try {
            return LocalDate.parse(date);
        } catch (DateTimeParseException e) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER,
                    "date: must be a day YYYY-MM-DD, not \"" + date + "\"");
        }
    }

    /** Today, by the calendar that decides the daily game: UTC. */
    public static LocalDate today(Clock clock) {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }
}
