package online.durak.matchmaking;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A stand-in for leaderboard-service's {@code GET /api/players/{id}}: {@code {"rating": r}} (a number, or OpenSkill's
 * object) for a player given one, 404 for anyone else (the service then uses its default); and for its daily list
 * {@code GET /api/daily/list?date=&player=}: {@code {"player": entry}} for an entry given, else {@code {"player":
 * null}}. A player given a {@link #delay} is answered that late, one given a negative delay not at all (the
 * connection is closed).
 */
public final class FakeLeaderboard implements AutoCloseable {
    private final Map<String, String> ratings = new ConcurrentHashMap<>(); // the field's JSON
    private final Map<String, String> daily = new ConcurrentHashMap<>(); // "date|player" → the entry's JSON
    private final Map<String, Long> delays = new ConcurrentHashMap<>();
    private final HttpServer server;

    public FakeLeaderboard() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/players/", exchange -> {
            String id = exchange.getRequestURI().getPath().substring("/api/players/".length());
            String r = ratings.get(id);
            answer(exchange, id, r == null ? 404 : 200, r == null ? "{\"code\":\"NO_SUCH_PLAYER\"}"
                    : "{\"playerId\":\"" + id + "\",\"rating\":" + r + "}");
        });
        server.createContext("/api/daily/list", exchange -> {
            Map<String, String> q = new java.util.HashMap<>();
            for (String kv : exchange.getRequestURI().getQuery().split("&")) {
                q.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
            }
            String entry = daily.get(q.get("date") + "|" + q.get("player"));
            answer(exchange, q.get("player"), 200, "{\"date\":\"" + q.get("date") + "\",\"entries\":[],\"player\":"
                    + (entry == null ? "null" : entry) + "}");
        });
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.start();
    }

    private void answer(HttpExchange exchange, String player, int status, String json) throws IOException {
        Long delay = delays.get(player);
        if (delay != null && delay < 0) {
            throw new IOException("dropped"); // the JDK server closes the connection without an answer
        }
        if (delay != null) {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** Answers about this player only after {@code millis}; never when negative. */
    public void delay(String playerId, long millis) {
        delays.put(playerId, millis);
    }

    /** The daily list's entry of a player on a day (its JSON). */
    public void putDaily(String date, String playerId, String entry) {
        daily.put(date + "|" + playerId, entry);
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
