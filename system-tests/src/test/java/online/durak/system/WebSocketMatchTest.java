package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.engine.table.TableStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A whole match over the table's WebSocket: start, moves and continue as frames, each player's view from the
 * frames it is pushed. One player loses its connection in the middle of a deal, misses events, reconnects and
 * resyncs from the last seq it saw: across both connections it received every seq exactly once.
 */
@ExtendWith(SystemUnderTest.class)
class WebSocketMatchTest {

    private static final int MAX_STEPS = 5000;

    @Test
    void fourGuests_playAWholeMatchOverWebSockets_withADisconnectAndResyncMidDeal() {
        Api api = SystemUnderTest.api();
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<Api.Guest> g = Players.signIn(api, "Ann", "Bob", "Cid", "Dee");
        ObjectNode settings = Api.object().put("players", 4).put("dealsPerMatch", 3).put("throwIn", "NEIGHBOURS")
            .putNull("turnClock");
        String table = Players.openTable(api, g, settings);
        Seen seen = new Seen();

        // Each connects, then asks for everything before its first view: the events from seq 1.
        List<WsPlayer> players = new ArrayList<>();
        for (int seat = 0; seat < 4; seat++) {
            WsPlayer p = WsPlayer.connect(api, table, g.get(seat), seat, seen, "seat " + seat);
            p.resync(0);
            players.add(p);
        }
        List<WsPlayer> dropped = new ArrayList<>();

        long seq = command(players, players.get(0), Api.object().put("type", "start"));
        int moves = 0;
        int droppedSeat = -1;
        int movesWhileAway = 0;
        boolean resent = false;
        for (int step = 0; step < MAX_STEPS; step++) {
            JsonNode view = players.get(0).view();
            if (droppedSeat == 0) {
                view = players.get(1).view();
            }
            if (Moves.finished(view)) {
                break;
            }
            if (Moves.onBoard(view)) {
                for (WsPlayer p : players) {
                    if (p.seat != droppedSeat && !Moves.continued(p.view())) {
                        seq = command(players, p, Api.object().put("type", "continue"));
                    }
                }
                if (droppedSeat < 0) {
                    continue;
                }
            }
            int seat = Moves.toAct(view);
            if (droppedSeat >= 0 && (seat == droppedSeat || movesWhileAway >= 6 || Moves.onBoard(view))) {
                // back again: a new connection, then every event after the last one the old connection got
                WsPlayer old = players.get(droppedSeat);
                WsPlayer back = WsPlayer.connect(api, table, g.get(droppedSeat), droppedSeat, seen, "seat " + droppedSeat + " again");
                assertTrue(back.lastSeq() > old.lastSeq(), "events happened while seat " + droppedSeat + " was away");
                back.resync(old.lastSeq());
                dropped.add(old);
                players.set(droppedSeat, back);
                droppedSeat = -1;
                continue;
            }
            assertTrue(seat >= 0, "nobody to act in " + view);
            WsPlayer actor = players.get(seat);
            JsonNode move = Moves.random(actor.view(), random);
            assertNotNull(move, "seat " + seat + " is to act but has no legal move");
            ObjectNode frame = Api.object().put("type", "move").put("commandId", UUID.randomUUID().toString());
            frame.set("move", move);
            long before = seq;
            seq = command(players, actor, frame);
            moves++;
            if (droppedSeat >= 0) {
                movesWhileAway++;
            }
            if (!resent && moves == 3) {
                resent = true;
                JsonNode again = actor.command(frame);
                assertTrue(again.get("accepted").asBoolean(), again.toString());
                assertEquals(seq, again.get("seq").asLong(), "the same reply to the same commandId");
                assertEquals(seq, Truth.lastSeq(table), "the repeated move appended nothing");
                String wireId = g.get(seat).playerId() + ":" + frame.get("commandId").asText();
                assertEquals(seq - before, Truth.eventsOfCommand(table, wireId), "one set of events");
            }
            if (dropped.isEmpty() && droppedSeat < 0 && moves >= 8 && Moves.toAct(actor.view()) >= 0) {
                droppedSeat = (Moves.toAct(actor.view()) + 1) % 4; // not the next to act, so the deal goes on
                players.get(droppedSeat).drop();
            }
        }
        assertTrue(Moves.finished(players.get(0).view()), "the match did not end (seed " + seed + ")");
        assertEquals(1, dropped.size(), "one player dropped and came back");

        Truth truth = Truth.load(table);
        assertEquals(TableStatus.FINISHED, truth.last().status());
        long last = truth.lastSeq();
        assertEquals(last, seq);
        WsPlayer.receivedEverySeqOnce(players, dropped, last);
        for (WsPlayer p : players) {
            assertEquals(last, p.view().get("seq").asLong());
        }
        seen.verify(truth);
        Replays.assertEveryDealReplays(api, table, g.get(0).token(), truth);
        players.forEach(WsPlayer::close);
        System.err.printf("[system-tests] WebSocket match %s: %d moves, %d events, %d views and %d events checked (seed %d)%n",
            table, moves, last, seen.views(), seen.events(), seed);
    }

    /**
     * Sends a command frame and waits for its accepted reply, then until every connected player has been sent
     * the events up to the reply's seq. Returns that seq.
     */
    static long command(List<WsPlayer> players, WsPlayer sender, ObjectNode frame) {
        if (!frame.has("commandId")) {
            frame.put("commandId", UUID.randomUUID().toString());
        }
        JsonNode reply = sender.command(frame);
        assertEquals("reply", reply.get("type").asText(), reply.toString());
        assertTrue(reply.get("accepted").asBoolean(), frame + " was refused: " + reply);
        long seq = reply.get("seq").asLong();
        for (WsPlayer p : players) {
            if (p.isConnected()) {
                p.awaitSeq(seq);
            }
        }
        return seq;
    }
}
