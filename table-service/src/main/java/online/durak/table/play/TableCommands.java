package online.durak.table.play;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import online.durak.messages.CommandMessage;
import online.durak.messages.ReplyMessage;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.auth.Player;
import online.durak.table.messaging.CommandBus;
import online.durak.table.messaging.CommandRejected;
import online.durak.table.messaging.RulesBreaker;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableSnapshot;

/**
 * What a player asks of a table, for REST and WebSocket alike: the command goes out, the reply comes back,
 * and an accepted command is answered once this instance's projection of the table has reached the reply's
 * {@code lastSeq}, so that the answer can carry the player's new view.
 *
 * <p>A client's {@code commandId} is scoped to the player: the command on the topic carries
 * {@code <playerId>:<commandId>}, so two players choosing the same id never get each other's answer, while
 * the same player repeating an id gets the same answer again (the rules service's idempotency).
 */
@ApplicationScoped
public class TableCommands {
    /** What a client may choose as a command id. */
    private static final Pattern COMMAND_ID = Pattern.compile("[A-Za-z0-9._~-]{1,64}");

    private final RulesBreaker rules;
    private final Projections projections;
    private final Draining draining;
    private final Tables tables;

    public TableCommands(RulesBreaker rules, Projections projections, Draining draining, Tables tables) {
        this.rules = rules;
        this.projections = projections;
        this.draining = draining;
        this.tables = tables;
    }

    /** An accepted command: the reply and the table's snapshot at (or after) its last seq. */
    public record Accepted(String commandId, ReplyMessage reply, TableSnapshot snapshot) {
    }

    /** Commands are refused at once now: the rules service has not answered the last ones. */
    public void requireRules() {
        if (rules.paused()) {
            throw new RulesBreaker.RulesUnavailableException(rules.delay());
        }
    }

    /**
     * The id of the table that a {@code create} or {@code solo} command makes: a name-based UUID of the kind, the
     * player and the client's commandId. A retry (the same player, kind and commandId) names the same table, so the
     * rules service meets the same command again and answers it from its store instead of creating a second table
     * or refusing the id; another player, kind or commandId names another table. Without a commandId (a fresh random
     * one) every call makes a new table.
     */
    public static String newTableId(String kind, Player player, String clientCommandId) {
        String name = "durak.table\n" + kind + "\n" + player.playerId() + "\n" + clientCommandId;
        return UUID.nameUUIDFromBytes(name.getBytes(java.nio.charset.StandardCharsets.UTF_8)).toString();
    }

    /** A client's command id checked (400 INVALID_REQUEST), or a fresh one when none was given. */
    public static String clientCommandId(String given) {
        if (given == null) {
            return UUID.randomUUID().toString();
        }
        if (!COMMAND_ID.matcher(given).matches()) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST,
                    "commandId: must be 1 to 64 letters, digits or . _ ~ -");
        }
        return given;
    }

    /**
     * Sends a command (through the {@link RulesBreaker}); the future completes with {@link Accepted}, or fails with
     * {@link CommandRejected}, {@link CommandBus.RulesTimeoutException}, {@link RulesBreaker.RulesUnavailableException} (at
     * once, while the rules service is not answering) or {@link Projections.ProjectionTimeoutException}; throws
     * {@link ApiException} 503 {@code SERVICE_STOPPING} at once while the instance is stopping ({@link Draining}).
     */
    public CompletableFuture<Accepted> send(Player player, String tableId, String clientCommandId,
                                            CommandMessage.Payload payload) {
        draining.requireRunning();
        String wireId = player.playerId() + ":" + clientCommandId;
        CommandMessage command = new CommandMessage(wireId, tableId, player.playerId(), player.name(), payload);
        return rules.send(command).thenCompose(reply -> {
            if (!reply.accepted()) {
                return CompletableFuture.failedFuture(new CommandRejected(reply.code(), reply.message()));
            }
            // the reply carries the events: the projection need not wait for them on the events topic
            reply.events().forEach(projections::accept);
            return projections.awaitSeq(tableId, reply.lastSeq())
                    .thenApply(s -> new Accepted(clientCommandId, reply, s));
        });
    }

    /**
     * Whether the player is seated at the table as this edge holds it in memory and a command can be sent without
     * waiting for the broker's metadata: then {@link #send} may be called on an event loop at once (the seat is what
     * {@link #sendSeated} checks). Else call {@link #sendSeated} on a worker thread: it may read the store.
     */
    public boolean sendsWithoutBlocking(Player player, String tableId) {
        return rules.sendsWithoutBlocking() && tables.seatedInMemory(player, tableId).isPresent();
    }

    /**
     * A command of a player seated at the table: refused at once with 404 {@code NO_SUCH_TABLE} or 403
     * {@code NOT_SEATED}, else {@link #send}.
     */
    public CompletableFuture<Accepted> sendSeated(Player player, String tableId, String clientCommandId,
                                                  CommandMessage.Payload payload) {
        tables.seated(player, tableId);
        return send(player, tableId, clientCommandId, payload);
    }
}
