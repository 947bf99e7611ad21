package online.durak.table.ws;

import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.common.annotation.Blocking;

/** {@code /api/lobby/ws}: the open tables, live ({@link LobbyFeed}); the token is checked by {@link TokenUpgradeCheck}. */
@WebSocket(path = "/api/lobby/ws")
public class LobbySocket {
    private final LobbyFeed feed;

    public LobbySocket(LobbyFeed feed) {
        this.feed = feed;
    }

    @OnOpen
    @Blocking
    public void onOpen(WebSocketConnection connection) {
        feed.opened(connection);
    }

    @OnClose
    public void onClose(WebSocketConnection connection) {
        feed.closed(connection);
    }
}
