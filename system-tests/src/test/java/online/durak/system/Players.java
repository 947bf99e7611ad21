package online.durak.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import online.durak.client.Api;

/** Setting up a table through the API, as the tests need it. */
final class Players {

    private Players() {
    }

    static List<Api.Guest> signIn(Api api, String... names) {
        List<Api.Guest> guests = new ArrayList<>();
        for (String n : names) {
            guests.add(api.signIn(n));
        }
        return guests;
    }

    /** The first guest creates the table with {@code settings}, the others join in order; returns its id. */
    static String openTable(Api api, List<Api.Guest> guests, ObjectNode settings) {
        Api.Response created = api.post("/api/tables", guests.get(0).token(), Api.object().set("settings", settings));
        if (created.status() != 201) {
            throw new AssertionError("create: " + created);
        }
        String id = created.body().get("tableId").asText();
        for (Api.Guest g : guests.subList(1, guests.size())) {
            Api.Response joined = api.post("/api/tables/" + id + "/join", g.token(), Api.object());
            if (joined.status() != 200) {
                throw new AssertionError("join: " + joined);
            }
        }
        return id;
    }

    /** {@code {"commandId": id, "move": move}} */
    static ObjectNode moveBody(String commandId, JsonNode move) {
        ObjectNode o = Api.object().put("commandId", commandId);
        o.set("move", move);
        return o;
    }
}
