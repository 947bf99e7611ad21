package online.durak.bot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.smallrye.jwt.build.Jwt;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import online.durak.engine.BotLevel;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableStatus;
import online.durak.service.auth.ServiceToken;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The analysis of a finished match over HTTP, with the real event store and the real {@code bot_analyses} table:
 * asked for, followed while it runs, done with every decision of the person judged, and asked again at no cost;
 * stable codes for what cannot be analysed; only with a token (a player's, as the edge forwards it, or a service's).
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(BotTopics.class)
@Timeout(300)
class AnalysisResourceTest {
    private static final ServiceToken SERVICE = new ServiceToken("durak-online", "table-service");

    /** The store outlives a test run: each run's tables are new. */
    private static final String RUN = java.util.UUID.randomUUID().toString().substring(0, 8);

    @Inject
    TestStore store;

    private static RequestSpecification asService() {
        return given().auth().oauth2(SERVICE.get());
    }

    /**
     * A solo game whose person makes {@code choices} decisions with a choice (the first legal move each), then leaves:
     * the match ends there, finished.
     */
    private static Game finished(String id, int choices) {
        Game g = Game.soloBotFirst(id, Rules.defaults(2), BotLevel.NORMAL);
        int made = 0;
        while (made < choices) {
            int seat = g.state.toAct();
            List<Move> legal = g.legalMoves(seat);
            made += seat == 0 && legal.size() > 1 ? 1 : 0;
            g.send(new TableCommand.Play(g.actorId(), legal.get(0), false));
        }
        g.send(new TableCommand.Leave("human-" + id, Shuffle.of(1)));
        assertEquals(TableStatus.FINISHED, g.state.status());
        return g;
    }

    @Test
    void aFinishedMatch_isAnalysedInTheBackground_storedAndAnsweredAgainAtOnce() throws InterruptedException {
        Game g = finished("an-round-" + RUN, 3);
        store.insert(g.events);
        Response first = asService().post("/api/tables/an-round-" + RUN + "/analysis");
        assertEquals(202, first.statusCode(), first.asString());
        assertTrue(Set.of("queued", "running", "done").contains(first.path("state")), first.asString());
        assertEquals(3, (int) first.path("total"));
        Response r = first;
        for (int i = 0; i < 600 && !"done".equals(r.path("state")); i++) {
            Thread.sleep(100);
            r = asService().get("/api/tables/an-round-" + RUN + "/analysis");
            assertEquals(200, r.statusCode(), r.asString());
            assertTrue((int) r.path("done") <= 3, r.asString());
        }
        assertEquals("done", r.path("state"), r.asString());
        assertEquals(3, (int) r.path("done"));
        List<Integer> seats = r.path("analysis.decisions.seat");
        assertEquals(List.of(0, 0, 0), seats, r.asString());
        for (String field : List.of("deal", "seq", "played", "best", "playedExpected", "bestExpected", "loss",
                "verdict", "reason.en", "reason.de")) {
            List<Object> values = r.path("analysis.decisions." + field);
            assertEquals(3, values.size(), field);
            values.forEach(v -> assertTrue(v != null, field));
        }
        assertEquals("Anna", r.path("analysis.players[0].name"));
        assertEquals(3, (int) r.path("analysis.players[0].decisions"));
        // stored: asking again answers done at once, the same analysis; any signed-in player may read it
        String player = Jwt.issuer("durak-online").subject("p-1").claim("name", "Ann").expiresIn(3600).sign();
        given().auth().oauth2(player).get("/api/tables/an-round-" + RUN + "/analysis").then().statusCode(200)
                .body("state", equalTo("done"));
        Response again = asService().post("/api/tables/an-round-" + RUN + "/analysis");
        assertEquals(202, again.statusCode());
        assertEquals("done", again.path("state"));
        assertEquals(r.jsonPath().getMap("analysis"), again.jsonPath().getMap("analysis"));
    }

    @Test
    void whatCannotBeAnalysed_getsAStableCode() {
        asService().get("/api/tables/an-never-" + RUN + "/analysis").then().statusCode(404)
                .body("code", equalTo("NO_ANALYSIS"));
        asService().post("/api/tables/an-nothing-" + RUN + "/analysis").then().statusCode(404)
                .body("code", equalTo("NO_SUCH_TABLE"));
        Game running = Game.twoHumans("an-running-" + RUN);
        store.insert(running.events);
        asService().post("/api/tables/an-running-" + RUN + "/analysis").then().statusCode(409)
                .body("code", equalTo("MATCH_NOT_OVER"));
        asService().get("/api/tables/an-running-" + RUN + "/analysis").then().statusCode(404)
                .body("code", equalTo("NO_ANALYSIS"));
        asService().contentType(ContentType.TEXT).body("not a record").post("/api/records/analysis").then()
                .statusCode(400).body("code", equalTo("INVALID_RECORD"));
        given().post("/api/tables/an-running-" + RUN + "/analysis").then().statusCode(401);
    }
}
