package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.engine.table.TableStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The rules service killed with SIGKILL while a move is on its way, twice in one match: it was not shut down, so
 * it committed no last offsets and may have stored a move without publishing it. After it is back every move is
 * applied exactly once, every seq is stored once, and the match plays to its end. Then the table service is killed
 * the same way, and the finished table is still there after its restart.
 */
@ExtendWith(SystemUnderTest.class)
class CrashTest {

    @Test
    void aRulesServiceKilledMidMove_losesNothingAndAppliesNothingTwice() throws Exception {
        Api api = SystemUnderTest.api();
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<Api.Guest> g = Players.signIn(api, "Kim", "Lev");
        ObjectNode settings = Api.object().put("players", 2).put("dealsPerMatch", 1).putNull("turnClock");
        String table = Players.openTable(api, g, settings);
        String path = "/api/tables/" + table;
        assertEquals(200, api.post(path + "/start", g.get(0).token(), Api.object()).status());

        List<String> commandIds = new ArrayList<>();
        int crashes = 0;
        for (int step = 0; step < 2000; step++) {
            JsonNode view = api.get(path + "/view", g.get(0).token()).body();
            if (Moves.finished(view) || Moves.onBoard(view)) {
                break;
            }
            int seat = Moves.toAct(view);
            if (seat < 0) { // between the events of one command
                continue;
            }
            JsonNode mine = seat == 0 ? view : api.get(path + "/view", g.get(seat).token()).body();
            String commandId = UUID.randomUUID().toString();
            ObjectNode body = Players.moveBody(commandId, Moves.random(mine, random));
            String token = g.get(seat).token();
            commandIds.add(g.get(seat).playerId() + ":" + commandId);
            if (step == 4 || step == 12) {
                // the move leaves, and the rules service dies a moment later: before, while or after it handles it
                CompletableFuture<Api.Response> inFlight =
                    CompletableFuture.supplyAsync(() -> api.post(path + "/moves", token, body));
                Thread.sleep(random.nextInt(15));
                SystemUnderTest.crash("rules-service");
                crashes++;
                inFlight.join(); // 200, or 504 when its answer died with the service: sent again below
            }
            Api.Response r = sendUntilAnswered(api, path, token, body);
            assertEquals(200, r.status(), "move " + body + " (seed " + seed + "): " + r);
            assertEquals(commandId, r.body().get("commandId").asText());
        }
        assertEquals(2, crashes, "the deal ended before both crashes (seed " + seed + ")");

        Truth truth = Truth.load(table);
        assertEquals(Truth.lastSeq(table), truth.lastSeq());
        for (String wireId : commandIds) {
            assertEquals(1, Truth.commandRows(wireId), "one outcome stored for " + wireId);
            assertTrue(Truth.eventsOfCommand(table, wireId) >= 1, "the move " + wireId + " was applied");
        }
        JsonNode events = api.get(path + "/events?since=0", g.get(0).token()).body().get("events");
        assertEquals(truth.lastSeq(), events.size());
        for (int i = 0; i < events.size(); i++) {
            assertEquals(i + 1, events.get(i).get("seq").asLong(), "every seq once, in order");
        }
        JsonNode view = api.get(path + "/view", g.get(1).token()).body();
        assertEquals(truth.lastSeq(), view.get("seq").asLong(), "the view caught up with the store");
        assertEquals(TableStatus.FINISHED, truth.last().status(), "a match of one deal is over after it");
        Replays.assertEveryDealReplays(api, table, g.get(0).token(), truth);

        // the table service killed too: a finished table is not rebuilt at its start, but read when asked for
        SystemUnderTest.crash("table-service");
        Api.Response after = api.get(path + "/view", g.get(0).token());
        assertEquals(200, after.status(), after.toString());
        assertEquals(truth.lastSeq(), after.body().get("seq").asLong());
        JsonNode board = api.get(path + "/board", g.get(1).token()).body();
        assertTrue(board.path("match").path("over").asBoolean(), board.toString());
        System.err.printf("[system-tests] crash test %s: %d moves, %d events, %d crashes (seed %d)%n", table,
            commandIds.size(), truth.lastSeq(), crashes, seed);
    }

    /**
     * Sends a move until the system answers (a 504 while the rules service's partitions move, a 503
     * RULES_UNAVAILABLE while the table service's circuit breaker is open), same commandId.
     */
    private static Api.Response sendUntilAnswered(Api api, String path, String token, ObjectNode body)
            throws InterruptedException {
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (true) {
            Api.Response r = api.post(path + "/moves", token, body);
            boolean unanswered = r.status() == 504 || "RULES_UNAVAILABLE".equals(r.code());
            if (!unanswered || System.nanoTime() > deadline) {
                return r;
            }
            Thread.sleep(200);
        }
    }
}
