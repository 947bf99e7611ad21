package online.durak.table.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.util.concurrent.CompletionException;
import java.util.function.Predicate;
import online.durak.messages.Codec;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/** The lobby's WebSocket: the open tables on opening and again after every change, as GET /api/tables lists them. */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class LobbySocketTest extends WithFakeRules {
    @TestHTTPResource("/")
    URI base;

    private URI lobby(String query) {
        return URI.create(base.toString().replaceFirst("^http", "ws") + "api/lobby/ws" + query);
    }

    private static JsonNode table(JsonNode frame, String id) {
        for (JsonNode t : frame.path("tables")) {
            if (id.equals(t.path("tableId").textValue())) {
                return t;
            }
        }
        return null;
    }

    /** Frames until one satisfies {@code p} (each frame is the whole lobby). */
    private static JsonNode until(WsClient ws, Predicate<JsonNode> p) {
        while (true) {
            JsonNode f = ws.next();
            assertEquals("lobby", f.path("type").textValue(), f::toString);
            if (p.test(f)) {
                return f;
            }
        }
    }

    @Test
    void aTableAppearsFillsAndLeavesTheLobbyWithoutAReload() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        try (WsClient ws = WsClient.connect(lobby("?token=" + b))) {
            JsonNode first = ws.next();
            assertEquals("lobby", first.path("type").textValue());
            assertTrue(first.path("tables").isArray());

            String id = It.as(a).body("{\"settings\":{\"players\":2,\"turnClock\":null}}").post("/api/tables")
                    .then().statusCode(201).extract().jsonPath().getString("tableId");
            JsonNode shown = table(until(ws, f -> table(f, id) != null), id);
            assertEquals(1, shown.path("freeSeats").asInt());
            assertEquals("Anna", shown.path("seats").get(0).path("name").textValue());
            // the same summary as the REST lobby's
            JsonNode rest = Codec.parse(It.as(b).get("/api/tables").asString());
            JsonNode restRow = null;
            for (JsonNode t : rest) {
                if (id.equals(t.path("tableId").textValue())) {
                    restRow = t;
                }
            }
            assertEquals(restRow, shown);

            It.as(b).post("/api/tables/" + id + "/join").then().statusCode(200);
            until(ws, f -> table(f, id) != null && table(f, id).path("freeSeats").asInt() == 0);

            It.as(a).post("/api/tables/" + id + "/start").then().statusCode(200);
            until(ws, f -> table(f, id) == null); // started: no longer open
        }
    }

    @Test
    void aTableOpenedBeforeTheConnectionLeavesItsListWhenItStarts() {
        String a = It.guest("Anna").getString("token");
        String b = It.guest("Boris").getString("token");
        String id = It.as(a).body("{\"settings\":{\"players\":2,\"turnClock\":null}}").post("/api/tables")
                .then().statusCode(201).extract().jsonPath().getString("tableId");
        It.as(b).post("/api/tables/" + id + "/join").then().statusCode(200);
        try (WsClient ws = WsClient.connect(lobby("?token=" + b))) {
            JsonNode first = ws.next();
            assertEquals(0, table(first, id).path("freeSeats").asInt(), first::toString);
            It.as(a).post("/api/tables/" + id + "/start").then().statusCode(200);
            until(ws, f -> table(f, id) == null);
        }
    }

    @Test
    void withoutAValidTokenTheUpgradeIsRefused() {
        assertThrows(CompletionException.class, () -> WsClient.connect(lobby("")).close());
        assertThrows(CompletionException.class, () -> WsClient.connect(lobby("?token=nope")).close());
    }
}
