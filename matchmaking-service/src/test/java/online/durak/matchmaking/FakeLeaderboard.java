package online.durak.matchmaking;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A stand-in for leaderboard-service's {@code GET /api/players/{id}}: {@code {"rating": r}} (a number, or OpenSkill's
 * object) for a player given one,
 * 404 for anyone else (the service then uses its default).
 */
public final class FakeLeaderboard implements AutoCloseable {
    private final Map<String, String> ratings = new ConcurrentHashMap<>(); // the field's JSON
    private final HttpServer server;

    public FakeLeaderboard() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/players/", exchange -> {
            String id = exchange.getRequestURI().getPath().substring("/api/players/".length());
            String r = ratings.get(id);
            byte[] body = (r == null ? "{\"code\":\"NO_SUCH_PLAYER\"}"
                    : "{\"playerId\":\"" + id + "\",\"rating\":" + r + "}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(r == null ? 404 : 200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.start();
    }

    public void put(String playerId, double rating) {
        ratings.put(playerId, String.valueOf(rating));
    }

    /** A rating as leaderboard-service's OpenSkill profile gives it. */
    public void putOpenSkill(String playerId, double mu, double sigma) {
        ratings.put(playerId, "{\"mu\":" + mu + ",\"sigma\":" + sigma + ",\"ordinal\":" + (mu - 3 * sigma)
                + ",\"display\":" + Math.round((mu - 3 * sigma) * 10) / 10.0 + ",\"matches\":3}");
    }

    /** The rating given as a number ({@link #put}). */
    public Double get(String playerId) {
        return Double.valueOf(ratings.get(playerId));
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
