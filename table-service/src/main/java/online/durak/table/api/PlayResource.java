package online.durak.table.api;

import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.CompletionStage;
import online.durak.messages.CommandMessage;
import online.durak.table.auth.CurrentPlayer;
import online.durak.table.auth.Player;
import online.durak.table.play.Answers;
import online.durak.table.play.Hints;
import online.durak.table.play.Spectators;
import online.durak.table.play.TableCommands;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The commands of a seated player: starting the match, moves, continue on the board, hints. Each call reads its
 * request, asks {@link TableCommands} or {@link Hints}, and answers with the caller's view ({@link Spectators#view}) once
 * the command is decided; it returns its outcome as a {@link CompletionStage} (see {@link LobbyResource}).
 */
@Path("/api/tables")
@Blocking
@Produces(MediaType.APPLICATION_JSON)
// start, continue and hint may be sent without a body and content type (durak-service's BodyContentType)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
@APIResponse(responseCode = "403", description = "NOT_SEATED")
@APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
@APIResponse(responseCode = "503", description = ErrorResponses.COMMAND_503)
@APIResponse(responseCode = "504", description = ErrorResponses.COMMAND_504)
@Authenticated
public class PlayResource {
    private final CurrentPlayer player;
    private final TableCommands commands;
    private final Hints hints;
    private final Spectators spectators;

    public PlayResource(CurrentPlayer player, TableCommands commands, Hints hints, Spectators spectators) {
        this.player = player;
        this.commands = commands;
        this.hints = hints;
        this.spectators = spectators;
    }

    @POST
    @Path("/{id}/start")
    @Operation(summary = "Start the match", description = "Once every seat is taken; answered with my view of the "
            + "first deal.")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "started: my view of the first deal")
    @APIResponse(responseCode = "409", description = "TABLE_NOT_FULL, MATCH_STARTED, MATCH_OVER")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
    @NonBlocking // command(): on the event loop when nothing on the way blocks, else on a worker
    public CompletionStage<Responses.CommandAccepted> start(@PathParam("id") String id, Requests.Command body) {
        return command(id, Requests.Command.idOf(body), new CommandMessage.Start());
    }

    @POST
    @Path("/{id}/moves")
    @Operation(summary = "Make a move", description = "Answered once the rules service has decided and this "
            + "service's view has the resulting events: accepted with the table's seq and my new view, or refused "
            + "with the engine's code (409 when it is not the time for it, 422 when the move is not legal).")
    @RequestBody(required = true)
    @APIResponse(responseCode = "200", description = "accepted: my view after it")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST, INVALID_MOVE")
    @APIResponse(responseCode = "409", description = "NOT_YOUR_TURN, WRONG_PHASE, DEAL_NOT_RUNNING, MATCH_OVER")
    @APIResponse(responseCode = "422", description = "CARD_NOT_IN_HAND, DOES_NOT_BEAT, OVER_LIMIT, MIXED_RANKS, "
            + "RANK_NOT_ON_TABLE, RANK_NOT_ALLOWED, MAY_NOT_THROW_IN, NOT_AN_UNCOVERED_ATTACK, DEFENDER_CANNOT_COVER, "
            + "NO_CARDS, CARD_TWICE, NO_TRANSFER_IN_VARIANT, TRANSFER_NOT_POSSIBLE, TRANSFER_WRONG_RANK, "
            + "NEXT_DEFENDER_CANNOT_COVER, SHOW_TRUMP_OFF, NOT_A_TRUMP, TRUMP_ALREADY_SHOWN")
    @NonBlocking // command(): on the event loop when nothing on the way blocks, else on a worker
    public CompletionStage<Responses.CommandAccepted> move(@PathParam("id") String id, Requests.Play body) {
        Requests.Play r = Requests.required(body);
        return command(id, r.commandId(), new CommandMessage.Play(r.move()));
    }

    @POST
    @Path("/{id}/continue")
    @Operation(summary = "Continue on the board", description = "After a deal; the next deal starts when every "
            + "human has pressed continue.")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "pressed: my view after it")
    @APIResponse(responseCode = "409", description = "NOT_ON_BOARD, ALREADY_CONTINUED, DEAL_NOT_RUNNING, MATCH_OVER")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
    @NonBlocking // command(): on the event loop when nothing on the way blocks, else on a worker
    public CompletionStage<Responses.CommandAccepted> continueMatch(@PathParam("id") String id, Requests.Command body) {
        return command(id, Requests.Command.idOf(body), new CommandMessage.Continue());
    }

    @POST
    @Path("/{id}/hint")
    @Operation(summary = "Ask for a hint (solo games only)", description = "rules.md §8: the strong bot suggests a "
            + "move for my seat and says why. Only at a table of one person against bots, while it is my decision. "
            + "The bot service is given the table's settings and my own view only. Once it has answered, the hint is "
            + "recorded (event HintTaken, counted on the final board); a refused hint or one the bot service could "
            + "not give is not counted and changes nothing. While the rules service is not answering the bot service "
            + "is not asked, since the hint could not be recorded.")
    @RequestBody(required = false)
    @APIResponse(responseCode = "200", description = "the hint, recorded")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
    @APIResponse(responseCode = "409", description = "HINTS_SOLO_ONLY, DEAL_NOT_RUNNING, NOT_YOUR_TURN, MATCH_OVER")
    @APIResponse(responseCode = "503", description = "BOTS_UNAVAILABLE, " + ErrorResponses.COMMAND_503)
    public CompletionStage<Answers.HintAnswer> hint(@PathParam("id") String id, Requests.Command body) {
        return hints.give(player.get(), id, Requests.Command.idOf(body));
    }

    /**
     * A seated player's command, answered with the caller's view after it. Sent from the event loop when the table is
     * in memory and the command producer knows its topic (a move then costs no hop to a worker thread and back), else
     * from a worker thread, since finding the table may read the store and a first send may wait for the broker.
     */
    private CompletionStage<Responses.CommandAccepted> command(String id, String commandId,
                                                              CommandMessage.Payload payload) {
        Player me = player.get();
        CompletionStage<TableCommands.Accepted> sent = commands.sendsWithoutBlocking(me, id) // the seat checked there
                ? commands.send(me, id, commandId, payload)
                : Uni.createFrom().completionStage(() -> commands.sendSeated(me, id, commandId, payload))
                        .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()).subscribeAsCompletionStage();
        return sent.thenApply(a -> {
            int seat = a.snapshot().seatOf(me.playerId());
            return new Responses.CommandAccepted(a.commandId(), true, a.reply().lastSeq(),
                    seat < 0 ? null : spectators.view(a.snapshot(), seat));
        });
    }
}
