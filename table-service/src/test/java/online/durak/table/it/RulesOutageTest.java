package online.durak.table.it;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.net.URI;
import java.util.List;
import online.durak.messages.Codec;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import online.durak.testkit.Management;

/**
 * The rules service goes silent ({@link FakeRules#silent}): after {@code durak.rules.breaker.failures} commands
 * without a reply the circuit breaker opens, commands are refused at once with 503 {@code RULES_UNAVAILABLE}
 * (over REST and WebSocket, without being sent), WebSockets get {@code paused}, readiness stays UP and shows the
 * breaker; once the rules service answers again the probe closes it, WebSockets get {@code resumed}, moves go through.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class RulesOutageTest extends WithFakeRules {
    private static final int FAILURES = 3; // durak.rules.breaker.failures (default)

    @TestHTTPResource("/")
    URI base;

    @BeforeEach
    void answering() {
        rules.silent = false;
    }

    /** Whatever happened, the next test (of any class) finds the breaker closed. */
    @AfterEach
    void answerAgain() {
        rules.silent = false;
        long deadline = System.currentTimeMillis() + 60_000;
        while (!"CLOSED".equals(breaker().getString("circuit")) && System.currentTimeMillis() < deadline) {
            Kafka.sleep(200);
        }
    }

    private URI ws(String tableId, String token) {
        return URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/" + tableId + "/ws?token=" + token);
    }

    /** The data of readiness's rules-service check (the check itself always UP). */
    private static JsonPath breaker() {
        var r = Management.given().get("/q/health/ready");
        r.then().statusCode(200).body("status", equalTo("UP"))
                .body("checks.find { it.name == 'rules-service' }.status", equalTo("UP"));
        return new JsonPath(r.asString()).setRootPath("checks.find { it.name == 'rules-service' }.data");
    }

    /** The next frame of {@code type}, passing over others, within {@code ms}. */
    private static JsonNode frame(WsClient ws, String type, long ms) throws InterruptedException {
        long deadline = System.currentTimeMillis() + ms;
        while (System.currentTimeMillis() < deadline) {
            JsonNode f = ws.poll(Math.max(1, deadline - System.currentTimeMillis()));
            if (f != null && type.equals(f.path("type").textValue())) {
                return f;
            }
        }
        throw new AssertionError("no " + type + " frame within " + ms + " ms");
    }

    private static String move(String commandId, JsonNode move) {
        return "{\"commandId\":\"" + commandId + "\",\"move\":" + move + "}";
    }

    @Test
    void silenceOpensTheBreaker_commandsFailFast_tablesPauseAndResume() throws Exception {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String carl = It.guest("Carl").getString("token");
        String id = It.as(a).body("{\"settings\":{\"players\":2,\"dealsPerMatch\":1,\"turnClock\":null}}")
                .post("/api/tables").then().statusCode(201).extract().path("tableId");
        String t = "/api/tables/" + id;
        It.as(b).post(t + "/join").then().statusCode(200);
        It.as(a).post(t + "/start").then().statusCode(200);
        String[] tokens = {a, b};
        int toAct = It.as(a).get(t + "/view").then().statusCode(200).extract().path("deal.toAct");
        String mover = tokens[toAct];
        String waiting = tokens[1 - toAct];
        JsonNode legal = Codec.parse(It.as(mover).get(t + "/view").asString()).at("/deal/legalMoves/0");

        try (WsClient wa = WsClient.connect(ws(id, a))) {
            assertEquals("view", wa.next().get("type").textValue());

            // a refusal is a reply, not a failure: however many, the breaker stays closed
            long openedBefore = breaker().getLong("opened");
            for (int i = 0; i <= FAILURES; i++) {
                It.as(waiting).body(move("early-" + i, legal)).post(t + "/moves")
                        .then().statusCode(409).body("code", equalTo("NOT_YOUR_TURN"));
            }
            assertEquals("CLOSED", breaker().getString("circuit"));

            rules.silent = true;
            for (int i = 0; i < FAILURES; i++) {
                It.as(mover).body(move("lost-" + i, legal)).post(t + "/moves")
                        .then().statusCode(504).body("code", equalTo("RULES_TIMEOUT"));
            }
            JsonNode paused = frame(wa, "paused", 10_000);
            assertEquals("RULES_UNAVAILABLE", paused.get("reason").textValue());
            assertFalse(paused.get("message").textValue().isBlank());
            JsonPath open = breaker();
            assertEquals("OPEN", open.getString("circuit"));
            assertEquals(openedBefore + 1, open.getLong("opened"));

            // every command is refused at once, and never sent
            It.as(mover).body(move("fast-move", legal)).post(t + "/moves").then().statusCode(503)
                    .body("code", equalTo("RULES_UNAVAILABLE")).header("Retry-After", notNullValue());
            It.as(a).body("{\"settings\":{\"players\":2},\"commandId\":\"fast-create\"}").post("/api/tables")
                    .then().statusCode(503).body("code", equalTo("RULES_UNAVAILABLE"));
            It.as(carl).body("{\"commandId\":\"fast-join\"}").post(t + "/join")
                    .then().statusCode(503).body("code", equalTo("RULES_UNAVAILABLE"));
            It.as(a).body("{\"commandId\":\"fast-continue\"}").post(t + "/continue")
                    .then().statusCode(503).body("code", equalTo("RULES_UNAVAILABLE"));
            wa.send("{\"type\":\"continue\",\"commandId\":\"fast-ws\"}");
            JsonNode error = frame(wa, "error", 10_000);
            assertEquals("RULES_UNAVAILABLE", error.get("code").textValue());
            assertEquals("fast-ws", error.get("commandId").textValue());
            // bad input is still bad input
            It.as(mover).body("{\"commandId\":\"fast-bad\"}").post(t + "/moves").then().statusCode(400);
            // reads go on; a socket opened now is told at once
            It.as(a).get(t + "/view").then().statusCode(200);
            It.as(a).get("/api/tables").then().statusCode(200);
            try (WsClient wb = WsClient.connect(ws(id, b))) {
                assertEquals("view", wb.next().get("type").textValue());
                assertEquals("paused", wb.next().get("type").textValue());
            }
            List<String> dropped = rules.dropped;
            assertEquals(FAILURES, dropped.stream().filter(c -> c.contains(":lost-")).count(), dropped.toString());
            assertTrue(dropped.stream().noneMatch(c -> c.contains(":fast-")), dropped.toString());

            // the rules service answers again: the probe closes the breaker, the table resumes
            rules.silent = false;
            JsonNode resumed = frame(wa, "resumed", 30_000);
            assertEquals("{\"type\":\"resumed\"}", resumed.toString());
            assertEquals("CLOSED", breaker().getString("circuit"));
            JsonPath r = It.as(mover).body(move("after", legal)).post(t + "/moves")
                    .then().statusCode(200).extract().jsonPath();
            assertTrue(r.getBoolean("accepted"));
        }
    }
}
