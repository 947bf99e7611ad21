package online.durak.table.api;

import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.concurrent.CompletionStage;
import online.durak.engine.Rules;
import online.durak.messages.CommandMessage;
import online.durak.table.auth.CurrentPlayer;
import online.durak.table.auth.Player;
import online.durak.table.play.Answers;
import online.durak.table.play.Lobby;
import online.durak.table.play.Rematches;
import online.durak.table.play.Spectators;
import online.durak.table.play.TableCommands;
import online.durak.table.play.TableViews;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The commands of the lobby and the seats: opening a table or a solo game; joining, leaving, a bot in a free seat;
 * "Again" after a match. Each call reads its request, asks {@link Lobby}, {@link TableCommands} or {@link Rematches},
 * and answers what they did as a summary or the caller's view.
 *
 * <p>A command returns its outcome as a {@link CompletionStage} instead of waiting for it, so the worker thread is free
 * while the command is in flight (a projection's catch-up from the store runs on the same pool: FewWorkersTest).
 */
@Path("/api/tables")
@Blocking
@Produces(MediaType.APPLICATION_JSON)
// A command without a body (join, leave) may be sent without a content type (durak-service's BodyContentType reads an
// empty body as JSON); a body of another type is 415.
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
@APIResponse(responseCode = "503", description = ErrorResponses.COMMAND_503)
@APIResponse(responseCode = "504", description = ErrorResponses.COMMAND_504)
@Authenticated
public class LobbyResource {
    /** How a creating call answers a retry. */
    private static final String RETRY_CREATE = "Retries are safe with a commandId: the table's id is derived from the "
            + "caller, the kind of call (create or solo) and the commandId, so sending the same request again (after a "
            + "timeout, a lost answer, from another instance) reaches the same command, which the rules service "
            + "answers from its store: 201 again, the same tableId and Location, the body as the table is now (the "
            + "same as the first time unless someone has moved since), and no second table. The first outcome stands "
            + "whatever the body of the repeat says. Without a commandId every call makes a new table.";

    private final CurrentPlayer player;
    private final Lobby lobby;
    private final TableCommands commands;
    private final Rematches rematches;
    private final Spectators spectators;

    public LobbyResource(CurrentPlayer player, Lobby lobby, TableCommands commands, Rematches rematches,
                         Spectators spectators) {
        this.player = player;
        this.lobby = lobby;
        this.commands = commands;
        this.rematches = rematches;
        this.spectators = spectators;
    }

    @POST
    @Operation(summary = "Create a table", description = "Opens a table with these settings; the creator takes "
            + "seat 0. Missing settings take their rules.md defaults (clock 60 s); players is required. " + RETRY_CREATE)
    @RequestBody(required = true)
    @APIResponse(responseCode = "201", description = "created; Location is the table. A retry with the same commandId "
            + "answers 201 with the same table (its summary as it is now) and creates nothing",
            content = @Content(schema = @Schema(implementation = Answers.TableSummary.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST, INVALID_SETTING")
    @APIResponse(responseCode = "403", description = "STAKE_NEEDS_ACCOUNT")
    @APIResponse(responseCode = "409", description = "INSUFFICIENT_CHIPS")
    @APIResponse(responseCode = "422", description = "COMMAND_ID_IN_USE")
    @APIResponse(responseCode = "503", description = ErrorResponses.COMMAND_503 + ", CHIPS_UNAVAILABLE")
    public CompletionStage<Response> create(Requests.CreateTable body) {
        Requests.CreateTable r = Requests.required(body);
        Lobby.Opening opening = lobby.create(player.get(), r.settings(), r.commandId());
        Response.ResponseBuilder created = created(opening.tableId());
        return opening.table().thenApply(s -> created.entity(TableViews.summary(s)).build());
    }

    @POST
    @Path("/solo")
    @Operation(summary = "Play solo against bots", description = "Opens a table with these settings for the caller "
            + "alone: the caller in seat 0, bots in the other seats, and the match starts at once (rules.md §8). "
            + "Solo games have no turn clock and no stake (a turnClock or stake other than 0/null is refused). "
            + "bots: one level for every bot seat (\"EASY\", \"NORMAL\" or \"STRONG\"; default NORMAL) or a list "
            + "with one level per seat 1, 2, ...; with a list, settings.players may be left out (one more than the "
            + "list). tempo (FAST, NORMAL, SLOW; optional) is how long the bots think before each move. "
            + "Hints (POST /{id}/hint) are given only at such tables. Answered once the rules service has "
            + "dealt the first deal, with the caller's view of it. " + RETRY_CREATE)
    @RequestBody(required = true)
    @APIResponse(responseCode = "201", description = "the match has started; Location is the table; the body is "
            + "the caller's view. A retry with the same commandId answers 201 with the same table (the caller's view as "
            + "it is now) and creates nothing", content = @Content(schema = @Schema(implementation = Answers.TableView.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST, INVALID_SETTING")
    @APIResponse(responseCode = "422", description = "COMMAND_ID_IN_USE")
    public CompletionStage<Response> solo(Requests.Solo body) {
        Player me = player.get();
        Requests.Solo r = Requests.required(body);
        Rules rules = r.toRules();
        Lobby.Opening opening = lobby.solo(me, rules, r.levels(rules.players()), r.tempo(), r.commandId());
        Response.ResponseBuilder created = created(opening.tableId());
        return opening.table().thenApply(s -> {
            int seat = s.seatOf(me.playerId());
            return created.entity(seat < 0 ? TableViews.summary(s) : spectators.view(s, seat)).build();
        });
    }

    @POST
    @Path("/{id}/join")
    @Operation(summary = "Take a seat", description = "The seat asked for, or the first free one. At a table with "
            + "a stake an account's stake is held from its chips first (docs/chips.md): a balance that does not cover "
            + "it is 409 INSUFFICIENT_CHIPS and the join is not sent; a refused join gives the hold back. Guests pay "
            + "no stake.")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "seated: the table now")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "TABLE_FULL, SEAT_TAKEN, ALREADY_SEATED, MATCH_STARTED, MATCH_OVER, "
            + "INSUFFICIENT_CHIPS")
    @APIResponse(responseCode = "422", description = "NO_SUCH_SEAT")
    @APIResponse(responseCode = "503", description = ErrorResponses.COMMAND_503 + ", CHIPS_UNAVAILABLE")
    public CompletionStage<Answers.TableSummary> join(@PathParam("id") String id, Requests.Join body) {
        Requests.Join r = Requests.Join.orEmpty(body);
        return lobby.join(player.get(), id, r.seat(), r.commandId()).thenApply(TableViews::summary);
    }

    @POST
    @Path("/{id}/leave")
    @Operation(summary = "Leave my seat", description = "Before the match starts the seat is free again (the last "
            + "person leaving closes the table). During the match (rules.md §7): with other people at the table a bot "
            + "of the table's level (that of its lowest-numbered bot, NORMAL at a table of people only) takes the seat "
            + "for the rest of the match and plays on at once if it is the seat's turn, and the leaver gets the "
            + "finished deals' points without a place bonus and −10 on the leaderboard; the last person leaving (a "
            + "solo match) ends the match with the totals so far, without the −10. Either way the leaver can no longer "
            + "act at the table (403 NOT_SEATED).")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "left: the table now")
    @APIResponse(responseCode = "403", description = "NOT_SEATED")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "MATCH_OVER")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
    public CompletionStage<Answers.TableSummary> leave(@PathParam("id") String id, Requests.Command body) {
        return commands.sendSeated(player.get(), id, Requests.Command.idOf(body), new CommandMessage.Leave())
                .thenApply(a -> TableViews.summary(a.snapshot()));
    }

    @POST
    @Path("/{id}/bots")
    @Operation(summary = "Seat a bot in a free seat", description = "Only a seated player, before the match starts.")
    @RequestBody(required = true)
    @APIResponse(responseCode = "200", description = "the bot is seated: the table now")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
    @APIResponse(responseCode = "403", description = "NOT_SEATED")
    @APIResponse(responseCode = "409", description = "SEAT_TAKEN, MATCH_STARTED")
    @APIResponse(responseCode = "422", description = "NO_SUCH_SEAT")
    public CompletionStage<Answers.TableSummary> addBot(@PathParam("id") String id, Requests.AddBot body) {
        Requests.AddBot r = Requests.required(body);
        return commands.sendSeated(player.get(), id, r.commandId(), new CommandMessage.AddBot(r.seat(), r.level()))
                .thenApply(a -> TableViews.summary(a.snapshot()));
    }

    @POST
    @Path("/{id}/again")
    @Operation(summary = "Again: a new match with the same people and settings", description = "On a finished "
            + "match's board (rules.md §6). Everyone who presses reaches the same new table (its id is derived from "
            + "this one's; the board's again.tableId names it): the first press opens it with the same settings, the "
            + "presser and the bots in their seats; each later press takes that person's seat. It starts when every "
            + "person has pressed, or durak.again.wait (30 s) after the first press with bots of the table's level in "
            + "the seats of those who did not. A solo match's Again starts at once. Repeating the press answers the "
            + "same table. MATCH_STARTED: the new table started without the caller (the wait was over and a bot has "
            + "the seat).")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "the caller's view of the new table",
            content = @Content(schema = @Schema(implementation = Answers.TableView.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "MATCH_NOT_OVER, MATCH_STARTED")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
    public CompletionStage<Answers.TableView> again(@PathParam("id") String id, Requests.Command body) {
        Player me = player.get();
        Requests.Command.idOf(body); // a body, if any, is read as strictly as every command's
        return rematches.press(me, id).thenApply(s -> spectators.view(s, s.seatOf(me.playerId())));
    }

    /**
     * A 201 with the table's Location, made on the request's thread: the Location is resolved against the request,
     * which a callback completing the command later cannot see.
     */
    private static Response.ResponseBuilder created(String tableId) {
        return Response.created(URI.create("/api/tables/" + tableId));
    }
}
