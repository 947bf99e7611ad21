package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import online.durak.client.Api;
import online.durak.deploy.ServiceProcess;
import online.durak.engine.table.TableStatus;
import online.durak.load.FaultLoad;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The fault harness on a small load (docs/faults.md): tables played through the API while, one after
 * another, rules-, table- and bot-service are killed with SIGKILL (and started again), the Kafka broker and
 * PostgreSQL are restarted, and one of two rules-service instances is killed. Players send every command again with
 * the same commandId until it is answered. Afterwards: every accepted command has exactly one stored outcome, every
 * stored seq is published and served once, every table's view equals the fold of its stored events and every deal
 * replays, every match begun has finished, and no view showed a card its seat may not know. The times until moves
 * flowed again are printed, not asserted ({@code system-tests/faults.sh} measures them on longer runs).
 */
@ExtendWith(SystemUnderTest.class)
class FaultTest {

    static final int TABLES = 4;
    static final Duration RECOVERY_WINDOW = Duration.ofSeconds(3);

    @Test
    void faultsUnderLoad_loseNothing_doubleNothing_andEveryMatchFinishes() throws Exception {
        Api api = SystemUnderTest.api();
        long seed = System.nanoTime();
        Map<String, Seen> seen = new ConcurrentHashMap<>();
        FaultLoad load = new FaultLoad(api, TABLES, seed, Duration.ofSeconds(150),
            (table, seat, view, where) -> seen.computeIfAbsent(table, t -> new Seen()).view(seat, view, where))
            .start();
        assertTrue(load.awaitMoves(20, Duration.ofSeconds(120)), "the load plays: " + load.failures());

        List<FaultLoad.Recovery> recoveries = new ArrayList<>();
        recoveries.add(fault(load, "kill -9 rules-service", () -> SystemUnderTest.crash("rules-service")));
        recoveries.add(fault(load, "kill -9 table-service", () -> SystemUnderTest.crash("table-service")));
        recoveries.add(fault(load, "kill -9 bot-service", () -> SystemUnderTest.crash("bot-service")));
        recoveries.add(fault(load, "restart Kafka", () -> {
            long stopping = System.nanoTime();
            TestInfra.shared().restartKafka();
            return stopping;
        }));
        recoveries.add(fault(load, "restart PostgreSQL", () -> {
            long stopping = System.nanoTime();
            TestInfra.shared().restartPostgres();
            return stopping;
        }));
        ServiceProcess second = SystemUnderTest.startExtra("rules-service");
        assertTrue(load.awaitMoves(10, Duration.ofSeconds(120)), "moves flow with two rules services: "
            + load.failures());
        recoveries.add(fault(load, "kill -9 one of 2 rules", () -> {
            SystemUnderTest.kill(second);
            return System.nanoTime();
        }));

        assertTrue(load.finish(Duration.ofMinutes(4)), "every match begun finished: " + load.failures());
        assertEquals(List.of(), load.failures(), "no command went unanswered (seed " + seed + ")");
        System.err.printf("[system-tests] fault harness (seed %d): %d tables, %d matches, %d moves, %d accepted "
            + "commands%n", seed, load.tableIds().size(), load.matchesFinished(), load.moves().size(),
            load.acceptedCommands().size());
        recoveries.forEach(r -> System.err.println("[system-tests]   " + r));

        for (String wireId : load.acceptedCommands()) {
            assertEquals(1, Truth.commandRows(wireId), "exactly one stored outcome for " + wireId);
        }
        for (String table : load.tableIds()) {
            checkTable(api, table, load.hostToken(table), seen.get(table));
        }
        assertTrue(load.tableIds().size() > TABLES, "matches were begun during the faults too");
    }

    /** {@code fault} does it and says when it struck: a process had died, or a restart began. */
    private static FaultLoad.Recovery fault(FaultLoad load, String name, java.util.function.LongSupplier fault)
            throws InterruptedException {
        long at = fault.getAsLong();
        FaultLoad.Recovery r = load.recovery(name, at, RECOVERY_WINDOW, Duration.ofSeconds(150));
        assertNotNull(r, "moves flowed again after " + name + ": " + load.failures());
        System.err.println("[system-tests] " + r);
        return r;
    }

    /** One table after the faults: its log, what was published and served of it, its views and its replay. */
    private static void checkTable(Api api, String table, String token, Seen seen) throws InterruptedException {
        String path = "/api/tables/" + table;
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (Truth.count("select coalesce(sum(last_seq - first_seq + 1), 0) from outbox where table_id = ?", table) > 0) {
            assertTrue(System.nanoTime() < end, table + ": every stored event is published");
            Thread.sleep(200);
        }
        Truth truth = Truth.load(table);
        assertEquals(TableStatus.FINISHED, truth.last().status(), table + ": the match finished");
        JsonNode events = api.get(path + "/events?since=0", token).body().get("events");
        assertEquals(truth.lastSeq(), events.size(), table + ": every seq served once");
        for (int i = 0; i < events.size(); i++) {
            assertEquals(i + 1, events.get(i).get("seq").asLong(), table + ": seqs in order, each once");
        }
        Api.Response summary = api.get(path, token);
        assertEquals(200, summary.status(), summary.toString());
        assertEquals(truth.lastSeq(), summary.body().get("seq").asLong(), table + ": the table service caught up");
        assertEquals("FINISHED", summary.body().get("status").asText());
        Api.Response view = api.get(path + "/view", token);
        assertEquals(200, view.status(), view.toString());
        Seen.checkView(truth, new Seen.SeenView(0, view.body(), table + " final view")); // the fold of the log
        assertEquals(truth.lastSeq(), view.body().get("seq").asLong());
        Replays.assertEveryDealReplays(api, table, token, truth);
        if (seen != null) {
            seen.verify(truth); // every view the players got is the engine's view of their seat, no hidden card
        }
    }
}
