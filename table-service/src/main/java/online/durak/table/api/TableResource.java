package online.durak.table.api;

import io.smallrye.common.annotation.Blocking;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletionStage;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;
import online.durak.messages.CommandMessage;
import online.durak.table.auth.CurrentPlayer;
import online.durak.table.auth.Player;
import online.durak.table.auth.Stakes;
import online.durak.table.chips.ChipsClient;
import online.durak.table.messaging.TableCommands;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableSnapshot;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * The lobby and the tables. Commands (create, solo, join, leave, bots, start, moves, continue, hint) go to the rules
 * service and are answered from this instance's projection once it has the events of the reply; reads are
 * answered from the projection alone. Every call needs a bearer token.
 *
 * <p>A method runs on a worker thread (it may read the store), but a command's method returns its outcome as a
 * {@link CompletionStage} instead of waiting for it: the worker thread is free again while the command is in flight,
 * so however many commands wait, the threads that complete them (a projection's catch-up from the store runs on the
 * same pool) are never all held by waiting requests.
 */
@Path("/api/tables")
@Blocking
@Produces(MediaType.APPLICATION_JSON)
// A command without a body (join, leave, start, continue, hint) may be sent without a content type (durak-service's
// BodyContentType reads an empty body as JSON); a body of another type is 415.
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED: no token, or a forged, expired or malformed one")
@APIResponse(responseCode = "503", description = "STORE_UNAVAILABLE: the event store cannot be read now")
@Authenticated
public class TableResource {
    /** The 503 of every command (a method's own 503 replaces the class's STORE_UNAVAILABLE one). */
    static final String RULES_UNAVAILABLE_503 = "RULES_UNAVAILABLE: the rules service did not answer the last commands, "
            + "so this one was refused at once and not sent (a circuit breaker: durak.rules.breaker.failures commands "
            + "in a row without a reply open it; the tables are paused until it answers again; Retry-After says when "
            + "to try again); STORE_UNAVAILABLE: the event store cannot be read now";
    /** How a creating call answers a retry. */
    static final String RETRY_CREATE = "Retries are safe with a commandId: the table's id is derived from the caller, "
            + "the kind of call (create or solo) and the commandId, so sending the same request again (after a timeout, "
            + "a lost answer, from another instance) reaches the same command, which the rules service answers from its "
            + "store: 201 again, the same tableId and Location, the body as the table is now (the same as the first "
            + "time unless someone has moved since), and no second table. The first outcome stands whatever the body "
            + "of the repeat says. Without a commandId every call makes a new table.";
    static final String CHIPS_UNAVAILABLE_503 = "CHIPS_UNAVAILABLE: the stake could not be held (the leaderboard "
            + "service, which keeps the chips, did not answer); nothing was sent";
    static final String COMMAND_ID_IN_USE_422 = "COMMAND_ID_IN_USE: this commandId of yours already belongs to "
            + "another command (another kind of call, or another table); nothing was done. Choose a new commandId";
    static final String RULES_TIMEOUT_504 = "RULES_TIMEOUT: no reply within durak.rules.timeout (the command may still "
            + "be decided later: repeat it with the same commandId to learn its outcome); VIEW_TIMEOUT";
    private static final java.util.regex.Pattern TABLE_ID = java.util.regex.Pattern.compile("[A-Za-z0-9._:~-]{1,100}");

    private final CurrentPlayer player;
    private final Projections projections;
    private final TableCommands commands;
    private final Hints hints;
    private final ViewSettings views;
    private final Rematches rematches;
    private final ChipsClient chips;
    private final Lobby lobby;

    public TableResource(CurrentPlayer player, Projections projections, TableCommands commands, Hints hints,
                         ViewSettings views, Rematches rematches, ChipsClient chips, Lobby lobby) {
        this.chips = chips;
        this.lobby = lobby;
        this.player = player;
        this.projections = projections;
        this.commands = commands;
        this.hints = hints;
        this.views = views;
        this.rematches = rematches;
    }

    // ---- the lobby ----

    @GET
    @Operation(summary = "The lobby: open tables", description = "Tables that have not started, newest first, "
            + "with their settings, seats (names) and free seats. The same list is pushed live by the WebSocket "
            + "/api/lobby/ws (docs/websocket.md).")
    @APIResponse(responseCode = "200", description = "the open tables")
    public List<Responses.TableSummary> lobby() {
        return lobby.tables();
    }

    @POST
    @Operation(summary = "Create a table", description = "Opens a table with these settings; the creator takes "
            + "seat 0. Missing settings take their rules.md defaults (clock 60 s); players is required. " + RETRY_CREATE)
    @RequestBody(required = true)
    @APIResponse(responseCode = "201", description = "created; Location is the table. A retry with the same commandId "
            + "answers 201 with the same table (its summary as it is now) and creates nothing",
            content = @Content(schema = @Schema(implementation = Responses.TableSummary.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON; INVALID_REQUEST (unknown field, bad commandId); "
            + "INVALID_SETTING naming the setting")
    @APIResponse(responseCode = "403", description = "STAKE_NEEDS_ACCOUNT: a guest asked for a stake above 0")
    @APIResponse(responseCode = "409", description = "INSUFFICIENT_CHIPS: the creator's balance does not cover the "
            + "stake (nothing was done)")
    @APIResponse(responseCode = "422", description = COMMAND_ID_IN_USE_422)
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503 + "; " + CHIPS_UNAVAILABLE_503)
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Response> create(Requests.CreateTable body) {
        Player me = player.get();
        Requests.CreateTable r = required(body);
        Rules rules = r.settings();
        Stakes.checkCreator(me, rules);
        String commandId = r.commandId();
        String tableId = TableCommands.newTableId("create", me, commandId);
        Response.ResponseBuilder created = created(tableId);
        // an account's stake is held before the table exists (docs/chips.md)
        return chips.staked(me, tableId, rules, () -> commands.send(me, tableId, commandId,
                        new CommandMessage.Create(rules)))
                .thenApply(a -> created.entity(TableViews.summary(a.snapshot())).build());
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
            + "it is now) and creates nothing", content = @Content(schema = @Schema(implementation = Responses.TableView.class)))
    @APIResponse(responseCode = "422", description = COMMAND_ID_IN_USE_422)
    @APIResponse(responseCode = "400", description = "INVALID_JSON; INVALID_REQUEST (unknown field, bad commandId, "
            + "bots: an unknown level or a list that does not fit the seats, tempo: not FAST, NORMAL or SLOW); "
            + "INVALID_SETTING naming the setting")
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503)
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Response> solo(Requests.Solo body) {
        Player me = player.get();
        Requests.Solo r = required(body);
        Rules rules = r.toRules();
        List<BotLevel> levels = r.levels(rules.players());
        String commandId = r.commandId();
        String tableId = TableCommands.newTableId("solo", me, commandId);
        Response.ResponseBuilder created = created(tableId);
        return commands.send(me, tableId, commandId, new CommandMessage.Solo(rules, levels, r.tempo())).thenApply(a -> {
            int seat = a.snapshot().seatOf(me.playerId());
            return created.entity(seat < 0 ? TableViews.summary(a.snapshot())
                    : TableViews.view(a.snapshot(), seat, views.turnOverride())).build();
        });
    }

    // ---- one table ----

    @GET
    @Path("/{id}")
    @Operation(summary = "One table", description = "Its status, settings and seats; any signed-in player may look.")
    @APIResponse(responseCode = "200", description = "the table")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    public Responses.TableSummary get(@PathParam("id") String id) {
        return TableViews.summary(table(id));
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
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503 + "; " + CHIPS_UNAVAILABLE_503)
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Responses.TableSummary> join(@PathParam("id") String id, Requests.Join body) {
        Player me = player.get();
        Requests.Join r = Requests.Join.orEmpty(body);
        TableSnapshot s = table(id);
        // an account's stake is held before the join is sent; a refused join releases it (docs/chips.md)
        return chips.staked(me, id, s.state().rules(), () -> commands.send(me, id, r.commandId(),
                new CommandMessage.Join(r.seat()))).thenApply(a -> TableViews.summary(a.snapshot()));
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
    @APIResponse(responseCode = "403", description = "NOT_SEATED: no seat here, or left already")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "MATCH_OVER")
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503)
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Responses.TableSummary> leave(@PathParam("id") String id, Requests.Command body) {
        Player me = player.get();
        String commandId = Requests.Command.idOf(body);
        seat(table(id), me);
        return commands.send(me, id, commandId, new CommandMessage.Leave()).thenApply(a -> TableViews.summary(a.snapshot()));
    }

    @POST
    @Path("/{id}/again")
    @Operation(summary = "Again: a new match with the same people and settings", description = "On a finished "
            + "match's board (rules.md §6). Everyone who presses reaches the same new table (its id is derived from "
            + "this one's; the board's again.tableId names it): the first press opens it with the same settings, the "
            + "presser and the bots in their seats; each later press takes that person's seat. It starts when every "
            + "person has pressed, or durak.again.wait (30 s) after the first press with bots of the table's level in "
            + "the seats of those who did not. A solo match's Again starts at once. Repeating the press answers the "
            + "same table.")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "the caller's view of the new table",
            content = @Content(schema = @Schema(implementation = Responses.TableView.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED: no seat at the finished table (or left its match)")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "MATCH_NOT_OVER; MATCH_STARTED (the new table started without "
            + "the caller: the wait was over and a bot has the seat)")
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503)
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Responses.TableView> again(@PathParam("id") String id, Requests.Command body) {
        Player me = player.get();
        Requests.Command.idOf(body); // a body, if any, is read as strictly as every command's
        TableSnapshot finished = table(id);
        seat(finished, me);
        return rematches.press(me, finished).thenApply(s -> TableViews.view(s, s.seatOf(me.playerId()),
                views.turnOverride()));
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
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503)
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Responses.TableSummary> addBot(@PathParam("id") String id, Requests.AddBot body) {
        Player me = player.get();
        Requests.AddBot r = required(body);
        seat(table(id), me);
        return commands.send(me, id, r.commandId(), new CommandMessage.AddBot(r.seat(), r.level()))
                .thenApply(a -> TableViews.summary(a.snapshot()));
    }

    @POST
    @Path("/{id}/start")
    @Operation(summary = "Start the match", description = "Once every seat is taken; answered with my view of the "
            + "first deal.")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "started: my view of the first deal")
    @APIResponse(responseCode = "403", description = "NOT_SEATED")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "TABLE_NOT_FULL, MATCH_STARTED, MATCH_OVER")
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503)
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Responses.CommandAccepted> start(@PathParam("id") String id, Requests.Command body) {
        Player me = player.get();
        String commandId = Requests.Command.idOf(body);
        seat(table(id), me);
        return commands.send(me, id, commandId, new CommandMessage.Start()).thenApply(a -> accepted(me, a));
    }

    @POST
    @Path("/{id}/moves")
    @Operation(summary = "Make a move", description = "Answered once the rules service has decided and this "
            + "service's view has the resulting events: accepted with the table's seq and my new view, or refused "
            + "with the engine's code (409 when it is not the time for it, 422 when the move is not legal).")
    @RequestBody(required = true)
    @APIResponse(responseCode = "200", description = "accepted: my view after it")
    @APIResponse(responseCode = "400", description = "INVALID_JSON; INVALID_REQUEST (commandId missing or bad, "
            + "unknown field); INVALID_MOVE naming the field")
    @APIResponse(responseCode = "403", description = "NOT_SEATED")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "NOT_YOUR_TURN, WRONG_PHASE, DEAL_NOT_RUNNING, MATCH_OVER")
    @APIResponse(responseCode = "422", description = "an illegal move: CARD_NOT_IN_HAND, DOES_NOT_BEAT, OVER_LIMIT, "
            + "MIXED_RANKS, RANK_NOT_ON_TABLE, RANK_NOT_ALLOWED, MAY_NOT_THROW_IN, NOT_AN_UNCOVERED_ATTACK, "
            + "DEFENDER_CANNOT_COVER, NO_CARDS, NO_TRANSFER_IN_VARIANT, TRANSFER_NOT_POSSIBLE, TRANSFER_WRONG_RANK, "
            + "NEXT_DEFENDER_CANNOT_COVER, SHOW_TRUMP_OFF, NOT_A_TRUMP, TRUMP_ALREADY_SHOWN")
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503)
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Responses.CommandAccepted> move(@PathParam("id") String id, Requests.Play body) {
        Player me = player.get();
        Requests.Play r = required(body);
        seat(table(id), me);
        return commands.send(me, id, r.commandId(), new CommandMessage.Play(r.move())).thenApply(a -> accepted(me, a));
    }

    @POST
    @Path("/{id}/continue")
    @Operation(summary = "Continue on the board", description = "After a deal; the next deal starts when every "
            + "human has pressed continue.")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "pressed: my view after it")
    @APIResponse(responseCode = "403", description = "NOT_SEATED")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "NOT_ON_BOARD, ALREADY_CONTINUED, DEAL_NOT_RUNNING, MATCH_OVER")
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503)
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Responses.CommandAccepted> continueMatch(@PathParam("id") String id, Requests.Command body) {
        Player me = player.get();
        String commandId = Requests.Command.idOf(body);
        seat(table(id), me);
        return commands.send(me, id, commandId, new CommandMessage.Continue()).thenApply(a -> accepted(me, a));
    }

    @POST
    @Path("/{id}/hint")
    @Operation(summary = "Ask for a hint (solo games only)", description = "rules.md §8: the strong bot suggests a "
            + "move for my seat and says why. Only at a table of one person against bots, while it is my decision. "
            + "The bot service is given the table's settings and my own view only. Once it has answered, the hint is "
            + "recorded (event HintTaken, counted on the final board); a refused hint or one the bot service could "
            + "not give is not counted and changes nothing.")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "the hint, recorded")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
    @APIResponse(responseCode = "403", description = "NOT_SEATED")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "HINTS_SOLO_ONLY (another person plays at this table), "
            + "DEAL_NOT_RUNNING, NOT_YOUR_TURN (no move of mine is asked for now), MATCH_OVER")
    @APIResponse(responseCode = "503", description = "BOTS_UNAVAILABLE: the bot service cannot be reached, did not "
            + "answer within durak.bot.timeout or gave no usable hint (nothing was recorded); RULES_UNAVAILABLE: the "
            + "rules service is not answering, so the hint could not be recorded (the bot service was not asked); "
            + "STORE_UNAVAILABLE")
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504)
    public CompletionStage<Responses.HintAnswer> hint(@PathParam("id") String id, Requests.Command body) {
        Player me = player.get();
        String commandId = Requests.Command.idOf(body);
        TableSnapshot s = table(id);
        return hints.give(me, s, seat(s, me), commandId);
    }

    @GET
    @Path("/{id}/view")
    @Operation(summary = "My seat's view", description = "The table, the match and my view of the running (or last) "
            + "deal, tagged with the table's seq. Seated players only.")
    @APIResponse(responseCode = "200", description = "my view")
    @APIResponse(responseCode = "403", description = "NOT_SEATED")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    public Responses.TableView view(@PathParam("id") String id) {
        Player me = player.get();
        TableSnapshot s = table(id);
        int seat = seat(s, me);
        TableSnapshot now = projections.current(id);
        return TableViews.view(now.seq() >= s.seq() ? now : s, seat, views.turnOverride());
    }

    @GET
    @Path("/{id}/events")
    @Operation(summary = "Events since a seq, as my seat may see them", description = "Every event after since "
            + "(default 0), each seq once and in order, hidden cards left out (others' draws as counts, the deck "
            + "order never). Seated players only.")
    @APIResponse(responseCode = "200", description = "the events")
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER (since)")
    @APIResponse(responseCode = "403", description = "NOT_SEATED")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    public Responses.EventsPage events(@PathParam("id") String id,
                             @Parameter(description = "the last seq the client has; 0 for all")
                             @QueryParam("since") String since) {
        Player me = player.get();
        long after = longParam("since", since, 0, 0);
        TableSnapshot s = table(id);
        int seat = seat(s, me);
        return new Responses.EventsPage(s.tableId(), s.seq(), seat, TableViews.seatEvents(s, after, seat));
    }

    @GET
    @Path("/{id}/board")
    @Operation(summary = "The board", description = "After each finished deal: place, points and how they were "
            + "computed, totals, the durak and the cards the durak kept; the match result with places once it is "
            + "over. Any signed-in player may look.")
    @APIResponse(responseCode = "200", description = "the board")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    public Responses.Board board(@PathParam("id") String id) {
        TableSnapshot s = table(id);
        return TableViews.board(s, rematches.againOf(s));
    }

    @GET
    @Path("/{id}/replay")
    @Operation(summary = "Replay a finished deal", description = "Step by step with every card open (the open view "
            + "after the deal and after each event). A deal still running is refused with 409 DEAL_RUNNING: its "
            + "hands are secret (my current view of it is GET /view). Any signed-in player may look.")
    @APIResponse(responseCode = "200", description = "the replay")
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER (deal missing or not a number ≥ 1)")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE, NO_SUCH_DEAL")
    @APIResponse(responseCode = "409", description = "DEAL_RUNNING")
    public Responses.Replay replay(@PathParam("id") String id,
                             @Parameter(description = "the deal's number, 1-based", required = true)
                             @QueryParam("deal") String deal) {
        long n = longParam("deal", deal, -1, 1);
        if (n < 0) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER, "deal: is required (1, 2, ...)");
        }
        TableSnapshot s = table(id);
        if (n > Integer.MAX_VALUE) {
            throw new ApiException(404, ErrorCodes.NO_SUCH_DEAL, "deal " + n + " has not been dealt at this table");
        }
        return TableViews.replay(s, (int) n);
    }

    // ---- helpers ----

    /**
     * A 201 with the table's Location, made on the request's thread: the Location is resolved against the request,
     * which a callback completing the command later cannot see.
     */
    private static Response.ResponseBuilder created(String tableId) {
        return Response.created(URI.create("/api/tables/" + tableId));
    }

    /** What a table id may look like; anything else is no table (and never reaches the store). */
    public static boolean isTableId(String id) {
        return id != null && TABLE_ID.matcher(id).matches();
    }

    private TableSnapshot table(String id) {
        if (!isTableId(id)) {
            throw new ApiException(404, ErrorCodes.NO_SUCH_TABLE, "there is no such table");
        }
        return projections.find(id).orElseThrow(() -> ApiException.noSuchTable(id));
    }

    /** The caller's seat, reading the store once more before refusing (another instance may be ahead). */
    private int seat(TableSnapshot s, Player me) {
        int seat = s.seatOf(me.playerId());
        if (seat < 0) {
            seat = projections.catchUp(s.tableId()).seatOf(me.playerId());
        }
        if (seat < 0) {
            throw ApiException.notSeated();
        }
        return seat;
    }

    /** A body that must be there (an empty one is null). */
    static <T> T required(T body) {
        if (body == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_JSON, "a JSON object is required as the body");
        }
        return body;
    }

    /** A whole-number query parameter, or {@code fallback} when absent; else 400 INVALID_PARAMETER. */
    static long longParam(String name, String value, long fallback, long min) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        long v;
        try {
            v = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER, name + ": must be a whole number, not \"" + value + "\"");
        }
        if (v < min) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER, name + ": must be at least " + min);
        }
        return v;
    }

    private Responses.CommandAccepted accepted(Player me, TableCommands.Accepted a) {
        int seat = a.snapshot().seatOf(me.playerId());
        return new Responses.CommandAccepted(a.commandId(), true, a.reply().lastSeq(),
                seat < 0 ? null : TableViews.view(a.snapshot(), seat, views.turnOverride()));
    }
}
