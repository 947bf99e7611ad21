package online.durak.table.it;

import static online.durak.testkit.FakeHttp.answer;
import static online.durak.testkit.FakeHttp.read;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
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
 * Stand-ins for the leaderboard and matchmaking services, each on a free port given to the table service as the
 * upstream of that name. Each answers every request with what it got ({@code {upstream, method, path, query,
 * authorization}}), {@code /api/players/nobody} with a 404 of its own, and a stake's hold
 * ({@code /internal/chips/holds}) as the chips would for a wallet of 1000: 409 {@code INSUFFICIENT_CHIPS} above that,
 * 403 without the service token's group. Matchmaking's {@code /api/quick-match/events} is an event stream that writes
 * one event, waits until the test {@link #release}s it, then writes a second and ends. A third upstream {@code gone}
 * points at a port where nothing listens (paths {@code /api/gone*}). Every answer names its stand-in in the header
 * {@value #UPSTREAM}, so a test sees where a path went without reading the body.
 */
public class FakeLeaderboard implements QuarkusTestResourceLifecycleManager {
    public static final String UPSTREAM = "X-Upstream";
    private HttpServer leaderboard;
    private HttpServer matchmaking;
    private HttpServer bots;
    /** Released by the test once it has read the stream's first event through the edge. */
    static final java.util.concurrent.CountDownLatch RELEASE = new java.util.concurrent.CountDownLatch(1);

    static void release() {
        RELEASE.countDown();
    }

    @Override
    public Map<String, String> start() {
        int nothing;
        try (ServerSocket s = new ServerSocket(0)) {
            nothing = s.getLocalPort(); // closed again: nobody listens there
            leaderboard = server("leaderboard");
            matchmaking = server("matchmaking");
            bots = server("bots");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        matchmaking.createContext("/api/quick-match/events", named("matchmaking", FakeLeaderboard::stream));
        leaderboard.start();
        matchmaking.start();
        bots.start();
        return Map.of("durak.upstreams.leaderboard.url", url(leaderboard), "durak.upstreams.matchmaking.url",
                url(matchmaking), "durak.upstreams.bots.url", url(bots), "durak.upstreams.gone.url", "http://127.0.0.1:" + nothing,
                "durak.upstreams.gone.paths", "/api/gone*", "durak.upstreams.gone.timeout", "2s");
    }

    /** One stand-in service whose echo names it ({@code upstream}), so a test sees which one a path reached. */
    private HttpServer server(String name) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        s.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-" + name);
            t.setDaemon(true);
            return t;
        }));
        s.createContext("/", named(name, x -> echo(name, x)));
        return s;
    }

    private static HttpHandler named(String name, HttpHandler h) {
        return x -> {
            x.getResponseHeaders().set(UPSTREAM, name);
            h.handle(x);
        };
    }

    private static String url(HttpServer s) {
        return "http://127.0.0.1:" + s.getAddress().getPort();
    }

    private static void echo(String upstream, HttpExchange x) throws IOException {
        String body = read(x);
        if (x.getRequestURI().getPath().startsWith("/internal/chips/holds")) {
            hold(x, body);
            return;
        }
        if (x.getRequestURI().getPath().equals("/api/players/nobody")) {
            answer(x, 404, "{\"code\":\"NO_SUCH_PLAYER\",\"message\":\"id: no finished match of player nobody\"}");
            return;
        }
        String auth = x.getRequestHeaders().getFirst("Authorization");
        answer(x, 200, "{\"upstream\":\"" + upstream + "\",\"method\":\"" + x.getRequestMethod() + "\",\"path\":\""
                + x.getRequestURI().getPath()
                + "\",\"query\":" + quoted(x.getRequestURI().getRawQuery()) + ",\"authorization\":" + quoted(auth)
                + "}");
    }

    private static void hold(HttpExchange x, String body) throws IOException {
        String auth = x.getRequestHeaders().getFirst("Authorization");
        String[] jwt = auth == null ? new String[0] : auth.substring(auth.indexOf(' ') + 1).split("\\.");
        String claims = jwt.length == 3 ? new String(java.util.Base64.getUrlDecoder().decode(jwt[1]),
                StandardCharsets.UTF_8) : "";
        if (!claims.contains("\"durak-service\"")) {
            answer(x, 403, "{\"code\":\"SERVICE_ONLY\",\"message\":\"Authorization: services only\"}");
            return;
        }
        var amount = java.util.regex.Pattern.compile("\"amount\":(\\d+)").matcher(body);
        if (amount.find() && Long.parseLong(amount.group(1)) > 1000) {
            answer(x, 409, "{\"code\":\"INSUFFICIENT_CHIPS\",\"message\":\"stake: the balance is 1000\"}");
            return;
        }
        answer(x, 200, "{\"taken\":true,\"balance\":900}");
    }

    private static void stream(HttpExchange x) throws IOException {
        x.getResponseHeaders().set("Content-Type", "text/event-stream");
        x.sendResponseHeaders(200, 0); // chunked
        try (OutputStream out = x.getResponseBody()) {
            out.write("event: waiting\ndata: {\"n\":1}\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            try {
                RELEASE.await(20, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            out.write("event: formed\ndata: {\"n\":2}\n\n".getBytes(StandardCharsets.UTF_8));
        }
    }

    private static String quoted(String s) {
        return s == null ? "null" : "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Override
    public void stop() {
        for (HttpServer s : new HttpServer[] {leaderboard, matchmaking, bots}) {
            if (s != null) {
                s.stop(0);
            }
        }
    }
}
