package online.durak.matchmaking;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import java.util.UUID;
import online.durak.testkit.DurakInfraResource;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Staked tickets against a stand-in wallet ({@link FakeWallet}; the real one: system-tests
 * {@code QuickMatchStakesSystemTest}): the stake held at the ticket's key when it is made, released by a cancel, moved
 * to the table its pool forms; a ticket whose hold is gone is dropped and the table forms without it.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(WithRulesService.class)
@QuarkusTestResource(FakeWallet.class)
class QuickMatchStakesTest {

    static QuickMatchTest.Player account(String name) {
        String id = UUID.randomUUID().toString();
        return new QuickMatchTest.Player(id, name, Tokens.token(id, name, true));
    }

    static String wallet() {
        return ConfigProvider.getConfig().getValue("durak.matchmaking.chips.url", String.class);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> holds() {
        return given().get(wallet() + "/fake/holds").then().statusCode(200).extract().jsonPath().getMap("holds");
    }

    static long balance(String playerId) {
        Object b = given().get(wallet() + "/fake/holds").then().statusCode(200).extract().jsonPath()
                .getMap("balances").get(playerId);
        return b == null ? 1000 : ((Number) b).longValue();
    }

    @Test
    void aStakeAboveTheBalance_makesNoTicket_andAGuestsStakeIsRefused() {
        QuickMatchTest.Player ann = account("Ann");
        QuickMatchTest.ask(ann, "{\"players\":2,\"stake\":2000}", 409);
        given().auth().oauth2(ann.token()).contentType("application/json").body("{\"players\":2,\"stake\":2000}")
                .post("/api/quick-match").then().statusCode(409).body("code", equalTo("INSUFFICIENT_CHIPS"))
                .body("message", org.hamcrest.Matchers.startsWith("stake:"));
        QuickMatchTest.mine(ann, 404);
        assertEquals(1000, balance(ann.id()));
        QuickMatchTest.Player guest = QuickMatchTest.Player.fresh("Gus");
        given().auth().oauth2(guest.token()).contentType("application/json").body("{\"players\":2,\"stake\":10}")
                .post("/api/quick-match").then().statusCode(403).body("code", equalTo("STAKE_NEEDS_ACCOUNT"));
        QuickMatchTest.mine(guest, 404);
        assertTrue(holds().keySet().stream().noneMatch(k -> k.endsWith("|" + guest.id())));
    }

    @Test
    void aTicketHoldsItsStake_atItsOwnKey_andItsCancelReleasesIt() {
        QuickMatchTest.Player ann = account("Ann");
        try (PoolLock held = new PoolLock("PODKIDNOI/36/single/clock60/stake12")) { // nobody forms it meanwhile
            String ticket = QuickMatchTest.ask(ann, "{\"players\":3,\"stake\":12}", 201).getString("ticketId");
            assertEquals(12, ((Number) holds().get("qm-" + ticket + "|" + ann.id())).longValue());
            assertEquals(988, balance(ann.id()));
            // a second ticket holds nothing more
            QuickMatchTest.ask(ann, "{\"players\":2,\"stake\":12}", 409);
            assertEquals(988, balance(ann.id()));
            given().auth().oauth2(ann.token()).delete("/api/quick-match").then().statusCode(204);
            assertFalse(holds().containsKey("qm-" + ticket + "|" + ann.id()));
            assertEquals(1000, balance(ann.id()));
        }
    }

    @Test
    void theHoldsMoveToTheFormedTable_andATicketWhoseHoldIsGone_isDropped() {
        QuickMatchTest.Player ann = account("Ann"), bob = account("Bob"), cid = account("Cid");
        String annTicket, bobTicket, cidTicket;
        try (PoolLock held = new PoolLock("PODKIDNOI/36/single/clock60/stake11")) {
            annTicket = QuickMatchTest.ask(ann, "{\"players\":2,\"stake\":11}", 201).getString("ticketId");
            bobTicket = QuickMatchTest.ask(bob, "{\"players\":2,\"stake\":11}", 201).getString("ticketId");
            cidTicket = QuickMatchTest.ask(cid, "{\"players\":2,\"stake\":11}", 201).getString("ticketId");
            // Ann's hold is swept meanwhile: the oldest ticket, so the first table tried is hers
            given().queryParam("key", "qm-" + annTicket + "|" + ann.id()).delete(wallet() + "/fake/holds")
                    .then().statusCode(200);
        }
        JsonPath b = QuickMatchTest.seated(bob), c = QuickMatchTest.seated(cid);
        String table = b.getString("tableId");
        assertEquals(table, c.getString("tableId"), "Bob and Cid at one table");
        QuickMatchTest.mine(ann, 404); // dropped: no hold, no seat
        Map<String, Object> h = holds();
        assertEquals(11, ((Number) h.get(table + "|" + bob.id())).longValue());
        assertEquals(11, ((Number) h.get(table + "|" + cid.id())).longValue());
        assertFalse(h.containsKey("qm-" + bobTicket + "|" + bob.id()));
        assertFalse(h.containsKey("qm-" + cidTicket + "|" + cid.id()));
        assertTrue(h.keySet().stream().noneMatch(k -> k.endsWith("|" + ann.id())), h.toString());
        QuickMatchTest.startedTable(table);
    }
}
