package online.durak.matchmaking.daily;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;
import online.durak.matchmaking.messaging.CommandSender;
import online.durak.messages.CommandMessage;
import online.durak.messages.ReplyMessage;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;

/**
 * The daily game (docs/daily.md): one per UTC calendar day, the caller against two STRONG bots, its shuffles derived
 * from the date by the engine. The first attempt of the day counts on the daily list, later ones are practice; the
 * table is an ordinary solo table, created and started through {@code durak.commands} with one {@code solo} command
 * on the caller's behalf, as the table service sends a solo game.
 */
@Path("/api/daily")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "daily")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
public class DailyResource {
    private static final Logger LOG = Logger.getLogger(DailyResource.class);
    static final String NAME_CLAIM = "name";
    static final String TIME_ZONE = "UTC";

    private final JsonWebToken jwt;
    private final DailyTables tables;
    private final CommandSender sender;
    private final DailyResults results;
    private final Clock clock;

    public DailyResource(JsonWebToken jwt, DailyTables tables, CommandSender sender, DailyResults results,
                         Clock clock) {
        this.jwt = jwt;
        this.tables = tables;
        this.sender = sender;
        this.results = results;
        this.clock = clock;
    }

    /** {@code POST /api/daily}'s answer: the table to play at (the table service's {@code /api/tables/{tableId}}). */
    @Schema(name = "DailyStarted")
    public record Started(String tableId, @Schema(format = "date", examples = "2026-12-01") String date,
                          @Schema(examples = "UTC") String timeZone,
                          @Schema(description = "a later attempt of the day: not on the list") boolean practice) {
    }

    /**
     * {@code GET /api/daily}: today for the caller.
     *
     * @param attempted whether the caller has made today's counting attempt (the next one is then practice)
     * @param practice  whether {@code POST} would start a practice attempt now
     * @param tableId   the counting attempt's table, null before it
     * @param attempts  every attempt of today, practice included
     * @param result    the counting attempt on today's daily list (rank, points, deals, finished), null before it
     */
    @Schema(name = "DailyToday")
    public record Today(@Schema(format = "date", examples = "2026-12-01") String date,
                        @Schema(examples = "UTC") String timeZone, boolean attempted, boolean practice,
                        @Schema(nullable = true) String tableId, int attempts,
                        @Schema(nullable = true) DailyResults.Result result) {
    }

    @GET
    @Operation(summary = "Today's daily game for me", description = "The day, whether I have made the attempt that "
            + "counts, its table and its result on the daily list.")
    @APIResponse(responseCode = "200", description = "today")
    public Today today() {
        String playerId = playerId();
        LocalDate day = today(clock);
        var counting = tables.counting(playerId, day).filter(a -> a.startedAt() != null);
        DailyResults.Result result = counting.isPresent() ? results.of(playerId, day).orElse(null) : null;
        return new Today(day.toString(), TIME_ZONE, counting.isPresent(), counting.isPresent(),
                counting.map(DailyTables.Attempt::tableId).orElse(null), tables.attempts(playerId, day), result);
    }

    /**
     * Starts an attempt of today's game: 201. The first counts; every later one is practice. A counting attempt whose
     * table the rules service has not confirmed yet (its reply was lost) is sent again with the same commandId, so a
     * lost answer never turns the one counting attempt into practice. The daily game has no settings: a body other
     * than none or {@code {}} is 400 {@code INVALID_REQUEST} and starts nothing.
     */
    @POST
    @Operation(summary = "Play today's daily game", description = "Against two STRONG bots, dealt the day's cards. "
            + "The first attempt counts on the daily list; every later one is practice. No body, or {}.")
    @APIResponse(responseCode = "201", description = "the table to play at (Location)",
            content = @Content(schema = @Schema(implementation = Started.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
    @APIResponse(responseCode = "503", description = "RULES_TIMEOUT, RULES_UNAVAILABLE, SERVICE_STOPPING")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response play(JsonNode body) {
        if (body != null && !(body.isObject() && body.isEmpty())) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "body: must be empty or {} (the daily game has "
                    + "no settings: everyone plays the same)");
        }
        String playerId = playerId();
        String name = jwt.getClaim(NAME_CLAIM);
        LocalDate day = today(clock);
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        DailyTables.Attempt attempt = tables.counting(playerId, day).filter(a -> a.startedAt() == null)
                .orElseGet(() -> tables.add("daily-" + UUID.randomUUID(), playerId, day, now));
        Rules rules = Rules.daily(day, attempt.practice());
        CommandMessage solo = new CommandMessage("matchmaking:" + attempt.tableId() + ":solo", attempt.tableId(),
                playerId, name, new CommandMessage.Solo(rules, List.of(BotLevel.STRONG, BotLevel.STRONG)));
        ReplyMessage reply;
        try {
            reply = sender.send(List.of(solo)).get().get(0);
        } catch (ExecutionException | CompletionException e) {
            boolean late = e.getCause() instanceof TimeoutException;
            LOG.warnf("daily %s: the table %s of %s could not be started: %s", day, attempt.tableId(), playerId,
                    e.getCause());
            throw new ApiException(503, late ? ErrorCodes.RULES_TIMEOUT : ErrorCodes.RULES_UNAVAILABLE,
                    "the daily game could not be started now; try again (a first attempt stays the first)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, ErrorCodes.SERVICE_STOPPING, "the service is stopping; try again");
        }
        if (!reply.accepted()) {
            // never expected: the settings are the engine's own daily settings and the table id is new
            LOG.errorf("daily %s: the rules service refused %s's table %s: %s %s", day, playerId, attempt.tableId(),
                    reply.code(), reply.message());
            throw new ApiException(500, ErrorCodes.INTERNAL_ERROR, "the daily game could not be started");
        }
        tables.started(attempt.tableId(), now);
        LOG.infof("daily %s: %s plays %s at %s", day, playerId, attempt.practice() ? "a practice attempt"
                : "the attempt that counts", attempt.tableId());
        return Response.created(URI.create("/api/tables/" + attempt.tableId()))
                .entity(new Started(attempt.tableId(), day.toString(), TIME_ZONE, attempt.practice())).build();
    }

    /** Today, by the calendar that decides the daily game: UTC. */
    static LocalDate today(Clock clock) {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    private String playerId() {
        String id = jwt.getSubject();
        if (id == null || id.isEmpty() || !(jwt.getClaim(NAME_CLAIM) instanceof String)) {
            throw ApiException.unauthorized("the token names no player");
        }
        return id;
    }
}
