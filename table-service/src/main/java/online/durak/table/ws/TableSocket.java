package online.durak.table.ws;

import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnError;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.OnTextMessage;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.common.annotation.Blocking;
import org.jboss.logging.Logger;

/**
 * {@code /api/tables/{id}/ws}: a seated player's live view of a table. Frames are described in
 * {@link SocketHub}. Callbacks run on worker threads (opening may read the store).
 */
@WebSocket(path = "/api/tables/{id}/ws")
public class TableSocket {
    private static final Logger LOG = Logger.getLogger(TableSocket.class);

    private final SocketHub hub;

    public TableSocket(SocketHub hub) {
        this.hub = hub;
    }

    @OnOpen
    @Blocking
    public void onOpen(WebSocketConnection connection) {
        hub.open(connection);
    }

    @OnTextMessage
    @Blocking
    public void onText(String text, WebSocketConnection connection) {
        hub.frame(connection, text);
    }

    @OnClose
    public void onClose(WebSocketConnection connection) {
        hub.closed(connection);
    }

    @OnError
    public void onError(Throwable error, WebSocketConnection connection) {
        LOG.debugf("websocket %s: %s", connection.id(), error.toString());
        hub.error(connection, error);
    }
}
