package online.durak.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Random;

/** Reading a seat's view ({@code GET /api/tables/{id}/view}, a reply's or a WebSocket frame's {@code view}). */
public final class Moves {

    private Moves() {
    }

    /** A legal move of the view's seat chosen at random, or null when it has none. */
    public static JsonNode random(JsonNode view, Random random) {
        JsonNode deal = view.path("deal");
        JsonNode legal = deal.path("legalMoves");
        if (!legal.isArray() || legal.isEmpty()) {
            return null;
        }
        return legal.get(random.nextInt(legal.size()));
    }

    /** The seat to act in the running deal, or -1. */
    public static int toAct(JsonNode view) {
        JsonNode deal = view.path("deal");
        JsonNode match = view.path("match");
        if (deal.isMissingNode() || deal.isNull() || !match.path("dealRunning").asBoolean(false)) {
            return -1;
        }
        JsonNode t = deal.path("toAct");
        return t.isIntegralNumber() ? t.intValue() : -1;
    }

    /** The match is over. */
    public static boolean finished(JsonNode view) {
        return "FINISHED".equals(view.path("table").path("status").asText());
    }

    /** A deal has ended and the board waits for continue. */
    public static boolean onBoard(JsonNode view) {
        return view.path("match").path("onBoard").asBoolean(false);
    }

    /** This view's seat has pressed continue on the board. */
    public static boolean continued(JsonNode view) {
        int seat = view.path("seat").asInt(-1);
        for (JsonNode s : view.path("match").path("continued")) {
            if (s.asInt() == seat) {
                return true;
            }
        }
        return false;
    }
}
