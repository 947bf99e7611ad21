package online.durak.table.api;

import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.auth.CurrentPlayer;
import online.durak.table.auth.Player;
import online.durak.table.play.Answers;
import online.durak.table.play.LobbyIndex;
import online.durak.table.play.LobbyQuery;
import online.durak.table.play.MatchRecords;
import online.durak.table.play.Rematches;
import online.durak.table.play.Spectators;
import online.durak.table.play.TableViews;
import online.durak.table.play.Tables;
import online.durak.table.projection.TableSnapshot;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * What a signed-in player reads, answered from this instance's projection alone: the lobby, a table, one's own view
 * and events (or a spectator's), the board and the replay of a finished deal ({@link LobbyIndex}, {@link Tables},
 * {@link TableViews}).
 */
@Path("/api/tables")
@Blocking
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
@APIResponse(responseCode = "503", description = "STORE_UNAVAILABLE")
@Authenticated
public class TableResource {
    private final CurrentPlayer player;
    private final LobbyIndex index;
    private final Tables tables;
    private final Rematches rematches;
    private final Spectators spectators;

    public TableResource(CurrentPlayer player, LobbyIndex index, Tables tables, Rematches rematches,
                         Spectators spectators) {
        this.player = player;
        this.index = index;
        this.tables = tables;
        this.rematches = rematches;
        this.spectators = spectators;
    }

    @GET
    @Operation(summary = "The lobby: open tables, or running tables to watch", description = "One page of the "
            + "tables that pass the filter, newest first: the open tables (waiting for players; an \"Again\" table "
            + "waiting for its own people is not listed), or with watchable=true the running tables one may watch. "
            + "Every filter left out matches every table. The next page: the same query with after=next. The same "
            + "query is a subscription of the WebSocket /api/lobby/ws: its first page, then only what changes on it "
            + "(docs/websocket.md). An unknown, repeated or bad parameter is 400 INVALID_PARAMETER naming it.")
    @APIResponse(responseCode = "200", description = "a page of the lobby")
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER")
    @Parameter(name = "watchable", in = ParameterIn.QUERY, description = "true: running tables one may watch; false "
            + "(default): open tables", schema = @Schema(type = SchemaType.BOOLEAN))
    @Parameter(name = "variant", in = ParameterIn.QUERY, schema = @Schema(enumeration = {"PODKIDNOI", "PEREVODNOI"}))
    @Parameter(name = "players", in = ParameterIn.QUERY, schema = @Schema(type = SchemaType.INTEGER, minimum = "2",
            maximum = "6"))
    @Parameter(name = "deck", in = ParameterIn.QUERY, schema = @Schema(enumeration = {"24", "36", "52"}))
    @Parameter(name = "clock", in = ParameterIn.QUERY, description = "none, or the seconds per decision",
            schema = @Schema(enumeration = {"none", "30", "60", "90", "120"}))
    @Parameter(name = "stake", in = ParameterIn.QUERY, description = "free: without a stake; staked: with one",
            schema = @Schema(enumeration = {"free", "staked"}))
    @Parameter(name = "free", in = ParameterIn.QUERY, description = "at least this many free seats",
            schema = @Schema(type = SchemaType.INTEGER, minimum = "0", maximum = "5"))
    @Parameter(name = "limit", in = ParameterIn.QUERY, description = "tables per page (default "
            + LobbyQuery.DEFAULT_LIMIT + ")", schema = @Schema(type = SchemaType.INTEGER, minimum = "1",
            maximum = "" + LobbyQuery.MAX_LIMIT))
    @Parameter(name = "after", in = ParameterIn.QUERY, description = "next of the page before",
            schema = @Schema(type = SchemaType.STRING))
    public Answers.LobbyPage lobby(@Context UriInfo uri) {
        LobbyQuery query = LobbyQuery.parse(uri.getQueryParameters(), List.of("after"));
        List<String> token = uri.getQueryParameters().get("after");
        return index.page(query, token == null || token.get(0).isEmpty() ? null : LobbyQuery.Place.ofToken(token.get(0)));
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "One table", description = "Its status, settings and seats; any signed-in player may look, "
            + "but at another player's daily table only once its day is over (UTC).")
    @APIResponse(responseCode = "200", description = "the table")
    @APIResponse(responseCode = "403", description = "DAILY_HIDDEN")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    public Answers.TableSummary get(@PathParam("id") String id) {
        return TableViews.summary(tables.visible(player.get(), id));
    }

    @GET
    @Path("/{id}/view")
    @Operation(summary = "My seat's view, or a spectator's", description = "The table, the match and my view of the "
            + "running (or last) deal, tagged with the table's seq. One without a seat gets the public view (seat -1: "
            + "no hand, no legal moves) of a table that may be watched: running or finished, spectators allowed "
            + "(never with a stake), no daily game; else 403 NOT_SEATED.")
    @APIResponse(responseCode = "200", description = "my view")
    @APIResponse(responseCode = "403", description = "NOT_SEATED, DAILY_HIDDEN")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @NonBlocking // one of a move's two requests: a seated player's view of a table in memory needs no worker thread
    public Uni<Answers.TableView> view(@PathParam("id") String id) {
        Player me = player.get();
        Optional<Tables.Seated> known = tables.seatedInMemory(me, id);
        if (known.isPresent()) {
            return Uni.createFrom().item(spectators.view(known.get().table(), known.get().seat()));
        }
        return Uni.createFrom().item(() -> {
            Tables.Seated at = tables.watching(me, id); // may read the store
            return spectators.view(at.table(), at.seat());
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    @GET
    @Path("/{id}/events")
    @Operation(summary = "Events since a seq, as my seat may see them", description = "Every event after since "
            + "(default 0), each seq once and in order, hidden cards left out (others' draws as counts, the deck "
            + "order never). A spectator (seat -1) of a table that may be watched sees no hand at all; anyone else "
            + "without a seat gets 403 NOT_SEATED.")
    @APIResponse(responseCode = "200", description = "the events")
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER")
    @APIResponse(responseCode = "403", description = "NOT_SEATED, DAILY_HIDDEN")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    public Responses.EventsPage events(@PathParam("id") String id,
                                       @Parameter(description = "the last seq the client has; 0 for all")
                                       @QueryParam("since") String since) {
        Player me = player.get();
        long after = Requests.wholeNumber("since", since, 0, 0);
        Tables.Seated at = tables.watching(me, id);
        return new Responses.EventsPage(at.table().tableId(), at.table().seq(), at.seat(),
                TableViews.seatEvents(at.table(), after, at.seat()));
    }

    @GET
    @Path("/{id}/board")
    @Operation(summary = "The board", description = "After each finished deal: place, points and how they were "
            + "computed, totals, the durak and the cards the durak kept; the match result with places once it is "
            + "over. Any signed-in player may look, but at another player's daily table only once its day is over (UTC).")
    @APIResponse(responseCode = "200", description = "the board")
    @APIResponse(responseCode = "403", description = "DAILY_HIDDEN")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    public Answers.Board board(@PathParam("id") String id) {
        TableSnapshot s = tables.visible(player.get(), id);
        return TableViews.board(s, rematches.againOf(s));
    }

    @GET
    @Path("/{id}/replay")
    @Operation(summary = "Replay a finished deal", description = "Step by step with every card open (the open view "
            + "after the deal and after each event), with the table's settings and the deal's shuffleProof: the salt "
            + "and deck order whose SHA-256 was the commitment every seat saw at the deal's start (docs/fairness.md; "
            + "null for a deal dealt before shuffles were sealed). A deal still running is refused with 409 "
            + "DEAL_RUNNING: its hands are secret (my current view of it is GET /view). Any signed-in player may look, "
            + "but at another player's daily table only once its day is over (UTC).")
    @APIResponse(responseCode = "200", description = "the replay")
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER")
    @APIResponse(responseCode = "403", description = "DAILY_HIDDEN")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE, NO_SUCH_DEAL")
    @APIResponse(responseCode = "409", description = "DEAL_RUNNING")
    public Answers.Replay replay(@PathParam("id") String id,
                                 @Parameter(description = "the deal's number, 1-based", required = true)
                                 @QueryParam("deal") String deal) {
        long n = Requests.wholeNumber("deal", deal, -1, 1);
        if (n < 0) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER, "deal: is required (1, 2, ...)");
        }
        TableSnapshot s = tables.visible(player.get(), id);
        if (n > Integer.MAX_VALUE) {
            throw new ApiException(404, ErrorCodes.NO_SUCH_DEAL, "deal " + n + " has not been dealt at this table");
        }
        return TableViews.replay(s, (int) n);
    }

    @GET
    @Path("/{id}/record")
    @Produces(MediaType.TEXT_PLAIN + ";charset=UTF-8")
    @Operation(summary = "The match's record", description = "A finished match in the open record format "
            + "(docs/record-format.md): the rules and every house rule, the players and their seats, the date, the "
            + "result and each deal's shuffle proof as tags, then every move in a compact notation with its time. "
            + "Every card of a deal that ended is in it, nothing of one that did not (a match ended mid-deal by its "
            + "last person leaving). `java -jar durak-engine.jar record verify FILE` replays it through the engine; "
            + "POST /api/records reads it back. A match still running is 409 MATCH_NOT_OVER. Any signed-in player may "
            + "download it, but another player's daily table only once its day is over (UTC).")
    @APIResponse(responseCode = "200", description = "the record", content = @Content(mediaType = MediaType.TEXT_PLAIN,
            schema = @Schema(type = SchemaType.STRING, examples = "[Durak \"1\"]\n[Table \"t-1\"]\n…")))
    @APIResponse(responseCode = "403", description = "DAILY_HIDDEN")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "MATCH_NOT_OVER")
    public Response record(@PathParam("id") String id) {
        TableSnapshot s = tables.visible(player.get(), id);
        return Response.ok(MatchRecords.export(s))
                .header("Content-Disposition", "attachment; filename=\"durak-" + s.tableId() + ".durak\"").build();
    }
}
