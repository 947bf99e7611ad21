package online.durak.matchmaking;

import static online.durak.testkit.FakeHttp.answer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for leaderboard-service's holds ({@code /internal/chips/holds}, {@code /move}, {@code /release}) as
 * docs/chips.md states them: every balance 1000, a hold keyed by (table, player). It refuses a call without a service
 * token of group {@code durak-service} (401). The real wallet is tested in leaderboard-service and system-tests.
 */
public class FakeWallet implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final Map<String, Long> BALANCE = new ConcurrentHashMap<>();
    /** {@code tableId|playerId} → amount. */
    static final Map<String, Long> HOLDS = new ConcurrentHashMap<>();
    /** Every call: {@code path tableId|playerId[ → toTableId]}. */
    static final List<String> CALLS = new CopyOnWriteArrayList<>();
    private HttpServer server;

    static long balance(String playerId) {
        return BALANCE.getOrDefault(playerId, 1000L);
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/internal/chips/holds", this::handle);
        server.createContext("/fake/holds", this::state); // the tests' look at it (they run in another class loader)
        server.start();
        return Map.of("durak.matchmaking.chips.url", "http://127.0.0.1:" + server.getAddress().getPort());
    }

    private synchronized void handle(HttpExchange x) throws IOException {
        String auth = x.getRequestHeaders().getFirst("Authorization");
        if (auth == null || !serviceToken(auth.substring("Bearer ".length()))) {
            answer(x, 401, "{\"code\":\"UNAUTHORIZED\"}");
            return;
        }
        JsonNode b = JSON.readTree(x.getRequestBody());
        String path = x.getRequestURI().getPath();
        String player = b.path("playerId").asText();
        if (path.endsWith("/move")) {
            String from = b.path("fromTableId").asText() + "|" + player, to = b.path("toTableId").asText() + "|" + player;
            CALLS.add("move " + from + " → " + b.path("toTableId").asText());
            Long amount = HOLDS.remove(from);
            if (amount == null && !HOLDS.containsKey(to)) {
                answer(x, 409, "{\"code\":\"NO_HOLD\",\"message\":\"fromTableId: no hold\"}");
                return;
            }
            if (amount != null) {
                HOLDS.put(to, amount);
            }
            answer(x, 200, "{\"moved\":true}");
        } else if (path.endsWith("/release")) {
            String key = b.path("tableId").asText() + "|" + player;
            CALLS.add("release " + key);
            Long amount = HOLDS.remove(key);
            if (amount != null) {
                BALANCE.put(player, balance(player) + amount);
            }
            answer(x, 200, "{\"released\":" + (amount != null) + "}");
        } else {
            String key = b.path("tableId").asText() + "|" + player;
            long amount = b.path("amount").asLong();
            CALLS.add("hold " + key);
            if (balance(player) < amount) {
                answer(x, 409, "{\"code\":\"INSUFFICIENT_CHIPS\",\"message\":\"stake: " + amount
                        + " chips are needed, the balance is " + balance(player) + "\"}");
                return;
            }
            BALANCE.put(player, balance(player) - amount);
            HOLDS.put(key, amount);
            answer(x, 200, "{\"taken\":true}");
        }
    }

    /** GET: {"holds": {"table|player": amount}, "balances": {...}}; DELETE ?key=table|player: a hold swept. */
    private synchronized void state(HttpExchange x) throws IOException {
        if ("DELETE".equals(x.getRequestMethod())) {
            HOLDS.remove(java.net.URLDecoder.decode(x.getRequestURI().getQuery().substring("key=".length()),
                    StandardCharsets.UTF_8));
        }
        answer(x, 200, JSON.writeValueAsString(Map.of("holds", HOLDS, "balances", BALANCE)));
    }

    private static boolean serviceToken(String jwt) {
        try {
            JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]));
            return "matchmaking-service".equals(claims.path("sub").asText())
                    && claims.path("groups").toString().contains("\"durak-service\"");
        } catch (Exception e) {
            return false;
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
