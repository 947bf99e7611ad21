package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.UUID;
import online.durak.client.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Quick match with a stake through the whole system (docs/chips.md "Quick match"): the ticket holds the stake in the
 * leaderboard service's wallet, the hold moves to the table its pool forms, the seat confirms it and the match's start
 * puts it into the pot; a stake above the balance makes no ticket, a cancel gives the chips back, a guest is refused.
 */
@ExtendWith(SystemUnderTest.class)
class QuickMatchStakesSystemTest {
    private static final String PASSWORD = "correct horse battery";

    record Account(String playerId, String token) {
    }

    private static Account register(Api api, String name) {
        Api.Response r = api.post("/api/accounts", null, Api.object().put("name", name).put("password", PASSWORD));
        assertEquals(201, r.status(), r.toString());
        return new Account(r.body().get("playerId").asText(), r.body().get("token").asText());
    }

    private static long chips(Api api, String token, String field) {
        Api.Response r = api.get("/api/me/chips", token);
        assertEquals(200, r.status(), r.toString());
        return r.body().get(field).asLong();
    }

    /** A 2-player quick match with this stake, no clock (the match waits for its moves). */
    private static ObjectNode wish(long stake) {
        ObjectNode w = Api.object().put("players", 2).put("stake", stake);
        w.putNull("turnClock");
        return w;
    }

    private static JsonNode seated(Api api, String token) throws InterruptedException {
        long end = System.nanoTime() + 30_000_000_000L;
        while (true) {
            Api.Response r = api.get("/api/quick-match", token);
            assertEquals(200, r.status(), r.toString());
            if ("SEATED".equals(r.body().get("status").asText())) {
                return r.body();
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("not seated in time: " + r);
            }
            Thread.sleep(200);
        }
    }

    @Test
    void twoAccounts_stakedQuickMatch_sitAtOneTable_andThePotHoldsBothStakes() throws Exception {
        Api api = SystemUnderTest.api();
        String run = UUID.randomUUID().toString().substring(0, 6);
        // a stake of this run's own, so its pool meets no other test's tickets
        long stake = 40 + Math.floorMod(run.hashCode(), 50);
        Account anna = register(api, "Qa" + run), boris = register(api, "Qb" + run);
        Api.Guest gast = api.signIn("Gast");

        Api.Response guest = api.post("/api/quick-match", gast.token(), wish(stake));
        assertEquals(403, guest.status(), guest.toString());
        assertEquals("STAKE_NEEDS_ACCOUNT", guest.code());
        assertEquals(404, api.get("/api/quick-match", gast.token()).status(), "a refused guest has no ticket");

        // a stake above the balance: the wallet's refusal, no ticket, nothing held
        Api.Response tooMuch = api.post("/api/quick-match", anna.token(), wish(5000));
        assertEquals(409, tooMuch.status(), tooMuch.toString());
        assertEquals("INSUFFICIENT_CHIPS", tooMuch.code());
        assertEquals(404, api.get("/api/quick-match", anna.token()).status(), "no ticket");
        assertEquals(1000, chips(api, anna.token(), "balance"));
        assertEquals(0, chips(api, anna.token(), "held"));

        // a ticket holds the stake; its cancel gives it back
        Api.Response asked = api.post("/api/quick-match", anna.token(), wish(stake).put("players", 3));
        assertEquals(201, asked.status(), asked.toString());
        assertEquals(1000 - stake, chips(api, anna.token(), "balance"));
        assertEquals(stake, chips(api, anna.token(), "held"));
        StakesSystemTest.assertConserved();
        assertEquals(204, api.delete("/api/quick-match", anna.token()).status());
        assertEquals(1000, chips(api, anna.token(), "balance"));
        assertEquals(0, chips(api, anna.token(), "held"));
        StakesSystemTest.assertConserved();

        // two accounts: one table, each hold moved there, both stakes in the pot once the match starts
        assertEquals(201, api.post("/api/quick-match", anna.token(), wish(stake)).status());
        assertEquals(201, api.post("/api/quick-match", boris.token(), wish(stake)).status());
        JsonNode a = seated(api, anna.token()), b = seated(api, boris.token());
        String table = a.get("tableId").asText();
        assertEquals(table, b.get("tableId").asText(), "one table: " + a + " " + b);
        long end = System.nanoTime() + 60_000_000_000L;
        JsonNode pot = api.get("/api/tables/" + table + "/pot", anna.token()).body();
        while (pot.path("pot").asLong() != 2 * stake && System.nanoTime() < end) {
            Thread.sleep(200);
            pot = api.get("/api/tables/" + table + "/pot", anna.token()).body();
        }
        assertEquals(2 * stake, pot.path("pot").asLong(), pot.toString());
        assertEquals(stake, pot.get("stake").asLong());
        assertEquals("HELD", pot.get("state").asText());
        for (Account p : new Account[] {anna, boris}) {
            assertEquals(1000 - stake, chips(api, p.token(), "balance"));
            assertEquals(0, chips(api, p.token(), "held"), "the hold is the stake now");
        }
        StakesSystemTest.assertConserved();
    }
}
