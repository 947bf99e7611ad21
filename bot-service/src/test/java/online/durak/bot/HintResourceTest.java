package online.durak.bot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.smallrye.jwt.build.Jwt;
import java.time.LocalDate;
import java.util.List;
import java.util.SplittableRandom;
import online.durak.engine.BotLevel;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Views;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableStatus;
import online.durak.messages.Codec;
import online.durak.service.auth.ServiceToken;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/hints} over HTTP: a legal move with reasons for real views, stable codes for bad ones, only for
 * another service (a service token), never for the daily game's counting attempt.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(BotTopics.class)
class HintResourceTest {

    private static String body(Rules rules, SeatView view) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.set("rules", Codec.toNode(rules));
        o.set("view", Codec.toNode(view));
        return Codec.write(o);
    }

    private static final ServiceToken SERVICE = new ServiceToken("durak-online", "table-service");

    private static Response post(String body) {
        return given().auth().oauth2(SERVICE.get()).contentType(ContentType.JSON).body(body).post("/api/hints");
    }

    /** A solo game played (first legal moves) until the human is to act and has a choice, {@code moves} times. */
    private static Game humanToChoose(int times) {
        Game g = Game.soloBotFirst("h-" + times, Rules.defaults(2), BotLevel.NORMAL);
        SplittableRandom random = new SplittableRandom(times);
        int seen = 0;
        while (g.state.status() == TableStatus.PLAYING) {
            List<Move> legal = g.legalMoves(g.state.toAct());
            if (g.state.toAct() == 0 && legal.size() > 1 && ++seen >= times) {
                return g;
            }
            g.send(new TableCommand.Play(g.actorId(), legal.get(random.nextInt(legal.size()))));
        }
        throw new AssertionError("the match ended first");
    }

    private static void assertHint(Game g) {
        SeatView view = Views.seatView(g.state.match().deal(), 0);
        Response r = post(body(g.state.rules(), view));
        assertEquals(200, r.statusCode(), r.asString());
        JsonNode hint = Codec.parse(r.asString());
        Move move = Codec.readMove(hint.get("move"));
        assertTrue(view.legalMoves().contains(move), move + " is not legal");
        assertFalse(hint.get("reason").textValue().isBlank(), "a reason");
        ArrayNode candidates = (ArrayNode) hint.get("candidates");
        assertFalse(candidates.isEmpty());
        assertEquals(hint.get("move"), candidates.get(0).get("move"), "the best candidate first");
        for (JsonNode c : candidates) {
            assertTrue(view.legalMoves().contains(Codec.readMove(c.get("move"))));
            double rate = c.get("notDurakRate").doubleValue();
            assertTrue(rate >= 0 && rate <= 1, c.toString());
            assertTrue(c.get("meanCardsLeftWhenDurak").isNumber());
            assertTrue(c.get("samples").isInt());
            assertTrue(c.get("exact").isBoolean());
        }
    }

    @Test
    void aRealView_getsALegalMove_aReason_andTheCandidates() {
        assertHint(humanToChoose(1));
    }

    @Test
    void aViewLateInTheDeal_too() {
        assertHint(humanToChoose(12));
    }

    @Test
    void badBodies_are400_withAStableCode() {
        post("{\"rules\": ").then().statusCode(400).body("code", equalTo("INVALID_JSON"));
        post("").then().statusCode(400).body("code", equalTo("INVALID_JSON"));
        post("{}").then().statusCode(400).body("code", equalTo("INVALID_REQUEST"));
        post("[1,2]").then().statusCode(400).body("code", equalTo("INVALID_REQUEST"));
        Game g = humanToChoose(1);
        SeatView view = Views.seatView(g.state.match().deal(), 0);
        ObjectNode good = (ObjectNode) Codec.parse(body(g.state.rules(), view));

        ObjectNode badCard = good.deepCopy();
        ((ArrayNode) badCard.get("view").get("hand")).set(0, "11X");
        post(Codec.write(badCard)).then().statusCode(400).body("code", equalTo("INVALID_VIEW"));

        ObjectNode impossible = good.deepCopy();
        ((ObjectNode) impossible.get("view")).put("stockCount", 3);
        post(Codec.write(impossible)).then().statusCode(400).body("code", equalTo("INVALID_VIEW"))
                .body("message", org.hamcrest.Matchers.containsString("view.handSizes"));

        ObjectNode badRules = good.deepCopy();
        ((ObjectNode) badRules.get("rules")).put("players", 9);
        post(Codec.write(badRules)).then().statusCode(400).body("code", equalTo("INVALID_SETTING"));

        given().auth().oauth2(SERVICE.get()).contentType(ContentType.TEXT).body(Codec.write(good)).post("/api/hints")
                .then().statusCode(415).body("code", equalTo("UNSUPPORTED_MEDIA_TYPE"));
    }

    @Test
    void aViewOfASeatNotToAct_is409_notYourTurn() {
        Game g = humanToChoose(1);
        SeatView bots = Views.seatView(g.state.match().deal(), 1);
        post(body(g.state.rules(), bots)).then().statusCode(409).body("code", equalTo("NOT_YOUR_TURN"));
    }

    @Test
    void onlyAService_mayAsk_notAPlayer_norAnyoneWithoutAToken() {
        Game g = humanToChoose(1);
        String body = body(g.state.rules(), Views.seatView(g.state.match().deal(), 0));
        given().contentType(ContentType.JSON).body(body).post("/api/hints")
                .then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        String player = Jwt.issuer("durak-online").subject("p-1").claim("name", "Ann").expiresIn(3600).sign();
        given().auth().oauth2(player).contentType(ContentType.JSON).body(body).post("/api/hints")
                .then().statusCode(403).body("code", equalTo("SERVICE_ONLY"));
        post(body).then().statusCode(200);
    }

    @Test
    void theDailyGamesCountingAttempt_is409_whoeverAsks() {
        Game g = humanToChoose(1);
        ObjectNode daily = (ObjectNode) Codec.parse(body(g.state.rules(), Views.seatView(g.state.match().deal(), 0)));
        daily.set("rules", Codec.toNode(Rules.daily(LocalDate.of(2026, 12, 3), false)));
        post(Codec.write(daily)).then().statusCode(409).body("code", equalTo("HINTS_NOT_IN_DAILY"))
                .body("message", org.hamcrest.Matchers.containsString("practice attempts may take them"));
    }
}
