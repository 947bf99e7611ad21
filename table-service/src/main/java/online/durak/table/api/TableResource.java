package online.durak.table.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.common.annotation.Blocking;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import online.durak.engine.BotLevel;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.MessageException;
import online.durak.table.auth.CurrentPlayer;
import online.durak.table.auth.Player;
import online.durak.table.auth.Stakes;
import online.durak.table.messaging.TableCommands;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableSnapshot;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
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
// A command without a body (join, leave, start, continue, hint) may be sent without a content type; one that needs
// a body (create, solo, bots, moves) says so and answers any other content type 415.
@Consumes(MediaType.WILDCARD)
@Tag(name = "tables")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED: no token, or a forged, expired or malformed one",
        content = @Content(schema = @Schema(implementation = Docs.Error.class)))
@APIResponse(responseCode = "503", description = "STORE_UNAVAILABLE: the event store cannot be read now",
        content = @Content(schema = @Schema(implementation = Docs.Error.class)))
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

    public TableResource(CurrentPlayer player, Projections projections, TableCommands commands, Hints hints,
                         ViewSettings views) {
        this.player = player;
        this.projections = projections;
        this.commands = commands;
        this.hints = hints;
        this.views = views;
    }

    // ---- the lobby ----

    @GET
    @Operation(summary = "The lobby: open tables", description = "Tables that have not started, newest first, "
            + "with their settings, seats (names) and free seats.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(type = SchemaType.ARRAY,
            implementation = Docs.TableSummary.class)))
    public ArrayNode lobby() {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (TableSnapshot s : projections.lobby()) {
            a.add(TableViews.summary(s));
        }
        return a;
    }

    @POST
    @Operation(summary = "Create a table", description = "Opens a table with these settings; the creator takes "
            + "seat 0. Missing settings take their rules.md defaults (clock 60 s); players is required. " + RETRY_CREATE)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.CreateTableRequest.class)))
    @APIResponse(responseCode = "201", description = "created; Location is the table. A retry with the same commandId "
            + "answers 201 with the same table (its summary as it is now) and creates nothing",
            content = @Content(schema = @Schema(implementation = Docs.TableSummary.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON; INVALID_REQUEST (unknown field, bad commandId); "
            + "INVALID_SETTING naming the setting", content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "422", description = COMMAND_ID_IN_USE_422,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @Consumes(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> create(String body) {
        Player me = player.get();
        ObjectNode o = Bodies.object(body, false);
        Bodies.only(o, Set.of("settings", "commandId"));
        JsonNode settings = o.get("settings");
        Rules rules = Codec.readRules(settings == null || settings.isNull() ? JsonNodeFactory.instance.objectNode() : settings);
        Stakes.checkCreator(me, rules);
        String commandId = TableCommands.clientCommandId(Bodies.optText(o, "commandId"));
        String tableId = TableCommands.newTableId("create", me, commandId);
        Response.ResponseBuilder created = created(tableId);
        return commands.send(me, tableId, commandId, new CommandMessage.Create(rules))
                .thenApply(a -> created.entity(TableViews.summary(a.snapshot())).build());
    }


    @POST
    @Path("/solo")
    @Operation(summary = "Play solo against bots", description = "Opens a table with these settings for the caller "
            + "alone: the caller in seat 0, bots in the other seats, and the match starts at once (rules.md §8). "
            + "Solo games have no turn clock and no stake (a turnClock or stake other than 0/null is refused). "
            + "bots: one level for every bot seat (\"EASY\", \"NORMAL\" or \"STRONG\"; default NORMAL) or a list "
            + "with one level per seat 1, 2, ...; with a list, settings.players may be left out (one more than the "
            + "list). Hints (POST /{id}/hint) are given only at such tables. Answered once the rules service has "
            + "dealt the first deal, with the caller's view of it. " + RETRY_CREATE)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.SoloRequest.class)))
    @APIResponse(responseCode = "201", description = "the match has started; Location is the table; the body is "
            + "the caller's view. A retry with the same commandId answers 201 with the same table (the caller's view as "
            + "it is now) and creates nothing", content = @Content(schema = @Schema(implementation = Docs.TableView.class)))
    @APIResponse(responseCode = "422", description = COMMAND_ID_IN_USE_422,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON; INVALID_REQUEST (unknown field, bad commandId, "
            + "bots: an unknown level or a list that does not fit the seats); INVALID_SETTING naming the setting",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @Consumes(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> solo(String body) {
        Player me = player.get();
        ObjectNode o = Bodies.object(body, false);
        Bodies.only(o, Set.of("settings", "bots", "commandId"));
        JsonNode given = o.get("settings");
        if (given != null && !given.isNull() && !given.isObject()) {
            throw new MessageException(MessageException.INVALID_SETTING, "settings", "must be an object");
        }
        ObjectNode settings = given == null || given.isNull() ? JsonNodeFactory.instance.objectNode()
                : ((ObjectNode) given).deepCopy();
        JsonNode botsNode = o.get("bots");
        if (botsNode != null && botsNode.isArray() && !settings.has("players")) {
            settings.put("players", botsNode.size() + 1);
        }
        soloOnly(settings, "turnClock", "a solo game has no turn clock");
        soloOnly(settings, "stake", "a solo game is played without stake");
        Rules rules = Codec.readRules(settings, 0);
        List<BotLevel> levels = botLevels(botsNode, rules.players());
        String commandId = TableCommands.clientCommandId(Bodies.optText(o, "commandId"));
        String tableId = TableCommands.newTableId("solo", me, commandId);
        Response.ResponseBuilder created = created(tableId);
        return commands.send(me, tableId, commandId, new CommandMessage.Solo(rules, levels)).thenApply(a -> {
            int seat = a.snapshot().seatOf(me.playerId());
            return created.entity(seat < 0 ? TableViews.summary(a.snapshot())
                    : TableViews.view(a.snapshot(), seat, views.turnOverride())).build();
        });
    }

    /** A setting a solo game does not have: absent, null or 0 only. */
    private static void soloOnly(ObjectNode settings, String name, String why) {
        JsonNode v = settings.get(name);
        if (v != null && !v.isNull() && !(v.isNumber() && v.asDouble() == 0)) {
            throw new MessageException(MessageException.INVALID_SETTING, name, why + " (leave it out)");
        }
    }

    /** The bots' levels by seat 1.. from {@code "LEVEL"} or {@code ["LEVEL", ...]}; NORMAL when left out. */
    static List<BotLevel> botLevels(JsonNode node, int players) {
        List<BotLevel> levels = new ArrayList<>();
        if (node == null || node.isNull()) {
            levels.addAll(Collections.nCopies(players - 1, BotLevel.NORMAL));
        } else if (node.isTextual()) {
            levels.addAll(Collections.nCopies(players - 1, botLevel("bots", node)));
        } else if (node.isArray()) {
            if (node.size() != players - 1) {
                throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "bots: a table of " + players
                        + " players needs " + (players - 1) + " bot level(s), one for each seat after yours, not "
                        + node.size());
            }
            for (int i = 0; i < node.size(); i++) {
                levels.add(botLevel("bots[" + i + "]", node.get(i)));
            }
        } else {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST,
                    "bots: must be a level (EASY, NORMAL, STRONG) or a list of levels, one per bot seat");
        }
        return levels;
    }

    private static BotLevel botLevel(String field, JsonNode v) {
        if (v.isTextual()) {
            for (BotLevel l : BotLevel.values()) {
                if (l.name().equals(v.textValue())) {
                    return l;
                }
            }
        }
        throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST,
                field + ": must be EASY, NORMAL or STRONG, not " + v);
    }

    // ---- one table ----

    @GET
    @Path("/{id}")
    @Operation(summary = "One table", description = "Its status, settings and seats; any signed-in player may look.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.TableSummary.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public ObjectNode get(                          @PathParam("id") String id) {
        return TableViews.summary(table(id));
    }

    @POST
    @Path("/{id}/join")
    @Operation(summary = "Take a seat", description = "The seat asked for, or the first free one.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.JoinRequest.class)))
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.TableSummary.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "409", description = "TABLE_FULL, SEAT_TAKEN, ALREADY_SEATED, MATCH_STARTED, MATCH_OVER",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "422", description = "NO_SUCH_SEAT",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public CompletionStage<ObjectNode> join(                           @PathParam("id") String id, String body) {
        Player me = player.get();
        ObjectNode o = Bodies.object(body, true);
        Bodies.only(o, Set.of("seat", "commandId"));
        Integer seat = Bodies.optInt(o, "seat");
        String commandId = TableCommands.clientCommandId(Bodies.optText(o, "commandId"));
        table(id);
        return commands.send(me, id, commandId, new CommandMessage.Join(seat)).thenApply(a -> TableViews.summary(a.snapshot()));
    }

    @POST
    @Path("/{id}/leave")
    @Operation(summary = "Leave my seat", description = "Only before the match starts.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.CommandRequest.class)))
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.TableSummary.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "409", description = "MATCH_STARTED, MATCH_OVER",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public CompletionStage<ObjectNode> leave(                            @PathParam("id") String id, String body) {
        Player me = player.get();
        String commandId = optionalCommandId(body);
        seat(table(id), me);
        return commands.send(me, id, commandId, new CommandMessage.Leave()).thenApply(a -> TableViews.summary(a.snapshot()));
    }

    @POST
    @Path("/{id}/bots")
    @Operation(summary = "Seat a bot in a free seat", description = "Only a seated player, before the match starts.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.BotRequest.class)))
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.TableSummary.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "409", description = "SEAT_TAKEN, MATCH_STARTED",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "422", description = "NO_SUCH_SEAT",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @Consumes(MediaType.APPLICATION_JSON)
    public CompletionStage<ObjectNode> addBot(                             @PathParam("id") String id, String body) {
        Player me = player.get();
        ObjectNode o = Bodies.object(body, false);
        Bodies.only(o, Set.of("seat", "level", "commandId"));
        Integer seat = Bodies.optInt(o, "seat");
        if (seat == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "seat: is required");
        }
        String level = Bodies.text(o, "level");
        BotLevel bot;
        try {
            bot = BotLevel.valueOf(level);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "level: must be EASY, NORMAL or STRONG, not \"" + level + "\"");
        }
        String commandId = TableCommands.clientCommandId(Bodies.optText(o, "commandId"));
        seat(table(id), me);
        return commands.send(me, id, commandId, new CommandMessage.AddBot(seat, bot))
                .thenApply(a -> TableViews.summary(a.snapshot()));
    }

    @POST
    @Path("/{id}/start")
    @Operation(summary = "Start the match", description = "Once every seat is taken; answered with my view of the "
            + "first deal.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.CommandRequest.class)))
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.CommandAccepted.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "409", description = "TABLE_NOT_FULL, MATCH_STARTED, MATCH_OVER",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public CompletionStage<ObjectNode> start(                            @PathParam("id") String id, String body) {
        Player me = player.get();
        String commandId = optionalCommandId(body);
        seat(table(id), me);
        return commands.send(me, id, commandId, new CommandMessage.Start()).thenApply(a -> accepted(me, a));
    }

    @POST
    @Path("/{id}/moves")
    @Operation(summary = "Make a move", description = "Answered once the rules service has decided and this "
            + "service's view has the resulting events: accepted with the table's seq and my new view, or refused "
            + "with the engine's code (409 when it is not the time for it, 422 when the move is not legal).")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.MoveRequest.class)))
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.CommandAccepted.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON; INVALID_REQUEST (commandId missing or bad, "
            + "unknown field); INVALID_MOVE naming the field", content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "409", description = "NOT_YOUR_TURN, WRONG_PHASE, DEAL_NOT_RUNNING, MATCH_OVER",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "422", description = "an illegal move: CARD_NOT_IN_HAND, DOES_NOT_BEAT, OVER_LIMIT, "
            + "MIXED_RANKS, RANK_NOT_ON_TABLE, RANK_NOT_ALLOWED, MAY_NOT_THROW_IN, NOT_AN_UNCOVERED_ATTACK, "
            + "DEFENDER_CANNOT_COVER, NO_CARDS, NO_TRANSFER_IN_VARIANT, TRANSFER_NOT_POSSIBLE, TRANSFER_WRONG_RANK, "
            + "NEXT_DEFENDER_CANNOT_COVER, SHOW_TRUMP_OFF, NOT_A_TRUMP, TRUMP_ALREADY_SHOWN",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @Consumes(MediaType.APPLICATION_JSON)
    public CompletionStage<ObjectNode> move(                           @PathParam("id") String id, String body) {
        Player me = player.get();
        ObjectNode o = Bodies.object(body, false);
        Bodies.only(o, Set.of("commandId", "move"));
        String given = Bodies.optText(o, "commandId");
        if (given == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "commandId: is required");
        }
        String commandId = TableCommands.clientCommandId(given);
        JsonNode moveNode = o.get("move");
        if (moveNode == null || moveNode.isNull()) {
            throw new MessageException(MessageException.INVALID_MOVE, "move", "is required");
        }
        Move move = Codec.readMove(moveNode);
        seat(table(id), me);
        return commands.send(me, id, commandId, new CommandMessage.Play(move)).thenApply(a -> accepted(me, a));
    }

    @POST
    @Path("/{id}/continue")
    @Operation(summary = "Continue on the board", description = "After a deal; the next deal starts when every "
            + "human has pressed continue.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.CommandRequest.class)))
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.CommandAccepted.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "409", description = "NOT_ON_BOARD, ALREADY_CONTINUED, DEAL_NOT_RUNNING, MATCH_OVER",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "503", description = RULES_UNAVAILABLE_503,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public CompletionStage<ObjectNode> continueMatch(                                    @PathParam("id") String id, String body) {
        Player me = player.get();
        String commandId = optionalCommandId(body);
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
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.CommandRequest.class)))
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.HintAnswer.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "409", description = "HINTS_SOLO_ONLY (another person plays at this table), "
            + "DEAL_NOT_RUNNING, NOT_YOUR_TURN (no move of mine is asked for now), MATCH_OVER",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "503", description = "BOTS_UNAVAILABLE: the bot service cannot be reached, did not "
            + "answer within durak.bot.timeout or gave no usable hint (nothing was recorded); RULES_UNAVAILABLE: the "
            + "rules service is not answering, so the hint could not be recorded (the bot service was not asked); "
            + "STORE_UNAVAILABLE", content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "504", description = RULES_TIMEOUT_504,
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public CompletionStage<ObjectNode> hint(                           @PathParam("id") String id, String body) {
        Player me = player.get();
        String commandId = optionalCommandId(body);
        TableSnapshot s = table(id);
        return hints.give(me, s, seat(s, me), commandId);
    }

    @GET
    @Path("/{id}/view")
    @Operation(summary = "My seat's view", description = "The table, the match and my view of the running (or last) "
            + "deal, tagged with the table's seq. Seated players only.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.TableView.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public ObjectNode view(                           @PathParam("id") String id) {
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
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.EventsPage.class)))
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER (since)",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "403", description = "NOT_SEATED",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public ObjectNode events(                             @PathParam("id") String id,
                             @Parameter(description = "the last seq the client has; 0 for all")
                             @QueryParam("since") String since) {
        Player me = player.get();
        long after = Bodies.longParam("since", since, 0, 0);
        TableSnapshot s = table(id);
        int seat = seat(s, me);
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("tableId", s.tableId());
        o.put("seq", s.seq());
        o.put("seat", seat);
        o.set("events", TableViews.seatEvents(s, after, seat));
        return o;
    }

    @GET
    @Path("/{id}/board")
    @Operation(summary = "The board", description = "After each finished deal: place, points and how they were "
            + "computed, totals, the durak and the cards the durak kept; the match result with places once it is "
            + "over. Any signed-in player may look.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.Board.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public ObjectNode board(                            @PathParam("id") String id) {
        return TableViews.board(table(id));
    }

    @GET
    @Path("/{id}/replay")
    @Operation(summary = "Replay a finished deal", description = "Step by step with every card open (the open view "
            + "after the deal and after each event). A deal still running is refused with 409 DEAL_RUNNING: its "
            + "hands are secret (my current view of it is GET /view). Any signed-in player may look.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.Replay.class)))
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER (deal missing or not a number ≥ 1)",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE, NO_SUCH_DEAL",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    @APIResponse(responseCode = "409", description = "DEAL_RUNNING",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public ObjectNode replay(                             @PathParam("id") String id,
                             @Parameter(description = "the deal's number, 1-based", required = true)
                             @QueryParam("deal") String deal) {
        long n = Bodies.longParam("deal", deal, -1, 1);
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

    private static String optionalCommandId(String body) {
        ObjectNode o = Bodies.object(body, true);
        Bodies.only(o, Set.of("commandId"));
        return TableCommands.clientCommandId(Bodies.optText(o, "commandId"));
    }

    private ObjectNode accepted(Player me, TableCommands.Accepted a) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("commandId", a.commandId());
        o.put("accepted", true);
        o.put("seq", a.reply().lastSeq());
        int seat = a.snapshot().seatOf(me.playerId());
        if (seat < 0) {
            o.putNull("view");
        } else {
            o.set("view", TableViews.view(a.snapshot(), seat, views.turnOverride()));
        }
        return o;
    }
}
