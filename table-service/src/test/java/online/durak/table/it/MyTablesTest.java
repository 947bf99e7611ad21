package online.durak.table.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/** {@code GET /api/me/tables}: where I sit and the match is not over, so a new page can take me back. */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class MyTablesTest extends WithFakeRules {

    private static JsonPath mine(String token) {
        return It.as(token).get("/api/me/tables").then().statusCode(200).extract().jsonPath();
    }

    private static String create(String token, String settings) {
        return It.as(token).body("{\"settings\":" + settings + "}").post("/api/tables").then().statusCode(201)
                .extract().jsonPath().getString("tableId");
    }

    @Test
    void myRunningMatchComesFirst_thenMyOpenTables_andNeitherOnceILeftOrTheMatchIsOver() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String c = It.guest("Carl").getString("token");
        assertEquals(List.of(), mine(a).getList("$"));

        String waiting = create(a, "{\"players\":3,\"turnClock\":null}");
        String running = create(b, "{\"players\":2,\"dealsPerMatch\":3,\"turnClock\":null}");
        It.as(a).post("/api/tables/" + running + "/join").then().statusCode(200);
        It.as(b).post("/api/tables/" + running + "/start").then().statusCode(200);

        JsonPath annas = mine(a);
        assertEquals(List.of(running, waiting), annas.getList("tableId"), "the running match first");
        assertEquals(List.of("PLAYING", "OPEN"), annas.getList("status"));
        assertEquals(1, annas.getInt("[0].seat"));
        assertEquals(1, annas.getInt("[0].dealNumber"));
        assertNull(annas.get("[1].dealNumber"), "not started");
        assertEquals(2, annas.getInt("[0].settings.players"));
        assertEquals("Boris", annas.getString("[0].seats[0].name"));
        JsonPath view = It.as(a).get("/api/tables/" + running + "/view").then().statusCode(200).extract().jsonPath();
        assertEquals(view.getInt("deal.toAct") == 1, annas.getBoolean("[0].myTurn"));
        assertEquals(view.getInt("deal.toAct") == 0, mine(b).getBoolean("[0].myTurn"));
        assertEquals(List.of(running), mine(b).getList("tableId"));
        assertEquals(List.of(), mine(c).getList("$"), "a spectator or a stranger has no tables");

        // the last person leaving an open table closes it; leaving a running match hands the seat to a bot
        It.as(a).post("/api/tables/" + waiting + "/leave").then().statusCode(200);
        assertEquals(List.of(running), mine(a).getList("tableId"));
        It.as(a).post("/api/tables/" + running + "/leave").then().statusCode(200);
        assertEquals(List.of(), mine(a).getList("$"));
        assertEquals(List.of(running), mine(b).getList("tableId"), "Boris plays on against the bot");

        // a solo match its person leaves is over
        String solo = It.as(c).body("{\"settings\":{\"players\":2,\"dealsPerMatch\":1},\"bots\":\"EASY\"}")
                .post("/api/tables/solo").then().statusCode(201).extract().jsonPath().getString("tableId");
        assertEquals(List.of(solo), mine(c).getList("tableId"));
        It.as(c).post("/api/tables/" + solo + "/leave").then().statusCode(200);
        assertEquals("FINISHED", It.as(c).get("/api/tables/" + solo).then().extract().jsonPath().getString("status"));
        assertFalse(mine(c).getList("tableId").contains(solo));
    }

    @Test
    void withoutATokenItIs401() {
        io.restassured.RestAssured.given().get("/api/me/tables").then().statusCode(401)
                .body("code", org.hamcrest.Matchers.equalTo("UNAUTHORIZED"));
    }
}
