package online.durak.table.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import online.durak.messages.Codec;

/** A WebSocket client that keeps every text frame it receives, in order. */
public final class WsClient implements AutoCloseable {
    private final LinkedBlockingQueue<JsonNode> frames = new LinkedBlockingQueue<>();
    private final WebSocket socket;
    volatile Integer closeCode;

    private WsClient(URI uri, String authorization) {
        WebSocket.Listener listener = new WebSocket.Listener() {
            private final StringBuilder partial = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    frames.add(Codec.parse(partial.toString()));
                    partial.setLength(0);
                }
                ws.request(1);
                return null;
            }

            @Override
            public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
                closeCode = statusCode;
                return null;
            }
        };
        WebSocket.Builder b = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        socket = b.buildAsync(uri, listener).join();
    }

    public static WsClient connect(URI uri) {
        return new WsClient(uri, null);
    }

    public static WsClient connect(URI uri, String authorization) {
        return new WsClient(uri, authorization);
    }

    public void send(String text) {
        socket.sendText(text, true).join();
    }

    /** The next frame, waiting up to 10 s. */
    public JsonNode next() {
        try {
            JsonNode f = frames.poll(10, TimeUnit.SECONDS);
            if (f == null) {
                throw new AssertionError("no frame within 10 s");
            }
            return f;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** The next frame, or null when none comes within {@code ms}. */
    public JsonNode poll(long ms) throws InterruptedException {
        return frames.poll(ms, TimeUnit.MILLISECONDS);
    }

    /** Frames up to and including the first of {@code type}. */
    public List<JsonNode> until(String type) {
        List<JsonNode> got = new ArrayList<>();
        while (true) {
            JsonNode f = next();
            got.add(f);
            if (type.equals(f.path("type").textValue())) {
                return got;
            }
        }
    }

    public Integer closeCode() {
        return closeCode;
    }

    /** The close code the server sent, waiting up to 10 s for it. */
    public int awaitClose() {
        long deadline = System.currentTimeMillis() + 10_000;
        while (closeCode == null && System.currentTimeMillis() < deadline) {
            Kafka.sleep(20);
        }
        if (closeCode == null) {
            throw new AssertionError("not closed within 10 s");
        }
        return closeCode;
    }

    @Override
    public void close() {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            socket.abort();
        }
    }
}
