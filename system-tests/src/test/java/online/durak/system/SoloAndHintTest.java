package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.table.TableStatus;
import online.durak.messages.Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Solo games and hints against the running rules, bot and table services (rules.md §8): the bots answer on their
 * own over Kafka, hints come from the bot service's strong search through the table service.
 */
@ExtendWith(SystemUnderTest.class)
class SoloAndHintTest {

    private static final long MATCH_DEADLINE_MS = 300_000;

    @Test
    void aGuestPlaysASoloMatchAgainstEasyAndStrongBots_takesTwoHints_andTheFinalBoardCountsThem() {
        Api api = SystemUnderTest.api();
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Api.Guest me = api.signIn("Solo");
        ObjectNode body = Api.object();
        body.set("settings", Api.object().put("players", 3).put("dealsPerMatch", 1));
        body.putArray("bots").add("EASY").add("STRONG");
        Api.Response created = api.post("/api/tables/solo", me.token(), body);
        assertEquals(201, created.status(), created.toString());
        JsonNode first = created.body();
        String table = first.get("tableId").asText();
        String path = "/api/tables/" + table;
        assertEquals(0, first.get("seat").asInt());
        assertEquals("PLAYING", first.at("/table/status").asText(), "a solo match starts at once");
        assertTrue(first.at("/table/solo").asBoolean());
        assertEquals("EASY", first.at("/table/seats/1/bot").asText());
        assertEquals("STRONG", first.at("/table/seats/2/bot").asText());
        assertTrue(first.at("/table/seats/0/human").asBoolean());
        assertTrue(first.at("/table/settings/turnClock").isNull(), "no clock in solo games");
        assertTrue(first.get("clock").isNull());
        assertEquals(1, first.at("/match/dealNumber").asInt());

        Seen seen = new Seen();
        seen.view(0, first, "solo reply");
        int hints = 0;
        int moves = 0;
        long deadline = System.currentTimeMillis() + MATCH_DEADLINE_MS;
        JsonNode view = first;
        while (true) {
            Api.Response r = api.get(path + "/view", me.token());
            assertEquals(200, r.status(), r.toString());
            view = r.body();
            seen.view(0, view, "GET /view");
            if (Moves.finished(view)) {
                break;
            }
            assertTrue(System.currentTimeMillis() < deadline, "the solo match did not end in time (seed " + seed
                + "); the last view: " + view);
            if (Moves.onBoard(view)) {
                if (!Moves.continued(view)) {
                    Api.Response c = api.post(path + "/continue", me.token(), Api.object());
                    // the last deal's board may be read a moment before the match's end is: then the match is over
                    boolean over = c.status() == 409 && "MATCH_OVER".equals(c.body().path("code").asText());
                    assertTrue(c.status() == 200 || over, c.toString());
                }
                continue;
            }
            if (Moves.toAct(view) != 0) {
                sleep(30); // a bot's turn: it answers on its own
                continue;
            }
            JsonNode move = Moves.random(view, random);
            assertNotNull(move, "seat 0 is to act but has no legal move: " + view);
            if (hints < 2) {
                JsonNode hint = hint(api, me, path, view, hints + 1);
                hints++;
                if (hints == 1) {
                    move = hint.get("move"); // the hinted move is accepted as any other
                }
            }
            Api.Response played = api.post(path + "/moves", me.token(),
                Players.moveBody(UUID.randomUUID().toString(), move));
            assertEquals(200, played.status(), "move " + move + " (seed " + seed + "): " + played);
            seen.view(0, played.body().get("view"), "move reply");
            moves++;
        }
        assertEquals(2, hints, "seat 0 had fewer than two decisions (seed " + seed + ")");

        JsonNode board = api.get(path + "/board", me.token()).body();
        assertTrue(board.path("match").path("over").asBoolean(), board.toString());
        assertEquals("[2,0,0]", Codec.write(board.path("match").path("hints")), "the final board shows the hints");
        assertEquals("[2,0,0]", Codec.write(board.path("hints")));
        assertEquals("[2,0,0]", Codec.write(view.at("/match/hints")));

        Truth truth = Truth.load(table);
        assertEquals(TableStatus.FINISHED, truth.last().status());
        assertEquals(List.of(2, 0, 0), truth.last().hints());
        long hintEvents = truth.events.stream().filter(e -> e instanceof Event.HintTaken h && h.seat() == 0).count();
        assertEquals(2, hintEvents);
        assertTrue(truth.events.stream().noneMatch(e -> e instanceof Event.TimedOut), "no clock ran");
        seen.verify(truth);
        Replays.assertEveryDealReplays(api, table, me.token(), truth); // hints lay between its events
        System.err.printf("[system-tests] solo match %s: %d moves of seat 0, %d events, 2 hints (seed %d)%n",
            table, moves, truth.lastSeq(), seed);

        Api.Response late = api.post(path + "/hint", me.token(), Api.object());
        assertEquals(409, late.status(), late.toString());
    }

    /** Asks for a hint in {@code view} (seat 0's decision) and checks it: a legal move, a reason, candidates. */
    private static JsonNode hint(Api api, Api.Guest me, String path, JsonNode view, int expectedCount) {
        Api.Response r = api.post(path + "/hint", me.token(), Api.object());
        assertEquals(200, r.status(), "hint: " + r);
        JsonNode h = r.body();
        assertEquals(0, h.get("seat").asInt());
        assertEquals(expectedCount, h.get("hints").asInt(), h.toString());
        assertTrue(isLegal(view, h.get("move")), "the hinted move " + h.get("move") + " is legal in " + view.get("deal"));
        assertTrue(h.get("reason").isTextual() && !h.get("reason").asText().isBlank(), "a reason: " + h);
        JsonNode candidates = h.get("candidates");
        assertTrue(candidates.isArray() && !candidates.isEmpty(), "candidates: " + h);
        for (JsonNode c : candidates) {
            assertTrue(isLegal(view, c.get("move")), "a candidate is a legal move: " + c);
        }
        assertFalse(h.toString().contains("deckOrder"));
        return h;
    }

    private static boolean isLegal(JsonNode view, JsonNode move) {
        Move m = Codec.readMove(move);
        for (JsonNode legal : view.at("/deal/legalMoves")) {
            if (Codec.readMove(legal).equals(m)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aTableOfTwoPeopleRefusesHints_andItsEventLogIsUnchanged() {
        Api api = SystemUnderTest.api();
        List<Api.Guest> g = Players.signIn(api, "Ann", "Bob");
        ObjectNode settings = Api.object().put("players", 2).put("dealsPerMatch", 1).putNull("turnClock");
        String table = Players.openTable(api, g, settings);
        String path = "/api/tables/" + table;
        Api.Response started = api.post(path + "/start", g.get(0).token(), Api.object());
        assertEquals(200, started.status(), started.toString());
        long before = Truth.lastSeq(table);
        for (Api.Guest guest : g) {
            Api.Response r = api.post(path + "/hint", guest.token(), Api.object());
            assertEquals(409, r.status(), r.toString());
            assertEquals("HINTS_SOLO_ONLY", r.code());
        }
        sleep(500);
        assertEquals(before, Truth.lastSeq(table), "a refused hint appends nothing");
        assertFalse(api.get(path + "/view", g.get(0).token()).body().at("/table/solo").asBoolean());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
