package online.durak.table.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.websockets.next.CloseReason;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import online.durak.engine.Move;
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
import org.jboss.logging.Logger;

/**
 * The WebSocket side of the tables: who is connected to which table, and what each gets.
 *
 * <p>Server to client (every frame its own JSON text):
 * <ul>
 *   <li>{@code {"type":"view","seq":N,"view":{...}}} — the seat's view after event N (TableViews#view): on
 *       open, and at the end of a resync;</li>
 *   <li>{@code {"type":"event","seq":N,"event":{SeatEventMessage},"view":{...}}} — after each event of the
 *       table, to each connection its own seat's version of the event and its own view (never another seat's
 *       hidden cards; a connection whose player no longer sits there gets the event as a spectator and
 *       {@code "view":null}); during a resync without {@code view};</li>
 *   <li>{@code {"type":"reply","commandId":C,"accepted":true,"seq":N}} or
 *       {@code {"type":"reply","commandId":C,"accepted":false,"code":..,"message":..}} — the answer to a
 *       command frame, sent after the events it caused;</li>
 *   <li>{@code {"type":"hint","commandId":C,"seq":N,"seat":S,"move":{..},"reason":..,"candidates":[..],"hints":H}}
 *       — the answer to a hint frame (as {@code POST /api/tables/{id}/hint} answers), after its HintTaken event;
 *       a hint that cannot be given is an error frame with the REST answer's code;</li>
 *   <li>{@code {"type":"error","code":..,"message":..[,"commandId":C]}} — a frame that could not be used
 *       (nothing changed), or a command the rules service did not answer in time ({@code RULES_TIMEOUT}) or that
 *       was refused at once because it is not answering ({@code RULES_UNAVAILABLE});</li>
 *   <li>{@code {"type":"paused","reason":"RULES_UNAVAILABLE","message":..}} — the rules service does not answer
 *       (this instance's circuit breaker opened): no table can move now, commands are refused at once; sent to every
 *       connection, and on open while it lasts;</li>
 *   <li>{@code {"type":"resumed"}} — the rules service answers again (the breaker closed): commands go through;</li>
 *   <li>{@code {"type":"pong"}}.</li>
 * </ul>
 * Client to server: {@code {"type":"move","commandId":C,"move":{...}}}, {@code {"type":"continue"[,"commandId"]}},
 * {@code {"type":"start"[,"commandId"]}}, {@code {"type":"hint"[,"commandId"]}} (solo tables),
 * {@code {"type":"resync","lastSeq":N}} (every event after N as the seat may see it, then the view),
 * {@code {"type":"ping"}}.
 *
 * <p>A connection to a table that does not exist is closed with 4404, of a player without a seat with 4403,
 * each after an error frame. Everything sent for a table is sent under the table's lock, so each connection
 * gets the seqs in order and none twice.
 */
@ApplicationScoped
public class SocketHub implements TableListener {
    private static final Logger LOG = Logger.getLogger(SocketHub.class);
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Set<String> MOVE_FIELDS = Set.of("type", "commandId", "move");
    private static final Set<String> COMMAND_FIELDS = Set.of("type", "commandId");
    private static final Set<String> RESYNC_FIELDS = Set.of("type", "lastSeq");

    private final Projections projections;
    private final TableCommands commands;
    private final Hints hints;
    private final ViewSettings views;
    private final Map<String, Map<String, Session>> byTable = new ConcurrentHashMap<>();
    private final Map<String, Session> byConnection = new ConcurrentHashMap<>();
    private final RulesBreaker rules;
    private final java.util.concurrent.atomic.AtomicBoolean pausedSent = new java.util.concurrent.atomic.AtomicBoolean();

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
                     RulesBreaker rules, MeterRegistry registry) {
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
        ObjectNode frame;
        if (a.state() == CircuitBreakerState.OPEN && pausedSent.compareAndSet(false, true)) {
            frame = paused();
        } else if (a.state() == CircuitBreakerState.CLOSED && pausedSent.compareAndSet(true, false)) {
            frame = F.objectNode().put("type", "resumed");
        } else {
            return; // half-open, or open again after a failed probe: still paused, nothing new to say
        }
        for (Session s : byConnection.values()) {
            if (s.connection.isOpen()) {
                send(s.connection, frame);
            }
        }
    }

    private static ObjectNode paused() {
        ObjectNode o = F.objectNode();
        o.put("type", "paused");
        o.put("reason", ErrorCodes.RULES_UNAVAILABLE);
        o.put("message", "the rules service does not answer: no move can be decided now, and this table goes on by "
                + "itself once it does");
        return o;
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
        Player player = new Player(playerId, c.userData().get(TokenUpgradeCheck.PLAYER_NAME));
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
        if (c.isOpen()) {
            send(c, error(ErrorCodes.INTERNAL_ERROR, "the frame could not be handled", null));
        }
    }

    private void refuse(WebSocketConnection c, int closeCode, String code, String message) {
        c.sendText(Codec.write(error(code, message, null)))
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
            ObjectNode frame = F.objectNode();
            frame.put("type", "event");
            frame.put("seq", event.seq());
            frame.set("event", TableViews.seatEvent(after, event, seat >= 0 ? seat : EventVisibility.NO_SEAT));
            if (seat >= 0) {
                frame.set("view", TableViews.view(after, seat, views.turnOverride()));
            } else {
                frame.putNull("view");
            }
            s.lastSent = event.seq();
            send(s.connection, frame);
        }
    }

    /** Sends the view under the table's lock (the caller holds it). */
    private void sendView(Session session, TableSnapshot s) {
        int seat = s.seatOf(session.player.playerId());
        ObjectNode frame = F.objectNode();
        frame.put("type", "view");
        frame.put("seq", s.seq());
        if (seat >= 0) {
            frame.set("view", TableViews.view(s, seat, views.turnOverride()));
        } else {
            frame.putNull("view");
        }
        session.lastSent = s.seq();
        send(session.connection, frame);
    }

    // ---- frames in ----

    void frame(WebSocketConnection c, String text) {
        Session session = byConnection.get(c.id());
        if (session == null) {
            return;
        }
        String commandId = null;
        try {
            JsonNode node = Codec.parse(text);
            if (!node.isObject()) {
                throw new ApiException(400, ErrorCodes.INVALID_FRAME, "a frame must be a JSON object");
            }
            ObjectNode o = (ObjectNode) node;
            JsonNode typeNode = o.get("type");
            if (typeNode == null || !typeNode.isTextual()) {
                throw new ApiException(400, ErrorCodes.INVALID_FRAME, "type: is required (move, continue, start, hint, resync, ping)");
            }
            String type = typeNode.textValue();
            switch (type) {
                case "move" -> {
                    only(o, MOVE_FIELDS);
                    commandId = commandIdOf(o, true);
                    JsonNode move = o.get("move");
                    if (move == null || move.isNull()) {
                        throw new MessageException(MessageException.INVALID_MOVE, "move", "is required");
                    }
                    Move m = Codec.readMove(move);
                    command(session, commandId, new CommandMessage.Play(m));
                }
                case "continue" -> {
                    only(o, COMMAND_FIELDS);
                    commandId = commandIdOf(o, false);
                    command(session, commandId, new CommandMessage.Continue());
                }
                case "start" -> {
                    only(o, COMMAND_FIELDS);
                    commandId = commandIdOf(o, false);
                    command(session, commandId, new CommandMessage.Start());
                }
                case "hint" -> {
                    only(o, COMMAND_FIELDS);
                    commandId = commandIdOf(o, false);
                    hint(session, commandId);
                }
                case "resync" -> {
                    only(o, RESYNC_FIELDS);
                    JsonNode last = o.get("lastSeq");
                    if (last == null || !last.isIntegralNumber() || !last.canConvertToLong() || last.longValue() < 0) {
                        throw new ApiException(400, ErrorCodes.INVALID_FRAME, "lastSeq: must be a whole number ≥ 0");
                    }
                    resync(session, last.longValue());
                }
                case "ping" -> send(c, F.objectNode().put("type", "pong"));
                default -> throw new ApiException(400, ErrorCodes.INVALID_FRAME,
                        "type: must be move, continue, start, hint, resync or ping, not \"" + type + "\"");
            }
        } catch (ApiException e) {
            send(c, error(e.code(), e.getMessage(), commandId));
        } catch (MessageException e) {
            send(c, error(e.code(), e.getMessage(), commandId));
        } catch (RulesBreaker.RulesUnavailableException e) {
            send(c, error(ErrorCodes.RULES_UNAVAILABLE, e.getMessage(), commandId));
        } catch (EventStore.StoreException e) {
            send(c, error(ErrorCodes.STORE_UNAVAILABLE, "the table cannot be read now; try again", commandId));
        } catch (RuntimeException e) {
            LOG.warnf(e, "websocket %s: a frame failed", c.id());
            send(c, error(ErrorCodes.INTERNAL_ERROR, "the frame could not be handled", commandId));
        }
    }

    private static void only(ObjectNode o, Set<String> allowed) {
        o.fieldNames().forEachRemaining(f -> {
            if (!allowed.contains(f)) {
                throw new ApiException(400, ErrorCodes.INVALID_FRAME, f + ": is not a field of this frame");
            }
        });
    }

    private static String commandIdOf(ObjectNode o, boolean required) {
        JsonNode id = o.get("commandId");
        if (id == null || id.isNull()) {
            if (required) {
                throw new ApiException(400, ErrorCodes.INVALID_FRAME, "commandId: is required");
            }
            return TableCommands.clientCommandId(null);
        }
        if (!id.isTextual()) {
            throw new ApiException(400, ErrorCodes.INVALID_FRAME, "commandId: must be a string");
        }
        return TableCommands.clientCommandId(id.textValue());
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
            ObjectNode frame;
            if (e == null) {
                frame = F.objectNode();
                frame.put("type", "reply");
                frame.put("commandId", commandId);
                frame.put("accepted", true);
                frame.put("seq", a.reply().lastSeq());
            } else if (cause(e) instanceof TableCommands.Rejected r) {
                frame = F.objectNode();
                frame.put("type", "reply");
                frame.put("commandId", commandId);
                frame.put("accepted", false);
                frame.put("code", r.code());
                frame.put("message", r.getMessage());
            } else {
                frame = failure(session, commandId, cause(e));
            }
            send(session.connection, frame);
        });
    }

    private void hint(Session session, String commandId) {
        TableSnapshot s = seated(session);
        hints.give(session.player, s, s.seatOf(session.player.playerId()), commandId).whenComplete((answer, e) -> {
            ObjectNode frame;
            if (e == null) {
                frame = F.objectNode();
                frame.put("type", "hint");
                frame.setAll(answer);
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
    private ObjectNode failure(Session session, String commandId, Throwable cause) {
        if (cause instanceof ApiException a) { // e.g. a hint refused, or the bot service unavailable
            return error(a.code(), a.getMessage(), commandId);
        }
        if (cause instanceof CommandBus.RulesTimeoutException) {
            return error(ErrorCodes.RULES_TIMEOUT, cause.getMessage(), commandId);
        }
        if (cause instanceof RulesBreaker.RulesUnavailableException) {
            return error(ErrorCodes.RULES_UNAVAILABLE, cause.getMessage(), commandId);
        }
        if (cause instanceof Projections.ProjectionTimeoutException) {
            return error(ErrorCodes.VIEW_TIMEOUT, cause.getMessage(), commandId);
        }
        LOG.warnf(cause, "websocket %s: command %s failed", session.connection.id(), commandId);
        return error(ErrorCodes.INTERNAL_ERROR, "the command could not be handled", commandId);
    }

    private void resync(Session session, long lastSeq) {
        projections.withTable(session.tableId, s -> {
            int seat = s.seatOf(session.player.playerId());
            int viewer = seat >= 0 ? seat : EventVisibility.NO_SEAT;
            for (long seq = Math.min(lastSeq, s.seq()) + 1; seq <= s.seq(); seq++) {
                ObjectNode frame = F.objectNode();
                frame.put("type", "event");
                frame.put("seq", seq);
                frame.set("event", TableViews.seatEvent(s, s.event(seq), viewer));
                send(session.connection, frame);
            }
            sendView(session, s);
            return null;
        });
    }

    // ---- sending ----

    private static ObjectNode error(String code, String message, String commandId) {
        ObjectNode o = F.objectNode();
        o.put("type", "error");
        o.put("code", code);
        o.put("message", message);
        if (commandId != null) {
            o.put("commandId", commandId);
        }
        return o;
    }

    private static void send(WebSocketConnection c, ObjectNode frame) {
        c.sendText(Codec.write(frame)).subscribe().with(v -> { },
                e -> LOG.debugf("websocket %s: a frame was not sent: %s", c.id(), e.toString()));
    }
}
