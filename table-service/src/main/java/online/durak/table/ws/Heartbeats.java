package online.durak.table.ws;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.OpenConnections;
import io.quarkus.websockets.next.UserData;
import io.quarkus.websockets.next.WebSocketConnection;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Closes a WebSocket whose client no longer answers (docs/websocket.md "Heartbeats"). The server pings every table and
 * lobby socket ({@code quarkus.websockets-next.server.auto-ping-interval}); a live client answers each ping with a pong
 * (browsers do it by themselves), which the endpoints report here ({@link #heard}). Every
 * {@code durak.websocket.heartbeat-check} a sweep closes, with {@value #CLOSE_CODE}, each connection that has not
 * answered for {@code durak.websocket.heartbeat-timeout}: a phone that lost its network, a link cut with the sockets
 * left open. Its TCP connection ends {@code durak.websocket.closing-timeout} after the close frame when that is not
 * answered either (Vert.x's closing timeout, set here), and the endpoint's close handler frees what it held.
 */
@ApplicationScoped
public class Heartbeats implements HttpServerOptionsCustomizer {
    private static final Logger LOG = Logger.getLogger(Heartbeats.class);
    /** The close code of a connection that stopped answering the pings. */
    static final int CLOSE_CODE = 4408;
    private static final UserData.TypedKey<Long> LAST_HEARD = new UserData.TypedKey<>("durak.heartbeat.last-heard");

    private final OpenConnections connections;
    private final Vertx vertx;
    private final long timeoutNanos;
    private final Duration check;
    private final Duration closing;
    private final Counter closed;
    private long timer = -1;

    public Heartbeats(OpenConnections connections, Vertx vertx, MeterRegistry registry,
                      @ConfigProperty(name = "durak.websocket.heartbeat-timeout") Duration timeout,
                      @ConfigProperty(name = "durak.websocket.heartbeat-check") Duration check,
                      @ConfigProperty(name = "durak.websocket.closing-timeout") Duration closing) {
        this.connections = connections;
        this.vertx = vertx;
        this.timeoutNanos = timeout.toNanos();
        this.check = check;
        this.closing = closing;
        this.closed = Counter.builder("durak.websocket.heartbeat.closed")
                .description("WebSockets closed because their client stopped answering pings").register(registry);
    }

    @Override
    public void customizeHttpServer(HttpServerOptions options) {
        options.setWebSocketClosingTimeout((int) Math.max(1, closing.toSeconds()));
    }

    void onStart(@Observes StartupEvent e) {
        timer = vertx.setPeriodic(check.toMillis(), id -> sweep());
    }

    void onStop(@Observes ShutdownEvent e) {
        vertx.cancelTimer(timer);
    }

    /** The client answered (a pong): it is alive now. */
    static void heard(WebSocketConnection c) {
        c.userData().put(LAST_HEARD, System.nanoTime());
    }

    private void sweep() {
        long now = System.nanoTime();
        for (WebSocketConnection c : connections) {
            Long last = c.userData().get(LAST_HEARD);
            if (last == null) {
                c.userData().put(LAST_HEARD, now); // opened since the last sweep: its time starts now
            } else if (now - last > timeoutNanos && c.isOpen()) {
                closed.increment();
                LOG.debugf("websocket %s: no answer to pings for %d s; closing it", c.id(), (now - last) / 1_000_000_000L);
                c.close(new CloseReason(CLOSE_CODE, "no answer to pings")).subscribe().with(v -> { }, x -> { });
            }
        }
    }
}
