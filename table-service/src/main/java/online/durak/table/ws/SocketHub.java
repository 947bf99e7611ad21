package online.durak.table.ws;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.websockets.next.CloseReason;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.EventVisibility;
import online.durak.messages.MessageException;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.api.Hints;
import online.durak.table.api.TableResource;
import online.durak.table.api.TableViews;
import online.durak.table.api.ViewSettings;
import online.durak.table.auth.Player;
import online.durak.table.messaging.CommandBus;
import online.durak.table.messaging.RulesBreaker;
import online.durak.table.messaging.TableCommands;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableListener;
import online.durak.table.projection.TableSnapshot;
import online.durak.table.store.EventStore;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The WebSocket side of the tables: who is connected to which table, and what each gets.
 *
 * <p>The frames ({@link ClientFrame} in, {@link ServerFrame} out), resync, close codes and limits are described in
 * docs/websocket.md.
 *
 * <p>A connection to a table that does not exist is closed with 4404, of a player without a seat with 4403,
 * each after an error frame. Everything sent for a table is sent under the table's lock, so each connection
 * gets the seqs in order and none twice.
 */
@ApplicationScoped
public class SocketHub implements TableListener {
    private static final Logger LOG = Logger.getLogger(SocketHub.class);

    private final Projections projections;
    private final TableCommands commands;
    private final Hints hints;
    private final ViewSettings views;
    private final Map<String, Map<String, Session>> byTable = new ConcurrentHashMap<>();
    private final Map<String, Session> byConnection = new ConcurrentHashMap<>();
    private final RulesBreaker rules;
    private final AtomicBoolean pausedSent = new AtomicBoolean();
    private final int maxFrameChars;

    /** One open connection: its player and table, and the last seq it was sent. */
    static final class Session {
        final WebSocketConnection connection;
        final String tableId;
        final Player player;
        long lastSent = -1; // guarded by the table's lock

        Session(WebSocketConnection connection, String tableId, Player player) {
            this.connection = connection;
            this.tableId = tableId;
            this.player = player;
        }
    }

    public SocketHub(Projections projections, TableCommands commands, Hints hints, ViewSettings views,
                     RulesBreaker rules, MeterRegistry registry,
                     @ConfigProperty(name = "durak.websocket.max-frame-size") int maxFrameChars) {
        this.maxFrameChars = maxFrameChars;
        this.rules = rules;
        this.projections = projections;
        this.commands = commands;
        this.hints = hints;
        this.views = views;
        registry.gaugeMapSize("durak.websocket.connections", java.util.List.of(), byConnection);
    }

    void onStart(@Observes StartupEvent e) {
        projections.addListener(this);
    }

    /** Whatever is still open when the application stops (the stop began with {@link #closeAll()}). */
    void onStop(@Observes ShutdownEvent e) {
        closeAll();
    }

    /**
     * The rules service stopped or started answering: every connection is told, whatever its table, since no table
     * can move while the rules service is silent (not the players' moves, nor the bots', nor the clocks): a player
     * waiting for someone else's move would otherwise see nothing happen and not know why.
     */
    void onRulesAvailability(@Observes RulesBreaker.RulesAvailability a) {
        ServerFrame frame;
        if (a.state() == CircuitBreakerState.OPEN && pausedSent.compareAndSet(false, true)) {
            frame = paused();
        } else if (a.state() == CircuitBreakerState.CLOSED && pausedSent.compareAndSet(true, false)) {
            frame = new ServerFrame.Resumed();
        } else {
            return; // half-open, or open again after a failed probe: still paused, nothing new to say
        }
        for (Session s : byConnection.values()) {
            if (s.connection.isOpen()) {
                send(s.connection, frame);
            }
        }
    }

    private static ServerFrame paused() {
        return new ServerFrame.Paused(ErrorCodes.RULES_UNAVAILABLE, "the rules service does not answer: no move can be "
                + "decided now, and this table goes on by itself once it does");
    }

    /** Closes every connection with 1001 (going away): the stop has begun (Draining). Returns how many. */
    public int closeAll() {
        int n = 0;
        for (Session s : byConnection.values()) {
            if (s.connection.isOpen()) {
                n++;
                s.connection.close(new CloseReason(1001, "the server is stopping")).subscribe().with(v -> { }, x -> { });
            }
        }
        return n;
    }

    // ---- connections ----

    void open(WebSocketConnection c) {
        String playerId = c.userData().get(TokenUpgradeCheck.PLAYER_ID);
        if (playerId == null) {
            refuse(c, 4401, ErrorCodes.UNAUTHORIZED, "a token is required");
            return;
        }
        Player player = new Player(playerId, c.userData().get(TokenUpgradeCheck.PLAYER_NAME),
                Boolean.TRUE.equals(c.userData().get(TokenUpgradeCheck.PLAYER_ACCOUNT)));
        String tableId = c.pathParam("id");
        try {
            Optional<TableSnapshot> found = TableResource.isTableId(tableId) ? projections.find(tableId) : Optional.empty();
            if (found.isEmpty()) {
                refuse(c, 4404, ErrorCodes.NO_SUCH_TABLE, "there is no table " + tableId);
                return;
            }
            if (found.get().seatOf(playerId) < 0 && projections.catchUp(tableId).seatOf(playerId) < 0) {
                refuse(c, 4403, ErrorCodes.NOT_SEATED, "you have no seat at this table");
                return;
            }
        } catch (RuntimeException e) {
            LOG.warnf("websocket %s: table %s cannot be read: %s", c.id(), tableId, e.getMessage());
            refuse(c, 1011, ErrorCodes.STORE_UNAVAILABLE, "the table cannot be read now; try again");
            return;
        }
        Session session = new Session(c, tableId, player);
        byConnection.put(c.id(), session);
        projections.withTable(tableId, s -> {
            byTable.computeIfAbsent(tableId, k -> new ConcurrentHashMap<>()).put(c.id(), session);
            sendView(session, s);
            return null;
        });
        if (rules.paused()) {
            send(c, paused());
        }
        LOG.debugf("websocket %s: player %s on table %s", c.id(), playerId, tableId);
    }

    void closed(WebSocketConnection c) {
        Session s = byConnection.remove(c.id());
        if (s != null) {
            // under the table's lock, like every other change of the table's connections
            projections.withTable(s.tableId, snapshot -> {
                Map<String, Session> sessions = byTable.get(s.tableId);
                if (sessions != null) {
                    sessions.remove(c.id());
                    if (sessions.isEmpty()) {
                        byTable.remove(s.tableId);
                    }
                }
                return null;
            });
        }
    }

    void error(WebSocketConnection c, Throwable e) {
        if (!c.isOpen()) {
            return;
        }
        if (tooLarge(e)) { // beyond even Vert.x's larger limit (quarkus.websockets-next.server.max-message-size)
            refuse(c, 1009, ErrorCodes.FRAME_TOO_LARGE, "a frame may have at most " + maxFrameChars + " characters");
        } else {
            send(c, new ServerFrame.Error(ErrorCodes.INTERNAL_ERROR, "the frame could not be handled", null));
        }
    }

    /**
     * Netty's refusal of a frame over Vert.x's maximum frame size, or Vert.x's of a message over its maximum message
     * size (an IllegalStateException: it has no type of its own).
     */
    static boolean tooLarge(Throwable e) {
        return e instanceof CorruptedWebSocketFrameException
                || e instanceof IllegalStateException && e.getMessage() != null && e.getMessage().contains("max message size");
    }

    private void refuse(WebSocketConnection c, int closeCode, String code, String message) {
        c.sendText(Frames.write(new ServerFrame.Error(code, message, null)))
                .chain(() -> c.close(new CloseReason(closeCode, code)))
                .subscribe().with(v -> { }, x -> { });
    }

    // ---- events out ----

    @Override
    public boolean holds(String tableId) {
        return byTable.containsKey(tableId);
    }

    @Override
    public void applied(TableSnapshot after, EventMessage event) {
        Map<String, Session> sessions = byTable.get(after.tableId());
        if (sessions == null || sessions.isEmpty()) {
            return;
        }
        for (Session s : sessions.values()) {
            if (event.seq() <= s.lastSent) {
                continue;
            }
            int seat = after.seatOf(s.player.playerId());
            s.lastSent = event.seq();
            send(s.connection, new ServerFrame.Event(event.seq(),
                    TableViews.seatEvent(after, event, seat >= 0 ? seat : EventVisibility.NO_SEAT),
                    seat >= 0 ? TableViews.view(after, seat, views.turnOverride()) : null));
        }
    }

    /** Sends the view under the table's lock (the caller holds it). */
    private void sendView(Session session, TableSnapshot s) {
        int seat = s.seatOf(session.player.playerId());
        session.lastSent = s.seq();
        send(session.connection, new ServerFrame.View(s.seq(), seat >= 0 ? TableViews.view(s, seat, views.turnOverride()) : null));
    }

    // ---- frames in ----

    void frame(WebSocketConnection c, String text) {
        Session session = byConnection.get(c.id());
        if (session == null) {
            return;
        }
        if (text.length() > maxFrameChars) {
            // a stated limit, not a failure: said in the frame's own code, and the connection closed as RFC 6455 says
            refuse(c, 1009, ErrorCodes.FRAME_TOO_LARGE, "a frame may have at most " + maxFrameChars + " characters");
            return;
        }
        String commandId = null;
        try {
            ClientFrame frame = Frames.read(text);
            if (frame instanceof ClientFrame.Play p) {
                if (p.commandId() == null) {
                    throw Frames.invalid("commandId: is required");
                }
                commandId = TableCommands.clientCommandId(p.commandId());
                if (p.move() == null || p.move().isNull()) {
                    throw new MessageException(MessageException.INVALID_MOVE, "move", "is required");
                }
                command(session, commandId, new CommandMessage.Play(Codec.readMove(p.move())));
            } else if (frame instanceof ClientFrame.Command command) {
                commandId = TableCommands.clientCommandId(command.commandId());
                if (command instanceof ClientFrame.Hint) {
                    hint(session, commandId);
                } else {
                    command(session, commandId, command instanceof ClientFrame.Start
                            ? new CommandMessage.Start() : new CommandMessage.Continue());
                }
            } else if (frame instanceof ClientFrame.Resync r) {
                if (r.lastSeq() == null || r.lastSeq() < 0) {
                    throw Frames.invalid("lastSeq: must be a whole number ≥ 0");
                }
                resync(session, r.lastSeq());
            } else {
                send(c, new ServerFrame.Pong());
            }
        } catch (ApiException e) {
            send(c, new ServerFrame.Error(e.code(), e.getMessage(), commandId));
        } catch (MessageException e) {
            send(c, new ServerFrame.Error(e.code(), e.getMessage(), commandId));
        } catch (RulesBreaker.RulesUnavailableException e) {
            send(c, new ServerFrame.Error(ErrorCodes.RULES_UNAVAILABLE, e.getMessage(), commandId));
        } catch (EventStore.StoreException e) {
            send(c, new ServerFrame.Error(ErrorCodes.STORE_UNAVAILABLE, "the table cannot be read now; try again", commandId));
        } catch (RuntimeException e) {
            LOG.warnf(e, "websocket %s: a frame failed", c.id());
            send(c, new ServerFrame.Error(ErrorCodes.INTERNAL_ERROR, "the frame could not be handled", commandId));
        }
    }

    /** The table as this instance has it, read from the store when the player is not seated in it (yet). */
    private TableSnapshot seated(Session session) {
        TableSnapshot s = projections.current(session.tableId);
        if (s.seatOf(session.player.playerId()) < 0) {
            s = projections.catchUp(session.tableId);
            if (s.seatOf(session.player.playerId()) < 0) {
                throw ApiException.notSeated();
            }
        }
        return s;
    }

    private void command(Session session, String commandId, CommandMessage.Payload payload) {
        seated(session);
        commands.send(session.player, session.tableId, commandId, payload).whenComplete((a, e) -> {
            ServerFrame frame;
            if (e == null) {
                frame = ServerFrame.Reply.accepted(commandId, a.reply().lastSeq());
            } else if (cause(e) instanceof TableCommands.Rejected r) {
                frame = ServerFrame.Reply.refused(commandId, r.code(), r.getMessage());
            } else {
                frame = failure(session, commandId, cause(e));
            }
            send(session.connection, frame);
        });
    }

    private void hint(Session session, String commandId) {
        TableSnapshot s = seated(session);
        hints.give(session.player, s, s.seatOf(session.player.playerId()), commandId).whenComplete((answer, e) -> {
            ServerFrame frame;
            if (e == null) {
                frame = new ServerFrame.Hint(answer);
            } else {
                frame = failure(session, commandId, cause(e));
            }
            send(session.connection, frame);
        });
    }

    private static Throwable cause(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }

    /** The error frame for a command or hint that failed (a refusal of the rules service is a reply instead). */
    private ServerFrame failure(Session session, String commandId, Throwable cause) {
        if (cause instanceof ApiException a) { // e.g. a hint refused, or the bot service unavailable
            return new ServerFrame.Error(a.code(), a.getMessage(), commandId);
        }
        if (cause instanceof CommandBus.RulesTimeoutException) {
            return new ServerFrame.Error(ErrorCodes.RULES_TIMEOUT, cause.getMessage(), commandId);
        }
        if (cause instanceof RulesBreaker.RulesUnavailableException) {
            return new ServerFrame.Error(ErrorCodes.RULES_UNAVAILABLE, cause.getMessage(), commandId);
        }
        if (cause instanceof Projections.ProjectionTimeoutException) {
            return new ServerFrame.Error(ErrorCodes.VIEW_TIMEOUT, cause.getMessage(), commandId);
        }
        LOG.warnf(cause, "websocket %s: command %s failed", session.connection.id(), commandId);
        return new ServerFrame.Error(ErrorCodes.INTERNAL_ERROR, "the command could not be handled", commandId);
    }

    private void resync(Session session, long lastSeq) {
        projections.withTable(session.tableId, s -> {
            int seat = s.seatOf(session.player.playerId());
            int viewer = seat >= 0 ? seat : EventVisibility.NO_SEAT;
            for (long seq = Math.min(lastSeq, s.seq()) + 1; seq <= s.seq(); seq++) {
                send(session.connection, new ServerFrame.ResyncEvent(seq, TableViews.seatEvent(s, s.event(seq), viewer)));
            }
            sendView(session, s);
            return null;
        });
    }

    // ---- sending ----

    private static void send(WebSocketConnection c, ServerFrame frame) {
        c.sendText(Frames.write(frame)).subscribe().with(v -> { },
                e -> LOG.debugf("websocket %s: a frame was not sent: %s", c.id(), e.toString()));
    }
}
