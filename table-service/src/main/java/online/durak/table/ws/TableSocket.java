package online.durak.table.ws;

import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnError;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.OnPongMessage;
import io.quarkus.websockets.next.OnTextMessage;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.buffer.Buffer;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.auth.Player;
import online.durak.table.limits.RateLimits;
import online.durak.table.play.Spectators;
import online.durak.table.play.Tables;
import online.durak.table.projection.TableSnapshot;
import org.jboss.logging.Logger;

/**
 * {@code /api/tables/{id}/ws}: a seated player's live view of a table, or a spectator's (docs/websocket.md: frames,
 * resync, close codes, limits). Opening checks the table and the seat: a table that does not exist is closed with 4404,
 * a player without a seat at a table that may not be watched ({@link Spectators#mayWatch}) with 4403, each after an
 * error frame; another player's daily table before its day is over is closed with 4403 too ({@code DAILY_HIDDEN}).
 * Then the connection is a {@link Session} that gets the view at once ({@link ViewPush}), a spectator's counted and
 * said to the others. Frames go to {@link FrameDispatch}. Callbacks run on worker threads (opening may read the store).
 */
@WebSocket(path = "/api/tables/{id}/ws")
public class TableSocket {
    private static final Logger LOG = Logger.getLogger(TableSocket.class);

    private final Tables tables;
    private final Sessions sessions;
    private final ViewPush views;
    private final Pauses pauses;
    private final FrameDispatch frames;

    public TableSocket(Tables tables, Sessions sessions, ViewPush views, Pauses pauses, FrameDispatch frames) {
        this.tables = tables;
        this.sessions = sessions;
        this.views = views;
        this.pauses = pauses;
        this.frames = frames;
    }

    @OnOpen
    @Blocking
    public void onOpen(WebSocketConnection c) {
        String playerId = c.userData().get(TokenUpgradeCheck.PLAYER_ID);
        if (playerId == null) {
            Session.refuse(c, 4401, ErrorCodes.UNAUTHORIZED, "a token is required");
            return;
        }
        Player player = new Player(playerId, c.userData().get(TokenUpgradeCheck.PLAYER_NAME),
                Boolean.TRUE.equals(c.userData().get(TokenUpgradeCheck.PLAYER_ACCOUNT)));
        String tableId = c.pathParam("id");
        boolean spectator;
        try {
            Optional<TableSnapshot> found = tables.find(tableId);
            if (found.isEmpty()) {
                Session.refuse(c, 4404, ErrorCodes.NO_SUCH_TABLE, "there is no table " + tableId);
                return;
            }
            if (Tables.hiddenFrom(found.get().state(), playerId, LocalDate.now(ZoneOffset.UTC))) {
                ApiException hidden = ApiException.dailyHidden();
                Session.refuse(c, 4403, hidden.code(), hidden.getMessage());
                return;
            }
            spectator = tables.seatOf(found.get(), playerId) < 0;
            if (spectator && !Spectators.mayWatch(found.get())) {
                Session.refuse(c, 4403, ErrorCodes.NOT_SEATED, "you have no seat at this table, and it may not be "
                        + "watched now");
                return;
            }
        } catch (RuntimeException e) {
            LOG.warnf("websocket %s: table %s cannot be read: %s", c.id(), tableId, e.getMessage());
            Session.refuse(c, 1011, ErrorCodes.STORE_UNAVAILABLE, "the table cannot be read now; try again");
            return;
        }
        Session session = new Session(c, tableId, player, spectator, new RateLimits.Caller(
                c.userData().get(TokenUpgradeCheck.TOKEN_KEY), c.userData().get(TokenUpgradeCheck.ADDRESS), c.id()));
        sessions.add(session, s -> {
            if (spectator) {
                views.spectator(session, 1);
            }
            views.view(session, s);
        });
        pauses.opened(c);
        LOG.debugf("websocket %s: player %s on table %s%s", c.id(), playerId, tableId, spectator ? " (watching)" : "");
    }

    @OnTextMessage
    @Blocking
    public void onText(String text, WebSocketConnection c) {
        Session session = sessions.of(c.id());
        if (session != null) {
            frames.frame(session, text);
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
        sessions.remove(c.id(), s -> {
            if (s.spectator) {
                views.spectator(s, -1);
            }
        });
    }

    @OnError
    public void onError(Throwable error, WebSocketConnection c) {
        LOG.debugf("websocket %s: %s", c.id(), error.toString());
        frames.error(c, error);
    }
}
