package online.durak.load;

import static online.durak.load.LoadMain.expect;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import online.durak.client.Api;

/**
 * The REST edge alone ({@code load.sh --views N}): one seat's {@code GET /api/tables/{id}/view} again and again, one
 * at a time, optionally with a pause between them, and the CPU table-service used per request. A view is read from
 * memory, so what a request costs here is the HTTP server, routing, authentication, the request scope and the JSON
 * of the view, without a move's Kafka and rules work. Six rounds of N requests; the first rounds warm up.
 */
final class ViewProbe {
    private static final int ROUNDS = 6;

    private ViewProbe() {
    }

    static void run(Api api, CpuUse cpu, int perRound, long pauseMs) throws InterruptedException {
        Api.Guest host = api.signIn("probe-a");
        Api.Guest other = api.signIn("probe-b");
        ObjectNode settings = Api.object().put("players", 3).put("dealsPerMatch", 1).putNull("turnClock");
        ObjectNode create = Api.object().set("settings", settings);
        String table = expect(api.post("/api/tables", host.token(), create), 201, "create").body()
                .get("tableId").asText();
        String path = "/api/tables/" + table;
        expect(api.post(path + "/join", other.token(), Api.object().put("seat", 1)), 200, "join");
        expect(api.post(path + "/bots", host.token(), Api.object().put("seat", 2).put("level", "EASY")), 200, "bot");
        expect(api.post(path + "/start", host.token(), Api.object()), 200, "start");
        System.out.printf("Views: %d rounds of %d GET %s/view, %d ms apart ...%n", ROUNDS, perRound, path, pauseMs);
        for (int round = 1; round <= ROUNDS; round++) {
            Map<String, Duration> cpu0 = cpu.now();
            long t0 = System.nanoTime();
            for (int i = 0; i < perRound; i++) {
                expect(api.get(path + "/view", host.token()), 200, "view");
                if (pauseMs > 0) {
                    Thread.sleep(pauseMs);
                }
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            Duration used = CpuUse.between(cpu0, cpu.now()).getOrDefault("table-service", Duration.ZERO);
            System.out.printf(Locale.ROOT, "  round %d: %d requests in %.1f s (%.0f/s), table-service CPU %.0f µs per "
                    + "request%n", round, perRound, seconds, perRound / seconds, used.toNanos() / 1e3 / perRound);
        }
    }
}
