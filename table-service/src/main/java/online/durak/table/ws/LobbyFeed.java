package online.durak.table.ws;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import online.durak.engine.table.TableStatus;
import online.durak.messages.EventMessage;
import online.durak.table.play.Answers;
import online.durak.table.play.Lobby;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableListener;
import online.durak.table.projection.TableSnapshot;
import org.eclipse.microprofile.context.ManagedExecutor;
import org.jboss.logging.Logger;

/**
 * The lobby, live, for {@link LobbySocket} ({@code /api/lobby/ws}). On opening and after every change of the open tables the connection gets
 * {@code {"type":"lobby","tables":[...]}}, the whole list as {@code GET /api/tables} answers it (the lobby is small,
 * and a whole list needs no seqs and no resync after a drop). Changes are gathered for {@link #COALESCE_MS} so a burst
 * of events (a table filling with bots) is one frame. The token is checked by {@link TokenUpgradeCheck}.
 */
@ApplicationScoped
public class LobbyFeed implements TableListener {
    private static final Logger LOG = Logger.getLogger(LobbyFeed.class);
    static final long COALESCE_MS = 150;

    private final Lobby lobby;
    private final Projections projections;
    private final ObjectMapper json; // the REST layer's mapper, so a summary reads as GET /api/tables writes it
    private final ManagedExecutor executor;
    private final Map<String, WebSocketConnection> open = new ConcurrentHashMap<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    /**
     * The tables watched (those of the last broadcast and of every connection's first frame since) and the text of
     * the last broadcast: a change to a watched table (it started, closed) is a change of the lobby, and a list equal
     * to the last broadcast is not sent again.
     */
    private volatile Set<String> listed = Set.of();
    private volatile String last;

    public LobbyFeed(Lobby lobby, Projections projections, ObjectMapper json, ManagedExecutor executor) {
        this.lobby = lobby;
        this.projections = projections;
        this.json = json;
        this.executor = executor;
    }

    void onStart(@Observes StartupEvent e) {
        projections.addListener(this);
    }

    void opened(WebSocketConnection connection) {
        open.put(connection.id(), connection);
        List<Answers.TableSummary> tables = lobby.tables();
        // what this connection now shows is watched too, and the next change is sent even if it ends up equal to the
        // last broadcast (which this connection never got)
        Set<String> watched = new java.util.HashSet<>(listed);
        tables.forEach(t -> watched.add(t.tableId()));
        listed = Set.copyOf(watched);
        last = null;
        send(connection, frame(tables));
    }

    void closed(WebSocketConnection connection) {
        open.remove(connection.id());
    }

    /** Called under the table's lock: only schedules the frame, never builds it here. */
    @Override
    public void applied(TableSnapshot after, EventMessage event) {
        if (open.isEmpty()) {
            return;
        }
        if (after.state().status() == TableStatus.OPEN || listed.contains(after.tableId())) {
            if (scheduled.compareAndSet(false, true)) {
                CompletableFuture.delayedExecutor(COALESCE_MS, TimeUnit.MILLISECONDS, executor).execute(this::broadcast);
            }
        }
    }

    private void broadcast() {
        scheduled.set(false);
        try {
            sendAll();
        } catch (RuntimeException e) {
            LOG.warnf(e, "the lobby could not be sent");
        }
    }

    private void sendAll() {
        List<Answers.TableSummary> tables = lobby.tables();
        String text = frame(tables);
        listed = tables.stream().map(Answers.TableSummary::tableId).collect(java.util.stream.Collectors.toSet());
        if (text.equals(last)) {
            return; // e.g. a table of the lobby moved in a way the list does not show
        }
        last = text;
        for (WebSocketConnection c : open.values()) {
            if (c.isOpen()) {
                send(c, text);
            }
        }
    }

    private String frame(List<Answers.TableSummary> tables) {
        try {
            return json.writeValueAsString(Map.of("type", "lobby", "tables", tables));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the lobby could not be written", e);
        }
    }

    private static void send(WebSocketConnection c, String text) {
        c.sendText(text).subscribe().with(v -> { },
                e -> LOG.debugf("lobby websocket %s: a frame was not sent: %s", c.id(), e.toString()));
    }
}
