package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.deploy.ServiceProcess;
import online.durak.engine.table.TableStatus;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two edges behind HAProxy ({@link TwoEdges}): a table's requests and sockets reach the edge that folds its partition,
 * each edge folds its share, a burst of starts is queued rather than refused, and a match goes on when one edge is
 * killed. The kill comes last (the edge is not started again).
 */
@ExtendWith({SystemUnderTest.class, TwoEdges.class})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EdgesTest {
    private static final int TABLES = 50;
    private static final Pattern APPLIED = Pattern.compile(
            "(?m)^durak_projection_events_total\\{[^}]*outcome=\"applied\"[^}]*\\} ([0-9.E]+)");

    @Test
    @Order(1)
    void fiftyTablesStartedAtOnce_noneIsRefusedAsUnavailable_andEachEdgeFoldsItsShare() throws Exception {
        TwoEdges.Running edges = TwoEdges.running();
        Api api = edges.api();
        Map<String, Double> appliedBefore = applied(edges);
        List<String> tables = new ArrayList<>();
        List<Api.Guest> creators = new ArrayList<>();
        for (int i = 0; i < TABLES; i++) {
            List<Api.Guest> g = Players.signIn(api, "Ava" + i, "Ben" + i);
            tables.add(Players.openTable(api, g, Api.object().put("players", 2).putNull("turnClock")));
            creators.add(g.get(0));
        }
        Map<String, Integer> refusals = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(TABLES);
        try {
            List<Future<Api.Response>> starts = new ArrayList<>();
            for (int i = 0; i < TABLES; i++) {
                String path = "/api/tables/" + tables.get(i) + "/start";
                String token = creators.get(i).token();
                ObjectNode body = Api.object().put("commandId", UUID.randomUUID().toString());
                starts.add(pool.submit(() -> {
                    while (true) {
                        Api.Response r = api.post(path, token, body);
                        if (r.status() != 503 && r.status() != 504) {
                            return r;
                        }
                        refusals.merge(r.code(), 1, Integer::sum);
                        if ("RULES_UNAVAILABLE".equals(r.code())) {
                            return r;
                        }
                        Thread.sleep(1000); // OVERLOADED's Retry-After; a RULES_TIMEOUT is asked again the same way
                    }
                }));
            }
            for (Future<Api.Response> f : starts) {
                Api.Response r = f.get();
                assertEquals(200, r.status(), r + "; refusals: " + refusals);
            }
        } finally {
            pool.shutdownNow();
        }
        assertFalse(refusals.containsKey("RULES_UNAVAILABLE"), "refusals: " + refusals);
        for (String t : tables) {
            assertEquals(TableStatus.PLAYING, Truth.load(t).last().status());
        }
        // every table was played by the edge that folds it: each edge applied the events of about its share
        Map<String, Double> applied = applied(edges);
        Map<String, Integer> owners = new ConcurrentHashMap<>();
        for (int i = 0; i < TABLES; i++) {
            TwoEdges.Answer a = TwoEdges.get(edges.haproxy().baseUrl() + "/api/tables/" + tables.get(i),
                    creators.get(i).token());
            assertEquals(200, a.status(), a.body());
            owners.merge(a.edge(), 1, Integer::sum);
        }
        for (ServiceProcess e : edges.edges()) {
            double mine = applied.get(e.name()) - appliedBefore.get(e.name());
            int owned = owners.getOrDefault(e.name(), 0);
            System.err.printf("[system-tests] %s: owns %d of %d tables, applied %.0f events%n", e.name(), owned,
                    TABLES, mine);
            assertTrue(owned > 0, "each edge owns some of the tables: " + owners);
            assertTrue(mine > 0, e.name() + " folded its tables' events");
        }
        System.err.printf("[system-tests] %d tables started at once through 2 edges; refusals on the way: %s%n",
                TABLES, refusals);
    }

    /** Each edge's {@code durak.projection.events{outcome=applied}} now. */
    private static Map<String, Double> applied(TwoEdges.Running edges) {
        Map<String, Double> m = new ConcurrentHashMap<>();
        for (ServiceProcess e : edges.edges()) {
            TwoEdges.Answer a = TwoEdges.get(e.managementUrl() + "/q/metrics", null);
            Matcher x = APPLIED.matcher(a.body());
            m.put(e.name(), x.find() ? Double.parseDouble(x.group(1)) : 0.0);
        }
        return m;
    }

    @Test
    @Order(2)
    void fourPlayersOnBothEdges_playAMatch_andGoOnThroughTheOtherWhenOneIsKilled() {
        TwoEdges.Running edges = TwoEdges.running();
        Api api = edges.api();
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<Api.Guest> g = Players.signIn(api, "Ida", "Jon", "Kai", "Liv");
        String table = Players.openTable(api, g, Api.object().put("players", 4).put("dealsPerMatch", 1)
                .put("throwIn", "NEIGHBOURS").putNull("turnClock"));
        String url = edges.haproxy().baseUrl() + "/api/tables/" + table;
        String owner = TwoEdges.get(url, g.get(0).token()).edge();
        assertTrue(owner.startsWith("edge-"), "HAProxy names the edge that answered: " + owner);
        for (int i = 0; i < 3; i++) {
            assertEquals(owner, TwoEdges.get(url, g.get(0).token()).edge(),
                    "HAProxy sends a table's requests to one edge, its owner");
        }
        ServiceProcess killed = edges.edge(owner);
        ServiceProcess other = edges.other(owner);
        assertNotEquals(killed.name(), other.name());
        Api direct = new Api(other.baseUrl());
        Seen seen = new Seen();
        // seats 0 and 1 through HAProxy (the owner), 2 and 3 straight to the other edge
        List<WsPlayer> players = new ArrayList<>();
        for (int seat = 0; seat < 4; seat++) {
            WsPlayer p = WsPlayer.connect(seat < 2 ? api : direct, table, g.get(seat), seat, seen, "seat " + seat);
            p.resync(0);
            players.add(p);
        }
        List<WsPlayer> lost = new ArrayList<>();
        long seq = WebSocketMatchTest.command(players, players.get(0), Api.object().put("type", "start"));
        int moves = 0;
        long killedAt = 0;
        long playingAgainAfter = -1;
        long backAfter = -1;
        for (int step = 0; step < 5000; step++) {
            JsonNode view = players.get(3).view();
            if (Moves.finished(view)) {
                break;
            }
            if (Moves.onBoard(view)) {
                break; // one deal
            }
            int seat = Moves.toAct(view);
            assertTrue(seat >= 0, "nobody to act in " + view);
            WsPlayer actor = players.get(seat);
            JsonNode move = Moves.random(actor.view(), random);
            assertNotNull(move, "seat " + seat + " is to act but has no legal move");
            ObjectNode frame = Api.object().put("type", "move").put("commandId", UUID.randomUUID().toString());
            frame.set("move", move);
            seq = WebSocketMatchTest.command(players, actor, frame);
            moves++;
            if (killedAt != 0 && playingAgainAfter < 0) {
                playingAgainAfter = (System.nanoTime() - killedAt) / 1_000_000;
            }
            if (killedAt == 0 && moves >= 6 && !Moves.onBoard(actor.view())) {
                SystemUnderTest.kill(killed);
                killedAt = System.nanoTime();
                for (int s = 0; s < 2; s++) {
                    WsPlayer old = players.get(s);
                    old.awaitClosed();
                    // the client on its own: connect again through HAProxy until it takes it, then everything it missed
                    WsPlayer back = WsPlayer.connectRetrying(api, table, g.get(s), s, seen, "seat " + s + " again");
                    back.resync(old.lastSeq());
                    lost.add(old);
                    players.set(s, back);
                }
                backAfter = (System.nanoTime() - killedAt) / 1_000_000;
            }
        }
        assertTrue(killedAt != 0, "the deal ended before the kill (seed " + seed + ")");
        assertTrue(playingAgainAfter >= 0, "no move after the kill (seed " + seed + ")");
        Truth truth = Truth.load(table);
        long last = truth.lastSeq();
        assertEquals(last, seq);
        assertTrue(truth.last().status() == TableStatus.FINISHED || Moves.onBoard(players.get(3).view()),
                "the deal was played to its end");
        WsPlayer.receivedEverySeqOnce(players, lost, last);
        seen.verify(truth); // no frame showed a card its seat may not see
        players.forEach(WsPlayer::close);
        System.err.printf("[system-tests] edges: %s killed mid-deal; its players back through HAProxy on %s (connected,"
                + " resynced) %d ms later, the next move %d ms after the kill; %d moves, %d events (seed %d)%n",
                killed.name(), other.name(), backAfter, playingAgainAfter, moves, last, seed);
    }
}
