package online.durak.bot.api;

import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code POST /api/hints} with {@code {"rules": <settings>, "view": <a seat's view>, "names": [<name or null by
 * seat>]}} (the JSON of {@code Codec.toNode(Rules)} and {@code Codec.toNode(SeatView)}; names optional) answers
 * {@code 200 {"move", "reason", "reasons": {"en", "de"}, "kind", "clear", "samples", "candidates": [{"move",
 * "notDurakRate", "meanCardsLeftWhenDurak", "samples", "exact", "expected", "behind", "margin", "equalToBest"}]}},
 * best first ({@link Hints}). A body
 * that cannot be read is 400 (INVALID_JSON, INVALID_REQUEST, INVALID_SETTING, INVALID_VIEW naming the field), a
 * view without a legal move 409 NOT_YOUR_TURN, too many hints at once 503 BUSY. The table service asks on a
 * player's behalf (it checks that the table is a solo game and records HintTaken); this service only computes.
 */
@Path("/api/hints")
public class HintResource {

    private final Hints hints;

    public HintResource(Hints hints) {
        this.hints = hints;
    }

    @POST
    @Blocking
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public String hint(String body) {
        return hints.hint(body);
    }
}
