package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import online.durak.client.Api;
import online.durak.engine.Event;
import online.durak.engine.Views;
import online.durak.messages.Codec;

/** Every finished deal of a table replays: one step per deal event, ending with every card as the deal ended. */
final class Replays {

    private Replays() {
    }

    /** Asks for the replay of each deal the stored log ended; returns how many deals there were. */
    static int assertEveryDealReplays(Api api, String table, String token, Truth truth) {
        int deal = 0;
        long dealtAt = -1;
        long dealEvents = 0;
        for (long seq = 1; seq <= truth.lastSeq(); seq++) {
            Event e = truth.event(seq);
            if (e instanceof Event.DealStarted) {
                dealtAt = seq;
                dealEvents = 0;
            } else if (e instanceof Event.DealEvent) {
                dealEvents++;
            }
            if (!(e instanceof Event.DealEnded)) {
                continue;
            }
            deal++;
            String where = table + " deal " + deal + " (seqs " + dealtAt + ".." + seq + ")";
            Api.Response r = api.get("/api/tables/" + table + "/replay?deal=" + deal, token);
            assertEquals(200, r.status(), where + ": " + r);
            JsonNode steps = r.body().get("steps");
            assertEquals(dealEvents + 1, steps.size(), where + ": a step for the deal dealt and each deal event");
            assertEquals(dealtAt, steps.get(0).get("seq").asLong(), where + ": the first step is the deal dealt");
            JsonNode last = steps.get(steps.size() - 1);
            assertEquals(seq, last.get("seq").asLong(), where + ": the last step is the deal's end");
            assertEquals(Codec.write(Codec.toNode(Views.openView(truth.at(seq).match().deal()))),
                Codec.write(last.get("view")), where + ": the replay ends with every card as the deal ended");
        }
        assertTrue(deal > 0, table + " ended no deal");
        return deal;
    }
}
