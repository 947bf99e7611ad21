package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.engine.DailyPoints;
import online.durak.engine.Event;
import online.durak.messages.Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The daily game through the edge against every running service (docs/daily.md): matchmaking makes the tables, the
 * rules service deals from the date, the bot service's STRONG bots answer deterministically, the leaderboard service
 * keeps the list and the streaks.
 */
@ExtendWith(SystemUnderTest.class)
class DailySystemTest {
    private static final long MATCH_DEADLINE_MS = 300_000;

    /** Plays the table to its end, always the legal move at {@code pick} (0: the first; -1: the last). */
    private static void playToEnd(Api api, Api.Guest me, String table, int pick) {
        play(api, me, table, pick, false);
    }

    /** Plays the table to its end, or ({@code firstDealOnly}) until its first deal is over and waits on the board. */
    private static void play(Api api, Api.Guest me, String table, int pick, boolean firstDealOnly) {
        String path = "/api/tables/" + table;
        long deadline = System.currentTimeMillis() + MATCH_DEADLINE_MS;
        while (true) {
            Api.Response r = api.get(path + "/view", me.token());
            assertEquals(200, r.status(), r.toString());
            JsonNode view = r.body();
            if (Moves.finished(view) || firstDealOnly && Moves.onBoard(view)) {
                return;
            }
            assertTrue(System.currentTimeMillis() < deadline, "the daily match did not end in time: " + view);
            if (Moves.onBoard(view)) {
                if (!Moves.continued(view)) {
                    Api.Response c = api.post(path + "/continue", me.token(), Api.object());
                    assertEquals(200, c.status(), c.toString());
                }
                continue;
            }
            if (Moves.toAct(view) != view.path("seat").asInt()) {
                sleep(30); // a bot's turn
                continue;
            }
            JsonNode legal = view.at("/deal/legalMoves");
            JsonNode move = legal.get(pick >= 0 ? pick : legal.size() - 1);
            Api.Response played = api.post(path + "/moves", me.token(),
                Players.moveBody(UUID.randomUUID().toString(), move));
            assertEquals(200, played.status(), "move " + move + ": " + played);
        }
    }

    /**
     * The events of the match itself (after the seats were taken): the same for the same moves on the same day, but for
     * the salts that seal each table's deals (docs/fairness.md), which are every table's own and left out here.
     */
    private static List<String> matchEvents(String table) {
        List<Event> events = Truth.load(table).events;
        int from = 0;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof Event.MatchStarted) {
                from = i;
                break;
            }
        }
        List<String> out = new ArrayList<>();
        for (Event e : events.subList(from, events.size())) {
            out.add(Codec.toJson(e instanceof Event.DealStarted d ? new Event.DealStarted(d.deal(), d.dealer(),
                d.deckOrder(), d.redeals(), d.attacker(), d.shownTrump()) : e));
        }
        return out;
    }

    private static List<String> salts(String table) {
        return Truth.load(table).events.stream().filter(e -> e instanceof Event.DealStarted)
            .map(e -> ((Event.DealStarted) e).salt()).toList();
    }

    private static int dailyPoints(String table) {
        List<Event.DealEnded> deals = Truth.load(table).events.stream().filter(e -> e instanceof Event.DealEnded)
            .map(e -> (Event.DealEnded) e).toList();
        assertEquals(3, deals.size(), "three deals");
        return DailyPoints.of(0, deals);
    }

    private static JsonNode list(Api api, Api.Guest me, String date) {
        Api.Response r = api.get("/api/daily/list?date=" + date + "&player=" + me.playerId(), me.token());
        assertEquals(200, r.status(), r.toString());
        return r.body();
    }

    @Test
    void twoPlayersDailyGames_dealTheSameCards_theSameMovesMeetTheSameAnswers_andOnlyFirstAttemptsCount() {
        Api api = SystemUnderTest.api();
        String date = LocalDate.now(ZoneOffset.UTC).toString();
        Api.Guest ann = api.signIn("DailyAnn");
        Api.Guest bob = api.signIn("DailyBob");
        Api.Response annToday = api.get("/api/daily", ann.token());
        assertEquals(200, annToday.status(), "the edge forwards /api/daily to matchmaking: " + annToday);
        assertFalse(annToday.body().path("attempted").asBoolean());

        Api.Response a = api.post("/api/daily", ann.token(), Api.object());
        Api.Response b = api.post("/api/daily", bob.token(), Api.object());
        assertEquals(201, a.status(), a.toString());
        assertEquals(201, b.status(), b.toString());
        assertEquals(date, a.body().path("date").asText());
        assertFalse(a.body().path("practice").asBoolean());
        String annTable = a.body().path("tableId").asText();
        String bobTable = b.body().path("tableId").asText();
        JsonNode settings = api.get("/api/tables/" + annTable, ann.token()).body().path("settings");
        assertEquals(date, settings.path("daily").asText(), "the table's settings name the day: " + settings);
        assertFalse(settings.path("practice").asBoolean());

        playToEnd(api, ann, annTable, 0);
        playToEnd(api, bob, bobTable, 0);
        List<String> annEvents = matchEvents(annTable);
        assertEquals(annEvents, matchEvents(bobTable),
            "the same deck orders and, for the same moves, the same answers of the bots");
        assertEquals(3, salts(annTable).stream().distinct().count());
        assertTrue(java.util.Collections.disjoint(salts(annTable), salts(bobTable)), "each table seals its own deals");
        int points = dailyPoints(annTable);

        // both on today's list with the same points, sharing the rank; the board shows the same daily points
        await("both on today's list", () -> {
            JsonNode l = list(api, ann, date);
            return l.path("player").path("finished").asBoolean()
                && list(api, bob, date).path("player").path("finished").asBoolean();
        });
        JsonNode l = list(api, ann, date);
        assertEquals(points, l.path("player").path("points").asInt(), l.toString());
        assertEquals(points, list(api, bob, date).path("player").path("points").asInt());
        assertEquals(l.path("player").path("rank").asInt(), list(api, bob, date).path("player").path("rank").asInt());
        JsonNode board = api.get("/api/tables/" + annTable + "/board", ann.token()).body();
        assertEquals(points, board.path("daily").path("points").path(0).asInt(), board.path("daily").toString());

        // Ann again: practice, played otherwise; her entry on the list stays her first attempt's
        int matchesBefore = api.get("/api/players/" + ann.playerId(), ann.token()).body().path("matches").asInt();
        Api.Response again = api.post("/api/daily", ann.token(), Api.object());
        assertEquals(201, again.status(), again.toString());
        assertTrue(again.body().path("practice").asBoolean());
        String practice = again.body().path("tableId").asText();
        assertTrue(api.get("/api/tables/" + practice, ann.token()).body().path("settings").path("practice").asBoolean());
        playToEnd(api, ann, practice, -1);
        // the leaderboard counts the practice match as any solo match: once it has, the daily list has seen it too
        await("the practice match on the leaderboard", () -> api.get("/api/players/" + ann.playerId(), ann.token())
            .body().path("matches").asInt() == matchesBefore + 1);
        JsonNode after = list(api, ann, date);
        assertEquals(points, after.path("player").path("points").asInt(), after.toString());
        assertFalse(after.path("player").has("tableId"), "the list names no table: " + after);

        JsonNode today = api.get("/api/daily", ann.token()).body();
        assertTrue(today.path("attempted").asBoolean(), today.toString());
        assertEquals(annTable, today.path("tableId").asText());
        assertEquals(2, today.path("attempts").asInt());
        assertEquals(points, today.path("result").path("points").asInt(), today.toString());
        JsonNode profile = api.get("/api/players/" + ann.playerId(), ann.token()).body();
        assertEquals(1, profile.at("/streak/current").asInt(), profile.toString());
        assertEquals(1, profile.at("/streak/best").asInt());

        // bad input through the edge: a stable code naming the parameter
        Api.Response bad = api.get("/api/daily/list?date=2026-02-30", ann.token());
        assertEquals(400, bad.status(), bad.toString());
        assertEquals("INVALID_PARAMETER", bad.body().path("code").asText());
        assertTrue(bad.body().path("message").asText().startsWith("date:"), bad.toString());
        Api.Response noToken = api.post("/api/daily", null, Api.object());
        assertEquals(401, noToken.status(), noToken.toString());
        Api.Response hint = api.post("/api/tables/" + annTable + "/hint", ann.token(), Api.object());
        assertEquals(409, hint.status(), hint.toString());
        assertEquals("HINTS_NOT_IN_DAILY", hint.body().path("code").asText(), "the counting attempt takes no hints");
    }

    /**
     * docs/daily.md "What a player of the day sees": while Carl is on his daily game's board after deal 1, Dana can find
     * his table neither on the list nor open it (its replay, view, events, board), nor watch it; Carl sees all of it.
     */
    @Test
    void anotherPlayersRunningAttempt_isRefused_whileItsPlayerSeesItsFinishedDeal() {
        Api api = SystemUnderTest.api();
        String date = LocalDate.now(ZoneOffset.UTC).toString();
        Api.Guest carl = api.signIn("DailyCarl");
        Api.Guest dana = api.signIn("DailyDana");
        Api.Response started = api.post("/api/daily", carl.token(), Api.object());
        assertEquals(201, started.status(), started.toString());
        String table = started.body().path("tableId").asText();
        String path = "/api/tables/" + table;
        play(api, carl, table, 0, true);

        Api.Response own = api.get(path + "/replay?deal=1", carl.token());
        assertEquals(200, own.status(), "its own player sees the finished deal: " + own);
        assertTrue(own.body().path("shuffleProof").path("salt").isTextual(), own.body().path("shuffleProof").toString());
        for (String refused : List.of(path + "/replay?deal=1", path + "/view", path + "/events", path + "/board", path)) {
            Api.Response r = api.get(refused, dana.token());
            assertEquals(403, r.status(), refused + ": " + r);
            assertEquals("DAILY_HIDDEN", r.body().path("code").asText(), refused + ": " + r);
            assertFalse(r.toString().contains("deckOrder"), r.toString());
        }
        WsPlayer watcher = WsPlayer.connectRefused(api, table, dana);
        assertEquals("DAILY_HIDDEN", watcher.awaitError(1).path("code").asText());
        watcher.close();
        await("Carl's attempt on the list", () -> list(api, carl, date).path("player").path("deals").asInt() == 1);
        Api.Response publicList = api.get("/api/daily/list?date=" + date + "&size=100", null);
        assertEquals(200, publicList.status(), publicList.toString());
        assertFalse(publicList.toString().contains(table), "the public list names no table: " + publicList);
        assertFalse(publicList.toString().contains("tableId"), publicList.toString());
    }

    private static void await(String what, BooleanSupplier done) {
        long end = System.currentTimeMillis() + 60_000;
        while (!done.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < end, "timed out waiting for " + what);
            sleep(200);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
