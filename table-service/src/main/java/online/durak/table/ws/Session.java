package online.durak.table.ws;

import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.WebSocketConnection;
import online.durak.table.auth.Player;
import online.durak.table.limits.RateLimits;
import org.jboss.logging.Logger;

/**
 * One open connection to a table: its player and table, whether it watches without a seat, who it is to the rate
 * limits, and the last seq it was sent; and how frames go out.
 */
final class Session {
    private static final Logger LOG = Logger.getLogger(Session.class);

    final WebSocketConnection connection;
    final String tableId;
    final Player player;
    final RateLimits.Caller caller;
    final boolean spectator;
    long lastSent = -1; // guarded by the table's lock
    /** Frames refused by a rate limit since the last one let through (one frame at a time: FrameDispatch). */
    int refusedInARow;

    Session(WebSocketConnection connection, String tableId, Player player, boolean spectator, RateLimits.Caller caller) {
        this.connection = connection;
        this.tableId = tableId;
        this.player = player;
        this.spectator = spectator;
        this.caller = caller;
    }

    void send(ServerFrame frame) {
        send(connection, frame);
    }

    static void send(WebSocketConnection c, ServerFrame frame) {
        c.sendText(Frames.write(frame)).subscribe().with(v -> { },
                e -> LOG.debugf("websocket %s: a frame was not sent: %s", c.id(), e.toString()));
    }

    /** An error frame, then the connection closed with {@code closeCode}. */
    static void refuse(WebSocketConnection c, int closeCode, String code, String message) {
        c.sendText(Frames.write(new ServerFrame.Error(code, message, null)))
                .chain(() -> c.close(new CloseReason(closeCode, code)))
                .subscribe().with(v -> { }, x -> { });
    }
}
