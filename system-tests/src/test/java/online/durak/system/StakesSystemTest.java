package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import online.durak.client.Api;
import online.durak.client.Moves;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Chips through the whole system (docs/chips.md "Tests"): accounts registered at the edge, stakes held by the
 * leaderboard service before their joins, the match played through REST, the pot paid; the leaderboard service
 * killed with SIGKILL before the start, mid match and right at the payout, and after each return no chip lost or
 * made twice. Five staked tables joined at once with chips for two seat the player at two.
 */
@ExtendWith(SystemUnderTest.class)
class StakesSystemTest {
    private static final String PASSWORD = "correct horse battery";

    record Account(String playerId, String name, String token) {
    }

    private static Account register(Api api, String name) {
        Api.Response r = api.post("/api/accounts", null, Api.object().put("name", name).put("password", PASSWORD));
        assertEquals(201, r.status(), r.toString());
        return new Account(r.body().get("playerId").asText(), r.body().get("name").asText(),
                r.body().get("token").asText());
    }

    private static String run() {
        return UUID.randomUUID().toString().substring(0, 6);
    }

    private static long balance(Api api, String token) {
        Api.Response r = api.get("/api/me/chips", token);
        assertEquals(200, r.status(), r.toString());
        return r.body().get("balance").asLong();
    }

    /** Chips in play (balances, held chips, pots not paid, the house) = grants + bonuses; held = the active holds. */
    static void assertConserved() throws Exception {
        try (Connection c = SystemUnderTest.database(); PreparedStatement s = c.prepareStatement("""
                select (select coalesce(sum(balance + held), 0) from ch_accounts)
                     + (select coalesce(sum(amount), 0) from ch_pots where state = 'HELD'),
                       (select coalesce(sum(amount), 0) from ch_ledger where kind in ('GRANT', 'BONUS')),
                       (select coalesce(sum(held), 0) from ch_accounts),
                       (select coalesce(sum(amount), 0) from ch_holds where state in ('HELD', 'SEATED')),
                       (select coalesce(min(balance), 0) from ch_accounts)""");
             ResultSet r = s.executeQuery()) {
            r.next();
            assertEquals(r.getLong(2), r.getLong(1), "chips in play = grants + bonuses");
            assertEquals(r.getLong(4), r.getLong(3), "held = the active holds");
            assertTrue(r.getLong(5) >= 0, "no balance below zero");
        }
    }

    private static long count(String sql, String arg) throws Exception {
        try (Connection c = SystemUnderTest.database(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, arg);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    private static void await(String what, java.util.function.BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + 90_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(200);
        }
    }

    @Test
    void aStakedMatchOfTwoAccountsAndAGuest_paysThePot_throughThreeCrashesOfTheChipsService() throws Exception {
        Api api = SystemUnderTest.api();
        String run = run();
        Account anna = register(api, "Anna" + run), boris = register(api, "Boris" + run);
        Api.Guest gast = api.signIn("Gast");
        assertEquals(1000, balance(api, anna.token()));
        assertEquals(403, api.get("/api/me/chips", gast.token()).status(), "a guest has no chips");

        // a stake above the balance: refused, nothing changed
        Api.Response tooMuch = api.post("/api/tables", anna.token(), Api.object().set("settings",
                Api.object().put("players", 2).put("stake", 5000)));
        assertEquals(409, tooMuch.status(), tooMuch.toString());
        assertEquals("INSUFFICIENT_CHIPS", tooMuch.code());
        assertEquals(1000, balance(api, anna.token()));

        ObjectNode settings = Api.object().put("players", 4).put("dealsPerMatch", 1).put("stake", 100);
        settings.putNull("turnClock");
        Api.Response created = api.post("/api/tables", anna.token(), Api.object().set("settings", settings));
        assertEquals(201, created.status(), created.toString());
        String table = created.body().get("tableId").asText();
        String path = "/api/tables/" + table;
        assertEquals(200, api.post(path + "/join", boris.token(), Api.object()).status());
        assertEquals(200, api.post(path + "/join", gast.token(), Api.object()).status());
        assertEquals(200, api.post(path + "/bots", anna.token(), Api.object().put("seat", 3).put("level", "EASY"))
                .status());
        assertEquals(900, balance(api, anna.token()));
        assertEquals(900, balance(api, boris.token()));
        JsonNode pot = api.get(path + "/pot", gast.token()).body();
        assertEquals("HELD", pot.get("state").asText(), pot.toString());
        assertEquals(100, pot.get("stake").asLong());
        assertConserved();

        // killed before the start: the holds are in the database, the seats' events read again after the restart
        SystemUnderTest.crash("leaderboard-service");
        assertConserved();
        Api.Response started = api.post(path + "/start", anna.token(), Api.object());
        assertEquals(200, started.status(), started.toString());

        List<String> tokens = List.of(anna.token(), boris.token(), gast.token());
        Random random = new Random(run.hashCode());
        boolean crashedMid = false;
        for (int step = 0; step < 3000; step++) {
            JsonNode view = api.get(path + "/view", anna.token()).body();
            if (Moves.finished(view)) {
                break;
            }
            if (Moves.onBoard(view)) {
                for (String t : tokens) {
                    api.post(path + "/continue", t, Api.object());
                }
                continue;
            }
            int seat = Moves.toAct(view);
            if (seat < 0 || seat > 2) { // between events, or the bot's turn
                Thread.sleep(20);
                continue;
            }
            if (!crashedMid && step > 10) {
                await("the stakes in the pot", () -> api.get(path + "/pot", anna.token()).body().path("pot")
                        .asLong() == 200);
                assertConserved();
                SystemUnderTest.crash("leaderboard-service"); // mid match
                crashedMid = true;
                assertConserved();
            }
            JsonNode mine = seat == 0 ? view : api.get(path + "/view", tokens.get(seat)).body();
            JsonNode move = Moves.random(mine, random);
            if (move == null) {
                continue;
            }
            Api.Response r = api.post(path + "/moves", tokens.get(seat), Players.moveBody(UUID.randomUUID().toString(),
                    move));
            assertTrue(r.status() == 200 || r.status() == 409 || r.status() == 422, r.toString());
            if (Moves.finished(r.body().path("view"))) {
                break;
            }
        }
        assertTrue(crashedMid, "the match ended before the crash mid match");
        // right at the payout: the match is over, the leaderboard service is killed while it reads the end
        SystemUnderTest.crash("leaderboard-service");
        await("the pot paid", () -> "PAID".equals(api.get(path + "/pot", anna.token()).body().path("state").asText()));
        assertConserved();

        JsonNode board = api.get(path + "/board", anna.token()).body();
        JsonNode places = board.path("match").path("places");
        int best = Math.min(places.get(0).asInt(), places.get(1).asInt());
        List<Account> winners = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            if (places.get(s).asInt() == best) {
                winners.add(s == 0 ? anna : boris);
            }
        }
        pot = api.get(path + "/pot", anna.token()).body();
        assertEquals(200, pot.get("pot").asLong());
        long paid = 0;
        for (JsonNode p : pot.get("payouts")) {
            paid += p.get("amount").asLong();
        }
        assertEquals(200, paid, "the whole pot paid once: " + pot);
        for (Account a : List.of(anna, boris)) {
            long expected = 900 + (winners.contains(a) ? 200 / winners.size() : 0);
            assertEquals(expected, balance(api, a.token()), a.name() + " (board " + board + ", pot " + pot + ")");
            assertEquals(winners.contains(a) ? 1 : 0, count("select count(*) from ch_ledger where player_id = ?"
                    + " and kind = 'POT_WIN' and table_id = '" + table + "'", a.playerId()), "one payout at most");
        }
        // the leaderboard agrees with the board the pot was paid by
        for (Account w : winners) {
            await("the leaderboard has " + w.name(), () -> api.get("/api/players/" + w.playerId(), null).status() == 200);
            JsonNode recent = api.get("/api/players/" + w.playerId(), null).body().path("recent").get(0);
            assertEquals(table, recent.get("tableId").asText());
            assertEquals(best, recent.get("place").asInt());
        }
    }

    /** Plays the match at {@code path} to its end with random legal moves of the people's seats (bots play theirs). */
    private static void playToTheEnd(Api api, String path, List<String> tokens, Random random) throws Exception {
        for (int step = 0; step < 3000; step++) {
            JsonNode view = api.get(path + "/view", tokens.get(0)).body();
            if (Moves.finished(view)) {
                return;
            }
            if (Moves.onBoard(view)) {
                for (String t : tokens) {
                    api.post(path + "/continue", t, Api.object());
                }
                continue;
            }
            int seat = Moves.toAct(view);
            if (seat < 0 || seat >= tokens.size()) {
                Thread.sleep(20);
                continue;
            }
            JsonNode mine = seat == 0 ? view : api.get(path + "/view", tokens.get(seat)).body();
            JsonNode move = Moves.random(mine, random);
            if (move != null) {
                api.post(path + "/moves", tokens.get(seat), Players.moveBody(UUID.randomUUID().toString(), move));
            }
        }
        throw new AssertionError("the match at " + path + " did not end");
    }

    @Test
    void aStakedAgain_holdsTheStakeAgain_andSeatsNobodyWhoCannotCoverIt() throws Exception {
        Api api = SystemUnderTest.api();
        String run = run();
        Account dora = register(api, "Dora" + run), emil = register(api, "Emil" + run);
        ObjectNode settings = Api.object().put("players", 2).put("dealsPerMatch", 1).put("stake", 600);
        settings.putNull("turnClock");
        Api.Response created = api.post("/api/tables", dora.token(), Api.object().set("settings", settings));
        assertEquals(201, created.status(), created.toString());
        String path = "/api/tables/" + created.body().get("tableId").asText();
        assertEquals(200, api.post(path + "/join", emil.token(), Api.object()).status());
        assertEquals(200, api.post(path + "/start", dora.token(), Api.object()).status());
        playToTheEnd(api, path, List.of(dora.token(), emil.token()), new Random(run.hashCode()));
        await("the pot paid", () -> "PAID".equals(api.get(path + "/pot", dora.token()).body().path("state").asText()));
        long d = balance(api, dora.token()), e = balance(api, emil.token());
        assertEquals(2000, d + e);

        // the poorer presses first: with less than the stake it is refused and not seated; the other pays again
        Account poor = d <= e ? dora : emil, rich = poor == dora ? emil : dora;
        long poorBalance = Math.min(d, e), richBalance = Math.max(d, e);
        Api.Response first = api.post(path + "/again", poor.token(), Api.object());
        if (poorBalance < 600) {
            assertEquals(409, first.status(), first.toString());
            assertEquals("INSUFFICIENT_CHIPS", first.code());
            assertEquals(poorBalance, balance(api, poor.token()), "nothing held");
        } else { // a tie: both can pay
            assertEquals(200, first.status(), first.toString());
            assertEquals(poorBalance - 600, balance(api, poor.token()));
        }
        Api.Response second = api.post(path + "/again", rich.token(), Api.object());
        assertEquals(200, second.status(), second.toString());
        assertEquals(richBalance - 600, balance(api, rich.token()), "the stake held again");
        String again = second.body().path("tableId").asText();
        JsonNode pot = api.get("/api/tables/" + again + "/pot", rich.token()).body();
        assertEquals(600, pot.path("stake").asLong(), pot.toString());
        boolean poorSeated = false;
        for (JsonNode s : api.get("/api/tables/" + again, rich.token()).body().path("seats")) {
            poorSeated |= poor.playerId().equals(s.path("playerId").asText());
        }
        assertEquals(poorBalance >= 600, poorSeated, "seated at the rematch only with the stake held");
        assertConserved();
    }

    @Test
    void fiveStakedTablesJoinedAtOnce_withChipsForTwo_seatThePlayerAtTwo() throws Exception {
        Api api = SystemUnderTest.api();
        String run = run();
        List<String> tables = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Account host = register(api, "Host" + i + "-" + run);
            Api.Response created = api.post("/api/tables", host.token(), Api.object().set("settings",
                    Api.object().put("players", 2).put("stake", 400)));
            assertEquals(201, created.status(), created.toString());
            tables.add(created.body().get("tableId").asText());
        }
        Account cleo = register(api, "Cleo" + run);
        List<CompletableFuture<Api.Response>> joins = new ArrayList<>();
        for (String t : tables) {
            joins.add(CompletableFuture.supplyAsync(() -> api.post("/api/tables/" + t + "/join", cleo.token(),
                    Api.object())));
        }
        int seated = 0, refused = 0;
        for (CompletableFuture<Api.Response> j : joins) {
            Api.Response r = j.join();
            if (r.status() == 200) {
                seated++;
            } else {
                assertEquals("INSUFFICIENT_CHIPS", r.code(), r.toString());
                refused++;
            }
        }
        assertEquals(2, seated);
        assertEquals(3, refused);
        int seats = 0;
        for (String t : tables) {
            for (JsonNode s : api.get("/api/tables/" + t, cleo.token()).body().path("seats")) {
                if (cleo.playerId().equals(s.path("playerId").asText())) {
                    seats++;
                }
            }
        }
        assertEquals(2, seats, "seated at two tables");
        assertEquals(200, balance(api, cleo.token()));
        assertConserved();

        // the daily bonus, through the edge, once a day
        Api.Response bonus = api.post("/api/me/chips/bonus", cleo.token(), Api.object());
        assertEquals(200, bonus.status(), bonus.toString());
        assertEquals(300, bonus.body().get("balance").asLong());
        assertEquals("BONUS_ALREADY_CLAIMED", api.post("/api/me/chips/bonus", cleo.token(), Api.object()).code());
        assertConserved();
    }
}
