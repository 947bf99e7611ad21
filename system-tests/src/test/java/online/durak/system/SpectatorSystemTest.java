package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.stream.LongStream;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.engine.table.TableStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Spectators over the real WebSocket: two people watch a whole match of three deals that four guests play over REST,
 * one from the first move, one who comes in mid-match and resyncs from seq 0. Every frame either got is checked like
 * the seats' ({@link Seen}: the public view of the stored log at its seq, and no hidden card anywhere); each got every
 * seq exactly once; a spectator's move is refused and so is the replay of the running deal; the seats are told how many
 * watch. A table with a stake, or whose creator turned spectators off, is refused with NOT_SEATED (4403).
 */
@ExtendWith(SystemUnderTest.class)
class SpectatorSystemTest {
    private static final int MAX_STEPS = 5000;

    @Test
    void twoSpectatorsWatchAWholeMatch_andNoFrameShowsAHiddenCard() {
        Api api = SystemUnderTest.api();
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<Api.Guest> g = Players.signIn(api, "Ann", "Bob", "Cid", "Dee", "Eve", "Fay");
        List<Api.Guest> seats = g.subList(0, 4);
        ObjectNode settings = Api.object().put("players", 4).put("dealsPerMatch", 3).putNull("turnClock");
        String table = Players.openTable(api, seats, settings);
        String path = "/api/tables/" + table;
        Seen seen = new Seen();

        Api.Response early = api.get(path + "/view", g.get(4).token());
        assertEquals(403, early.status(), "an open table cannot be watched yet: " + early);
        assertEquals("NOT_SEATED", early.code());
        Api.Response started = api.post(path + "/start", g.get(0).token(), Api.object());
        assertEquals(200, started.status(), started.toString());

        WsPlayer ann = WsPlayer.connect(api, table, g.get(0), 0, seen, "seat 0");
        WsPlayer eve = WsPlayer.connect(api, table, g.get(4), -1, seen, "Eve watching");
        eve.resync(0);
        assertEquals(1, eve.view().path("table").path("spectators").asInt(), "counting herself");
        JsonNode refused = eve.command(Api.object().put("type", "move").put("commandId", "eve-1")
            .set("move", Api.object().put("type", "take")));
        assertEquals("NOT_SEATED", refused.path("code").asText(), refused.toString());
        Api.Response replay = api.get(path + "/replay?deal=1", g.get(4).token());
        assertEquals(409, replay.status(), replay.toString());
        assertEquals("DEAL_RUNNING", replay.code());

        WsPlayer fay = null;
        int moves = 0;
        for (int step = 0; step < MAX_STEPS; step++) {
            JsonNode[] views = new JsonNode[4];
            for (int seat = 0; seat < 4; seat++) {
                views[seat] = api.get(path + "/view", seats.get(seat).token()).body();
            }
            if (Moves.finished(views[0])) {
                break;
            }
            if (Moves.onBoard(views[0])) {
                for (int seat = 0; seat < 4; seat++) {
                    if (!Moves.continued(views[seat])) {
                        assertEquals(200, api.post(path + "/continue", seats.get(seat).token(), Api.object()).status());
                    }
                }
                continue;
            }
            int seat = Moves.toAct(views[0]);
            JsonNode move = Moves.random(views[seat], random);
            assertNotNull(move, "seat " + seat + " is to act but has no legal move");
            Api.Response r = api.post(path + "/moves", seats.get(seat).token(),
                Players.moveBody(UUID.randomUUID().toString(), move));
            assertEquals(200, r.status(), r.toString());
            moves++;
            if (fay == null && views[0].path("match").path("dealNumber").asInt() == 2) {
                fay = WsPlayer.connect(api, table, g.get(5), -1, seen, "Fay watching from deal 2");
                fay.resync(0);
                JsonNode rest = api.get(path + "/view", g.get(5).token()).body();
                seen.view(-1, rest, "Fay's GET /view");
                assertEquals(-1, rest.get("seat").asInt());
                assertFalse(rest.path("deal").has("hand") || rest.path("deal").has("hands"), rest.toString());
            }
        }
        assertNotNull(fay, "the match reached its second deal");
        Truth truth = Truth.load(table);
        assertEquals(TableStatus.FINISHED, truth.last().status());
        long last = truth.lastSeq();
        for (WsPlayer spectator : List.of(eve, fay)) {
            spectator.awaitSeq(last);
            List<Long> got = new ArrayList<>(spectator.eventSeqs());
            assertEquals(LongStream.rangeClosed(1, last).boxed().toList(), got, spectator.name
                + " received every seq exactly once, in order");
            assertEquals(List.of(), spectator.errors().stream().filter(e -> !"NOT_SEATED".equals(e.path("code").asText()))
                .toList());
        }
        ann.awaitSeq(last);
        assertEquals(2, ann.spectators(), "the seats are told how many watch");
        seen.verify(truth);
        Replays.assertEveryDealReplays(api, table, g.get(4).token(), truth);
        List.of(ann, eve, fay).forEach(WsPlayer::close);
        System.err.printf("[system-tests] spectators of %s: %d moves, %d events; %d views and %d events checked (seed %d)%n",
            table, moves, last, seen.views(), seen.events(), seed);
    }

    @Test
    void aTableWhoseCreatorTurnedSpectatorsOff_isRefusedToOneWithoutASeat() {
        Api api = SystemUnderTest.api();
        List<Api.Guest> g = Players.signIn(api, "Gus", "Hal", "Ivy");
        String table = Players.openTable(api, g.subList(0, 2), Api.object().put("players", 2).putNull("turnClock")
            .put("spectators", false));
        assertEquals(200, api.post("/api/tables/" + table + "/start", g.get(0).token(), Api.object()).status());
        Api.Response view = api.get("/api/tables/" + table + "/view", g.get(2).token());
        assertEquals(403, view.status(), view.toString());
        assertEquals("NOT_SEATED", view.code());
        WsPlayer refused = WsPlayer.connectRefused(api, table, g.get(2));
        assertEquals("NOT_SEATED", refused.awaitError(1).path("code").asText());
        JsonNode lobby = api.get("/api/tables?watchable=true&limit=50", g.get(2).token()).body();
        for (JsonNode t : lobby.get("tables")) {
            assertTrue(!t.get("tableId").asText().equals(table), "not among the tables to watch");
        }
    }
}
