package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import online.durak.client.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Heartbeats (docs/websocket.md "Heartbeats"): table-service pings every table and lobby socket and closes one whose
 * client stopped answering. A table socket and a lobby socket go through a proxy of the test's own; while it forwards,
 * the sockets stay open over several heartbeat timeouts (the client answers every ping); once it stops forwarding,
 * with both ends of the connection left open, the server closes each connection within its stated bound.
 */
@ExtendWith(SystemUnderTest.class)
class HeartbeatTest {
    /** How long the server may take: silence, the next check, and the close frame's wait for an answer. */
    private static final Duration BOUND = SystemUnderTest.HEARTBEAT_TIMEOUT.plus(SystemUnderTest.HEARTBEAT_CHECK)
        .plus(SystemUnderTest.CLOSING_TIMEOUT);
    /** Beside the bound, for a busy test machine (a sweep or a close a little late). */
    private static final Duration MARGIN = Duration.ofSeconds(5);
    /** A cut may fall just after the last answered ping: the silence counts from that answer. */
    private static final long PING_SLACK = SystemUnderTest.PING.toNanos();

    /** Every text frame a socket received, in order. */
    static final class Frames implements WebSocket.Listener {
        final LinkedBlockingQueue<String> texts = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                texts.add(partial.toString());
                partial.setLength(0);
            }
            ws.request(1);
            return null;
        }

        String next() throws InterruptedException {
            String t = texts.poll(10, TimeUnit.SECONDS);
            assertTrue(t != null, "a frame within 10 s");
            return t;
        }
    }

    @Test
    void aCutLink_isClosedByTheServerWithinTheBound_aLiveOneStaysOpen() throws Exception {
        Api api = SystemUnderTest.api();
        List<Api.Guest> g = Players.signIn(api, "Pia", "Quin");
        String table = Players.openTable(api, g, Api.object().put("players", 3));
        URI edge = URI.create(api.base());
        InetSocketAddress target = new InetSocketAddress(edge.getHost(), edge.getPort());
        double closedBefore = closedByHeartbeat();
        try (CuttableProxy tableLink = new CuttableProxy(target); CuttableProxy lobbyLink = new CuttableProxy(target)) {
            Frames tableFrames = new Frames();
            Frames lobbyFrames = new Frames();
            WebSocket tableSocket = new Api("http://127.0.0.1:" + tableLink.port())
                .webSocket(table, g.get(0).token(), tableFrames).get(10, TimeUnit.SECONDS);
            WebSocket lobbySocket = new Api("http://127.0.0.1:" + lobbyLink.port())
                .lobbySocket("", g.get(1).token(), lobbyFrames).get(10, TimeUnit.SECONDS);
            assertTrue(tableFrames.next().startsWith("{\"type\":\"view\""), "the table socket starts with the view");
            assertTrue(lobbyFrames.next().startsWith("{\"type\":\"page\""), "the lobby socket starts with its page");

            // alive: the client answers the pings, so the sockets outlive several timeouts
            Thread.sleep(SystemUnderTest.HEARTBEAT_TIMEOUT.multipliedBy(2).toMillis());
            for (WebSocket ws : List.of(tableSocket, lobbySocket)) {
                ws.sendText("{\"type\":\"ping\"}", true).get(10, TimeUnit.SECONDS);
            }
            assertEquals("{\"type\":\"pong\"}", tableFrames.next());
            assertEquals("{\"type\":\"pong\"}", lobbyFrames.next());
            assertFalse(tableLink.upstreamClosed.isDone() || lobbyLink.upstreamClosed.isDone(),
                "the server keeps a socket that answers its pings");

            tableLink.cut();
            lobbyLink.cut();
            long cutAt = System.nanoTime();
            long within = BOUND.plus(MARGIN).toNanos();
            for (CuttableProxy link : List.of(tableLink, lobbyLink)) {
                long closedAt = link.upstreamClosed.get(Math.max(1, cutAt + within - System.nanoTime()),
                    TimeUnit.NANOSECONDS);
                System.out.printf("a cut link was closed by the server %d ms after the cut (bound %d ms)%n",
                    (closedAt - cutAt) / 1_000_000, BOUND.toMillis());
                assertTrue(closedAt - cutAt >= SystemUnderTest.HEARTBEAT_TIMEOUT.toNanos() - PING_SLACK,
                    "not closed before the timeout");
            }
        }
        assertTrue(closedByHeartbeat() - closedBefore >= 2, "both closed by the heartbeat");
    }

    private static double closedByHeartbeat() {
        Api management = new Api(SystemUnderTest.running().table().managementUrl());
        for (String line : management.getText("/q/metrics").text().split("\n")) {
            if (line.startsWith("durak_websocket_heartbeat_closed_total")) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return 0;
    }
}
