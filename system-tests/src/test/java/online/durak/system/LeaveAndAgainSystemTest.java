package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.engine.BotLevel;
import online.durak.engine.Event;
import online.durak.engine.LeaderboardPoints;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Leaving a running match (rules.md §7) and "Again" (§6) against the running rules, bot and table services: the
 * bot service takes over the left seat on its own over Kafka and plays it to the match's end.
 */
@ExtendWith(SystemUnderTest.class)
class LeaveAndAgainSystemTest {
    private static final long MATCH_DEADLINE_MS = 300_000;

    @Test
    void twoPeopleAndABot_oneLeavesMidMatch_aBotPlaysTheSeatToTheEnd_andTheLeaverGetsMinus10() {
        Api api = SystemUnderTest.api();
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<Api.Guest> g = Players.signIn(api, "Mia", "Nils");
        String table = Players.openTable(api, g, Api.object().put("players", 3).put("dealsPerMatch", 3)
                .putNull("turnClock"));
        String path = "/api/tables/" + table;
        Api.Response bot = api.post(path + "/bots", g.get(0).token(), Api.object().put("seat", 2).put("level", "EASY"));
        assertEquals(200, bot.status(), bot.toString());
        assertEquals(200, api.post(path + "/start", g.get(0).token(), Api.object()).status());

        Api.Response left = api.post(path + "/leave", g.get(1).token(), Api.object());
        assertEquals(200, left.status(), left.toString());
        assertEquals("EASY", left.body().at("/seats/1/bot").asText(), "a bot of the table's level took the seat");
        Api.Response again = api.post(path + "/leave", g.get(1).token(), Api.object());
        assertEquals(403, again.status(), again.toString());
        assertEquals("NOT_SEATED", again.code());

        long deadline = System.currentTimeMillis() + MATCH_DEADLINE_MS;
        JsonNode view;
        while (true) {
            view = api.get(path + "/view", g.get(0).token()).body();
            if (Moves.finished(view)) {
                break;
            }
            assertTrue(System.currentTimeMillis() < deadline, "the match did not end in time; the last view: " + view);
            if (Moves.onBoard(view)) {
                if (!Moves.continued(view)) {
                    api.post(path + "/continue", g.get(0).token(), Api.object());
                }
                continue;
            }
            if (Moves.toAct(view) != 0) {
                sleep(30); // the bots' turns, the left seat's too: the bot service plays them
                continue;
            }
            JsonNode move = Moves.random(view, random);
            assertNotNull(move, view.toString());
            api.post(path + "/moves", g.get(0).token(), Players.moveBody(UUID.randomUUID().toString(), move));
        }
        assertEquals("Nils", view.at("/table/left/0/name").asText(), "Mia's view says who left");

        Truth truth = Truth.load(table);
        assertEquals(TableStatus.FINISHED, truth.last().status());
        assertEquals(new Event.MatchLeft(1, g.get(1).playerId(), BotLevel.EASY),
                truth.events.stream().filter(e -> e instanceof Event.MatchLeft).findFirst().orElseThrow());
        assertTrue(truth.events.stream().anyMatch(e -> e instanceof Event.Attacked a && a.seat() == 1
                || e instanceof Event.Covered c && c.seat() == 1 || e instanceof Event.Took t && t.seat() == 1),
                "the bot played the left seat");
        TableState end = truth.last();
        assertEquals(List.of(new TableState.Leaver(1, g.get(1).playerId(), "Nils", 0, true)), end.left());
        JsonNode board = api.get(path + "/board", g.get(0).token()).body();
        assertEquals(-10, board.at("/match/left/0/leaderboardPoints").asInt(), board.toString());
        assertEquals(LeaderboardPoints.ofLeaver(end.match(), 1, 0, true), -10);
        assertEquals(LeaderboardPoints.ofMatch(end.match()).get(0), board.at("/match/leaderboardPoints/0").asInt());
    }

    @Test
    void aSoloLeave_endsTheMatch_andAgainStartsTheNextAtOnce() {
        Api api = SystemUnderTest.api();
        Api.Guest me = api.signIn("Ola");
        var body = Api.object();
        body.set("settings", Api.object().put("players", 2).put("dealsPerMatch", 3));
        body.put("bots", "NORMAL");
        Api.Response created = api.post("/api/tables/solo", me.token(), body);
        assertEquals(201, created.status(), created.toString());
        String path = "/api/tables/" + created.body().get("tableId").asText();
        Api.Response left = api.post(path + "/leave", me.token(), Api.object());
        assertEquals(200, left.status(), left.toString());
        assertEquals("FINISHED", left.body().get("status").asText());
        Api.Response late = api.post(path + "/leave", me.token(), Api.object());
        assertEquals(409, late.status(), late.toString());
        assertEquals("MATCH_OVER", late.code());

        Api.Response again = api.post(path + "/again", me.token(), Api.object());
        assertEquals(200, again.status(), again.toString());
        assertEquals("PLAYING", again.body().at("/table/status").asText());
        assertEquals("NORMAL", again.body().at("/table/seats/1/bot").asText());
        Api.Response repeat = api.post(path + "/again", me.token(), Api.object());
        assertEquals(again.body().get("tableId").asText(), repeat.body().get("tableId").asText());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
