package online.durak.table.play;

import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * A clean, quick stop: the HTTP requests in flight are answered, the WebSockets closed with 1001 (going away), and
 * nothing waits for what will never end.
 *
 * <p>Why not {@code quarkus.shutdown.timeout}: Quarkus's graceful shutdown (its {@code GracefulShutdownFilter},
 * 3.33) counts every request through the HTTP server and decrements the count when the response ends or the
 * connection closes; a WebSocket upgrade request's response never does either (the connection becomes the
 * WebSocket's), so once an instance has served a single WebSocket, every stop waited the whole timeout and logged
 * {@code ERROR Timed out waiting for graceful shutdown} (seen as 13.8 s with the timeout at 12 s). So the timeout is
 * not set and this class drains instead, counting only plain requests: a route of its own, first on the router,
 * counts each request that is not an upgrade until its end handler runs (on the response's end or the connection's
 * close).
 *
 * <p>The stop (on {@link ShutdownDelayInitiatedEvent}: SIGTERM, with readiness already DOWN): from then on new
 * WebSocket upgrades are refused (503), commands are refused at once with 503 {@code SERVICE_STOPPING} (a command
 * accepted now could outlive the server and be decided unanswered; refused, the client retries it elsewhere or
 * later, safely, with its commandId), answers carry {@code Connection: close}; every WebSocket is closed with 1001
 * (by the {@link StopListener}s: the sockets hear of the stop, this class knows none of them);
 * then it waits until no request is in flight, at most {@code durak.shutdown.drain-timeout} (a command's longest
 * wait: {@code durak.rules.timeout} + {@code durak.projection.timeout}). Then Quarkus keeps serving reads for
 * {@code quarkus.shutdown.delay} (so that a load balancer sees readiness DOWN) and stops; the Kafka clients close
 * last ({@code MessagingLifecycle}). This needs {@code quarkus.shutdown.delay-enabled=true}.
 */
@ApplicationScoped
public class Draining {
    private static final Logger LOG = Logger.getLogger(Draining.class);

    private final AtomicInteger inFlight = new AtomicInteger();
    private final Instance<StopListener> listeners;
    private final Duration timeout;
    private volatile boolean stopping;

    /** Told once, when the stop begins: closes what it holds open (WebSockets, with 1001) and says how many. */
    public interface StopListener {
        int stopping();
    }

    public Draining(@Any Instance<StopListener> listeners,
                    @ConfigProperty(name = "durak.shutdown.drain-timeout", defaultValue = "11s") Duration timeout) {
        this.listeners = listeners;
        this.timeout = timeout;
    }

    /** The stop has begun: no new WebSocket, no new command. */
    public boolean stopping() {
        return stopping;
    }

    /** Plain HTTP requests being handled now. */
    public int inFlight() {
        return inFlight.get();
    }

    void routes(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::track);
    }

    private void track(RoutingContext rc) {
        HttpServerRequest request = rc.request();
        if (isUpgrade(request)) {
            rc.next(); // a WebSocket lives on: it is closed with 1001 when the stop begins, not waited for
            return;
        }
        inFlight.incrementAndGet();
        rc.addEndHandler(ar -> ended());
        if (stopping) {
            rc.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
        }
        rc.next();
    }

    static boolean isUpgrade(HttpServerRequest request) {
        String upgrade = request.getHeader(HttpHeaders.UPGRADE);
        return upgrade != null && upgrade.equalsIgnoreCase("websocket");
    }

    private void ended() {
        if (inFlight.decrementAndGet() <= 0 && stopping) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    void onStop(@Observes @Priority(1) ShutdownDelayInitiatedEvent e) {
        stopping = true;
        long t0 = System.nanoTime();
        int closed = 0;
        for (StopListener l : listeners) {
            closed += l.stopping();
        }
        int waiting = inFlight.get();
        LOG.infof("stopping: %d WebSocket(s) closed (1001), %d request(s) in flight", closed, waiting);
        if (!awaitIdle(t0 + timeout.toNanos())) {
            LOG.warnf("stopping: %d request(s) still in flight after %s; stopping anyway", inFlight.get(), timeout);
        } else if (waiting > 0) {
            LOG.infof("stopping: every request answered in %d ms", (System.nanoTime() - t0) / 1_000_000);
        }
    }

    /** Waits until no request is in flight or the deadline (System.nanoTime) has passed; true when none is. */
    boolean awaitIdle(long deadline) {
        synchronized (this) {
            while (inFlight.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    wait(Math.max(1, Math.min(100, left / 1_000_000))); // short slices: a notify can be missed
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }

    /** A command while stopping: 503 SERVICE_STOPPING at once. */
    public void requireRunning() {
        if (stopping) {
            throw new ApiException(503, ErrorCodes.SERVICE_STOPPING,
                    "this instance is stopping: the command was not sent; send it again (with the same commandId) "
                            + "in a moment");
        }
    }
}
