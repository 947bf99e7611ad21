package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.engine.table.TableStatus;
import online.durak.messages.Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A whole match through REST, against the running rules and table services, the real broker and database. */
@ExtendWith(SystemUnderTest.class)
class RestMatchTest {

    private static final int MAX_STEPS = 5000;

    @Test
    void fourGuests_playAWholeMatchWithHouseRules_andTheResultIsTheFoldOfTheStoredEvents() throws InterruptedException {
        Api api = SystemUnderTest.api();
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<Api.Guest> g = Players.signIn(api, "Ann", "Bob", "Cid", "Dee");
        ObjectNode settings = Api.object().put("players", 4).put("variant", "PEREVODNOI").put("dealsPerMatch", 3)
            .put("discardVisible", true).putNull("turnClock");
        String table = Players.openTable(api, g, settings);
        String path = "/api/tables/" + table;
        assertEquals(3, api.get(path, g.get(0).token()).body().path("settings").path("dealsPerMatch").asInt());

        Seen seen = new Seen();
        Api.Response started = api.post(path + "/start", g.get(0).token(), Api.object());
        assertEquals(200, started.status(), started.toString());
        seen.view(0, started.body().get("view"), "start reply");

        JsonNode[] views = new JsonNode[4];
        int moves = 0;
        boolean resent = false;
        for (int step = 0; step < MAX_STEPS; step++) {
            for (int seat = 0; seat < 4; seat++) {
                Api.Response r = api.get(path + "/view", g.get(seat).token());
                assertEquals(200, r.status(), r.toString());
                views[seat] = r.body();
                seen.view(seat, r.body(), "GET /view");
            }
            if (Moves.finished(views[0])) {
                break;
            }
            if (Moves.onBoard(views[0])) {
                for (int seat = 0; seat < 4; seat++) {
                    if (!Moves.continued(views[seat])) {
                        Api.Response r = api.post(path + "/continue", g.get(seat).token(), Api.object());
                        assertEquals(200, r.status(), r.toString());
                        seen.view(seat, r.body().get("view"), "continue reply");
                    }
                }
                continue;
            }
            int seat = Moves.toAct(views[0]);
            assertTrue(seat >= 0, "nobody to act in " + views[0]);
            JsonNode move = Moves.random(views[seat], random);
            assertNotNull(move, "seat " + seat + " is to act but has no legal move");
            String commandId = UUID.randomUUID().toString();
            ObjectNode body = Players.moveBody(commandId, move);
            Api.Response r = api.post(path + "/moves", g.get(seat).token(), body);
            assertEquals(200, r.status(), "move " + move + " (seed " + seed + "): " + r);
            assertTrue(r.body().get("accepted").asBoolean());
            seen.view(seat, r.body().get("view"), "move reply");
            moves++;
            if (!resent && moves == 5) {
                resent = true;
                long before = views[seat].get("seq").asLong();
                long after = r.body().get("seq").asLong();
                Api.Response again = api.post(path + "/moves", g.get(seat).token(), body);
                assertEquals(200, again.status(), again.toString());
                assertEquals(commandId, again.body().get("commandId").asText());
                assertTrue(again.body().get("accepted").asBoolean());
                assertEquals(after, again.body().get("seq").asLong(), "the same reply to the same commandId");
                assertEquals(after, Truth.lastSeq(table), "the repeated move appended nothing");
                String wireId = g.get(seat).playerId() + ":" + commandId;
                assertEquals(after - before, Truth.eventsOfCommand(table, wireId), "one set of events");
                assertEquals(1, Truth.commandRows(wireId));
            }
        }
        assertTrue(Moves.finished(views[0]), "the match did not end within " + MAX_STEPS + " steps (seed " + seed + ")");
        assertTrue(resent);

        Truth truth = Truth.load(table);
        assertEquals(TableStatus.FINISHED, truth.last().status());
        assertNotNull(truth.last().match().places());
        assertEquals(3, truth.last().match().dealNumber());
        for (int seat = 0; seat < 4; seat++) {
            assertEquals(truth.lastSeq(), views[seat].get("seq").asLong(), "the final view is at the last stored seq");
            JsonNode page = api.get(path + "/events?since=0", g.get(seat).token()).body();
            JsonNode events = page.get("events");
            assertEquals(truth.lastSeq(), events.size());
            for (int i = 0; i < events.size(); i++) {
                assertEquals(i + 1, events.get(i).get("seq").asLong(), "every seq once, in order");
                seen.event(seat, events.get(i), "GET /events");
            }
        }
        JsonNode board = api.get(path + "/board", g.get(0).token()).body();
        assertTrue(board.path("match").path("over").asBoolean(), board.toString());
        assertEquals(Codec.write(Seen.ints(truth.last().match().places())), Codec.write(board.path("match").path("places")));
        assertEquals(Codec.write(Seen.ints(truth.last().match().totals())), Codec.write(board.path("match").path("totals")));
        for (int seat = 0; seat < 4; seat++) { // rules.md §7: 3 × the deal points + 30 / 15 / 5 for places 1 / 2 / 3
            int place = truth.last().match().places().get(seat);
            int bonus = place == 1 ? 30 : place == 2 ? 15 : place == 3 ? 5 : 0;
            assertEquals(3 * truth.last().match().totals().get(seat) + bonus,
                board.path("match").path("leaderboardPoints").path(seat).asInt(-1), board.toString());
        }

        // the leaderboard service (through the edge, which forwards /api/players/*) counts the same points
        for (int seat = 0; seat < 4; seat++) {
            String id = g.get(seat).playerId();
            long deadline = System.nanoTime() + 60_000_000_000L;
            JsonNode profile;
            for (;;) {
                Api.Response r = api.get("/api/players/" + id, g.get(seat).token());
                profile = r.body();
                if (r.status() == 200 && profile.path("recent").path(0).path("tableId").asText().equals(table)) {
                    break;
                }
                assertTrue(System.nanoTime() < deadline, "the leaderboard never counted " + table + " for " + id + ": " + r);
                Thread.sleep(200);
            }
            assertEquals(board.path("match").path("leaderboardPoints").path(seat).asInt(-1),
                profile.path("recent").path(0).path("points").asInt(-2), profile.toString());
            assertEquals(1, profile.path("rating").path("matches").asInt(), "a rated match: " + profile);
        }

        seen.verify(truth);
        assertEquals(3, Replays.assertEveryDealReplays(api, table, g.get(0).token(), truth)); // continues between
        System.err.printf("[system-tests] REST match %s: %d moves, %d events, %d views and %d events checked (seed %d)%n",
            table, moves, truth.lastSeq(), seen.views(), seen.events(), seed);
    }
}
