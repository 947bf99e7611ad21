package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import online.durak.client.Api;
import online.durak.engine.Event;
import online.durak.engine.table.TableStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Lobby hygiene through the public API: a table whose people all left before the start is closed, leaves the
 * lobby, says so to anyone who looks, and takes nobody any more. (The closing of tables that wait too long is
 * rules-service's LobbyFlowTest, with the expiry shortened.)
 */
@ExtendWith(SystemUnderTest.class)
class LobbyTest {

    @Test
    void aTableEveryoneLeftBeforeTheStart_isClosedAndLeavesTheLobby() {
        Api api = SystemUnderTest.api();
        List<Api.Guest> g = Players.signIn(api, "Ida", "Jon", "Kai");
        String table = Players.openTable(api, g.subList(0, 2), Api.object().put("players", 3));
        String path = "/api/tables/" + table;
        assertTrue(lobbyHas(api, g.get(2), table), "an open table is in the lobby");

        assertEquals(200, api.post(path + "/leave", g.get(0).token(), Api.object()).status());
        assertTrue(lobbyHas(api, g.get(2), table), "one person is still there");
        Api.Response left = api.post(path + "/leave", g.get(1).token(), Api.object());
        assertEquals(200, left.status(), left.toString());
        assertEquals("CLOSED", left.body().get("status").asText(), left.toString());

        assertTrue(!lobbyHas(api, g.get(2), table), "a closed table is not in the lobby");
        JsonNode summary = api.get(path, g.get(2).token()).body();
        assertEquals("CLOSED", summary.get("status").asText());
        Api.Response join = api.post(path + "/join", g.get(2).token(), Api.object());
        assertEquals("TABLE_CLOSED", join.code(), join.toString());
        assertEquals(409, join.status(), join.toString());

        Truth truth = Truth.load(table);
        assertEquals(TableStatus.CLOSED, truth.last().status());
        assertEquals(new Event.TableClosed(Event.TableClosed.EMPTY), truth.event(truth.lastSeq()));
        assertEquals(truth.lastSeq(), summary.get("seq").asLong(), "the refused join changed nothing");
    }

    /** Whether any page of the lobby lists the table. */
    private static boolean lobbyHas(Api api, Api.Guest g, String table) {
        String after = null;
        do {
            JsonNode page = api.get("/api/tables?limit=50" + (after == null ? "" : "&after=" + after), g.token()).body();
            for (JsonNode t : page.get("tables")) {
                if (t.get("tableId").asText().equals(table)) {
                    return true;
                }
            }
            after = page.get("next").isNull() ? null : page.get("next").asText();
        } while (after != null);
        return false;
    }
}
