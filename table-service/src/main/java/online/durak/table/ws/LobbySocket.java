package online.durak.table.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.OnPongMessage;
import io.quarkus.websockets.next.OnTextMessage;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.buffer.Buffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.play.LobbyQuery;
import online.durak.table.play.LobbyWatch;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * {@code /api/lobby/ws}: the lobby, live (docs/websocket.md, "The lobby"). A connection subscribes to one
 * {@link LobbyQuery}: the upgrade's query parameters (those of {@code GET /api/tables} but {@code after}; none: every
 * open table), later a {@code subscribe} frame; it gets that query's first page, then only the changes of what the
 * page shows ({@link LobbyWatch}). A bad parameter in the upgrade is an {@code error} frame {@code INVALID_PARAMETER} and
 * close 4400; in a frame the same error frame, and the subscription stays as it was. The token is checked by
 * {@link TokenUpgradeCheck}.
 */
@WebSocket(path = "/api/lobby/ws")
public class LobbySocket {
    private static final Logger LOG = Logger.getLogger(LobbySocket.class);
    /** The subscribe frame's fields and the JSON type each must have. */
    private static final Map<String, String> TYPES = Map.of("watchable", "a boolean", "variant", "a string",
            "players", "a number", "deck", "a number", "clock", "a number or \"none\"", "stake", "a string",
            "free", "a number", "limit", "a number");

    private final LobbyWatch watch;
    private final int maxFrameChars;
    private final Map<String, LobbyWatch.Watcher> watchers = new ConcurrentHashMap<>();

    public LobbySocket(LobbyWatch watch, @ConfigProperty(name = "durak.websocket.max-frame-size") int maxFrameChars) {
        this.watch = watch;
        this.maxFrameChars = maxFrameChars;
    }

    @OnOpen
    public void onOpen(WebSocketConnection c) {
        Map<String, List<String>> parameters = new HashMap<>(
                new QueryStringDecoder("?" + c.handshakeRequest().query(), false).parameters());
        parameters.remove("token");
        LobbyQuery query;
        try {
            query = LobbyQuery.parse(parameters, List.of());
        } catch (ApiException e) {
            Session.refuse(c, 4400, e.code(), e.getMessage());
            return;
        }
        LobbyWatch.Watcher w = text -> c.sendText(text).subscribe().with(v -> { },
                x -> LOG.debugf("lobby websocket %s: a frame was not sent: %s", c.id(), x.toString()));
        watchers.put(c.id(), w);
        watch.subscribe(w, query);
    }

    @OnTextMessage
    @Blocking
    public void onText(String text, WebSocketConnection c) {
        LobbyWatch.Watcher w = watchers.get(c.id());
        if (w == null) {
            return;
        }
        if (text.length() > maxFrameChars) {
            Session.refuse(c, 1009, ErrorCodes.FRAME_TOO_LARGE, "a frame may have at most " + maxFrameChars
                    + " characters");
            return;
        }
        try {
            ObjectNode frame = Frames.object(text);
            String type = frame.path("type").isTextual() ? frame.get("type").textValue() : null;
            if ("subscribe".equals(type)) {
                watch.subscribe(w, query(frame));
            } else if ("ping".equals(type)) {
                for (String name : (Iterable<String>) frame::fieldNames) {
                    if (!name.equals("type")) {
                        throw Frames.invalid(name + ": is not a field of this frame");
                    }
                }
                Session.send(c, new ServerFrame.Pong());
            } else {
                throw Frames.invalid("type: must be subscribe or ping" + (type == null ? "" : ", not \"" + type + "\""));
            }
        } catch (RuntimeException e) {
            ServerFrame.Error error = ErrorFrames.of(e, null);
            Session.send(c, error != null ? error
                    : new ServerFrame.Error(ErrorCodes.INTERNAL_ERROR, "the frame could not be handled", null));
        }
    }

    /** The answer to the server's ping ({@link Heartbeats}): a time noted, on the event loop. */
    @OnPongMessage
    @NonBlocking
    public void onPong(Buffer data, WebSocketConnection c) {
        Heartbeats.heard(c);
    }

    @OnClose
    public void onClose(WebSocketConnection c) {
        LobbyWatch.Watcher w = watchers.remove(c.id());
        if (w != null) {
            watch.unsubscribe(w);
        }
    }

    /** The subscribe frame's query: each field of its JSON type (no coercion), then read as a parameter's text. */
    private static LobbyQuery query(ObjectNode frame) {
        Map<String, List<String>> parameters = new HashMap<>();
        for (Map.Entry<String, JsonNode> f : frame.properties()) {
            String name = f.getKey();
            JsonNode v = f.getValue();
            if (name.equals("type")) {
                continue;
            }
            String type = TYPES.get(name);
            if (type == null) {
                throw Frames.invalid(name + ": is not a field of this frame (" + String.join(", ", LobbyQuery.PARAMETERS)
                        + ")");
            }
            boolean fits = switch (type) {
                case "a boolean" -> v.isBoolean();
                case "a string" -> v.isTextual();
                case "a number" -> v.isIntegralNumber();
                default -> v.isIntegralNumber() || "none".equals(v.textValue());
            };
            if (!fits) {
                throw Frames.invalid(name + ": must be " + type);
            }
            parameters.put(name, List.of(v.asText()));
        }
        return LobbyQuery.parse(parameters, List.of());
    }
}
