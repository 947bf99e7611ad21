package online.durak.table.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * A stand-in for the leaderboard service, on a free port given to the table service as its upstream
 * {@code leaderboard}: it answers every request with what it got ({@code {method, path, query, authorization}}),
 * {@code /api/players/nobody} with a 404 of its own. A second upstream {@code gone} points at a port where nothing
 * listens (paths {@code /api/gone*}).
 */
public class FakeLeaderboard implements QuarkusTestResourceLifecycleManager {
    private HttpServer server;

    @Override
    public Map<String, String> start() {
        int nothing;
        try (ServerSocket s = new ServerSocket(0)) {
            nothing = s.getLocalPort(); // closed again: nobody listens there
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-leaderboard");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", this::echo);
        server.start();
        return Map.of("durak.upstreams.leaderboard.url", "http://127.0.0.1:" + server.getAddress().getPort(),
                "durak.upstreams.gone.url", "http://127.0.0.1:" + nothing,
                "durak.upstreams.gone.paths", "/api/gone*",
                // matchmaking is not there either: /api/daily/list must still reach the leaderboard
                "durak.upstreams.matchmaking.url", "http://127.0.0.1:" + nothing,
                "durak.upstreams.matchmaking.timeout", "2s",
                "durak.upstreams.gone.timeout", "2s");
    }

    private void echo(HttpExchange x) throws IOException {
        x.getRequestBody().readAllBytes();
        if (x.getRequestURI().getPath().equals("/api/players/nobody")) {
            answer(x, 404, "{\"code\":\"NO_SUCH_PLAYER\",\"message\":\"id: no finished match of player nobody\"}");
            return;
        }
        String auth = x.getRequestHeaders().getFirst("Authorization");
        answer(x, 200, "{\"method\":\"" + x.getRequestMethod() + "\",\"path\":\"" + x.getRequestURI().getPath()
                + "\",\"query\":" + quoted(x.getRequestURI().getRawQuery()) + ",\"authorization\":" + quoted(auth)
                + "}");
    }

    private static String quoted(String s) {
        return s == null ? "null" : "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static void answer(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
