package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import online.durak.client.Api;
import online.durak.messages.Codec;

/**
 * One player's WebSocket to a table ({@code /api/tables/{id}/ws}): keeps the frames in order, the latest view,
 * every event seq received on this connection, and the replies by command id; hands every view and event to
 * {@link Seen}.
 */
final class WsPlayer implements WebSocket.Listener {

    static final Duration WAIT = Duration.ofSeconds(30);

    final int seat;
    final String name;
    private final Seen seen;
    private final StringBuilder partial = new StringBuilder();
    private final List<Long> eventSeqs = new ArrayList<>();
    private final List<JsonNode> errors = new ArrayList<>();
    private final Map<String, JsonNode> replies = new ConcurrentHashMap<>();
    private JsonNode view;
    private long lastSeq = -1;
    private int viewFrames;
    private WebSocket socket;
    private boolean closed;
    private boolean dropped;
    private int spectators;

    /**
     * Each of {@code players} has (awaited) every seq from 1 to {@code last} exactly once and in order, counting what
     * the earlier sockets of its seat in {@code lost} received, and no error frame.
     */
    static void receivedEverySeqOnce(List<WsPlayer> players, List<WsPlayer> lost, long last) {
        for (WsPlayer p : players) {
            p.awaitSeq(last);
            List<Long> got = new ArrayList<>(p.eventSeqs());
            for (WsPlayer d : lost) {
                if (d.seat == p.seat) {
                    got.addAll(0, d.eventSeqs());
                }
            }
            assertEquals(LongStream.rangeClosed(1, last).boxed().toList(),
                    got, "seat " + p.seat + " received every seq exactly once, in order");
            assertTrue(p.errors().isEmpty(), "error frames: " + p.errors());
        }
    }

    private WsPlayer(int seat, String name, Seen seen) {
        this.seat = seat;
        this.name = name;
        this.seen = seen;
    }

    /** Opens the socket and waits for the first view frame. */
    static WsPlayer connect(Api api, String tableId, Api.Guest guest, int seat, Seen seen, String name) {
        WsPlayer p = new WsPlayer(seat, name, seen);
        p.socket = api.webSocket(tableId, guest.token(), p).orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
        p.awaitViewFrames(1);
        return p;
    }

    /**
     * {@link #connect}, tried again every 250 ms while the server cannot be reached or takes the socket but closes it
     * (an edge that died behind the load balancer), for up to {@link #WAIT}.
     */
    static WsPlayer connectRetrying(Api api, String tableId, Api.Guest guest, int seat, Seen seen, String name) {
        long end = System.nanoTime() + WAIT.toNanos();
        while (true) {
            try {
                return connect(api, tableId, guest, seat, seen, name);
            } catch (RuntimeException | AssertionError e) {
                if (System.nanoTime() > end) {
                    throw e;
                }
                TwoEdges.sleep(250);
            }
        }
    }

    /** Opens a socket that the server is expected to refuse after it opened (an error frame, then a close). */
    static WsPlayer connectRefused(Api api, String tableId, Api.Guest guest) {
        WsPlayer p = new WsPlayer(-1, "refused", new Seen());
        p.socket = api.webSocket(tableId, guest.token(), p).orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
        return p;
    }

    // ---- the listener ----

    @Override
    public void onOpen(WebSocket webSocket) {
        webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            JsonNode frame = Codec.parse(partial.toString());
            partial.setLength(0);
            handle(frame);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
    }

    private synchronized void handle(JsonNode frame) {
        String type = frame.path("type").asText();
        switch (type) {
            case "view" -> {
                viewFrames++;
                lastSeq = Math.max(lastSeq, frame.get("seq").asLong());
                if (!frame.get("view").isNull()) {
                    view = frame.get("view");
                    seen.view(seat, view, name + " view frame");
                }
            }
            case "event" -> {
                long seq = frame.get("seq").asLong();
                eventSeqs.add(seq);
                lastSeq = Math.max(lastSeq, seq);
                seen.event(seat, frame.get("event"), name + " event frame");
                JsonNode v = frame.get("view");
                if (v != null && !v.isNull()) {
                    view = v;
                    seen.view(seat, v, name + " event frame's view");
                }
            }
            case "reply" -> replies.put(frame.get("commandId").asText(), frame);
            case "spectators" -> spectators = frame.get("count").asInt();
            case "error" -> {
                errors.add(frame);
                if (frame.hasNonNull("commandId")) {
                    replies.put(frame.get("commandId").asText(), frame);
                }
            }
            default -> errors.add(frame);
        }
        notifyAll();
    }

    // ---- sending ----

    void send(ObjectNode frame) {
        sendText(Codec.write(frame));
    }

    void sendText(String text) {
        socket.sendText(text, true).orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
    }

    /** Sends a command frame and waits for its reply (or error) frame. */
    JsonNode command(ObjectNode frame) {
        send(frame);
        String id = frame.get("commandId").asText();
        return await(() -> replies.get(id), "the reply to " + frame);
    }

    void resync(long lastSeq) {
        int before;
        synchronized (this) {
            before = viewFrames;
        }
        send(Api.object().put("type", "resync").put("lastSeq", lastSeq));
        awaitViewFrames(before + 1); // the resync ends with a view
    }

    /** Drops the connection without a close handshake, as a lost network would. */
    void drop() {
        synchronized (this) {
            dropped = true;
        }
        socket.abort();
    }

    synchronized boolean isConnected() {
        return !dropped && !closed;
    }

    void close() {
        if (!socket.isOutputClosed()) {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
        }
        socket.abort();
    }

    // ---- waiting ----

    void awaitSeq(long seq) {
        await(() -> lastSeq >= seq ? Boolean.TRUE : null, name + " reaching seq " + seq);
    }

    /** Waits until the connection is closed or broken (by the server, or the server's death). */
    void awaitClosed() {
        await(() -> closed ? Boolean.TRUE : null, name + " seeing its connection end", true);
    }

    /** Waits for the {@code n}-th error frame and returns it. */
    JsonNode awaitError(int n) {
        return await(() -> errors.size() >= n ? errors.get(n - 1) : null, name + " receiving error frame " + n);
    }

    private void awaitViewFrames(int n) {
        await(() -> viewFrames >= n ? Boolean.TRUE : null, name + " receiving view frame " + n);
    }

    private <T> T await(Supplier<T> condition, String what) {
        return await(condition, what, false);
    }

    private synchronized <T> T await(Supplier<T> condition, String what, boolean whileClosed) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            T t = condition.get();
            if (t != null) {
                return t;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || closed && !whileClosed) {
                throw new AssertionError((closed ? "the socket closed while waiting for " : "timed out waiting for ")
                    + what + "; errors: " + errors);
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    /** The number of spectators the last {@code spectators} frame said. */
    synchronized int spectators() {
        return spectators;
    }

    synchronized JsonNode view() {
        return view;
    }

    synchronized long lastSeq() {
        return lastSeq;
    }

    synchronized List<Long> eventSeqs() {
        return List.copyOf(eventSeqs);
    }

    synchronized List<JsonNode> errors() {
        return List.copyOf(errors);
    }
}
