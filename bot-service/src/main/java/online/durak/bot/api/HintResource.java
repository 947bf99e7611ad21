package online.durak.bot.api;

import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import online.durak.service.auth.ServiceToken;

/**
 * {@code POST /api/hints} with {@code {"rules": <settings>, "view": <a seat's view>, "names": [<name or null by
 * seat>]}} (the JSON of {@code Codec.toNode(Rules)} and {@code Codec.toNode(SeatView)}; names optional) answers
 * {@code 200 {"move", "reason", "reasons": {"en", "de"}, "kind", "clear", "samples", "candidates": [{"move",
 * "notDurakRate", "meanCardsLeftWhenDurak", "samples", "exact", "expected", "behind", "margin", "equalToBest"}]}},
 * best first ({@link Hints}). A body
 * that cannot be read is 400 (INVALID_JSON, INVALID_REQUEST, INVALID_SETTING, INVALID_VIEW naming the field), a
 * view without a legal move 409 NOT_YOUR_TURN, the daily game's counting attempt 409 HINTS_NOT_IN_DAILY, too many
 * hints at once 503 BUSY. Only another service may ask (a service token: 401 without a token, 403 SERVICE_ONLY with a
 * player's): the table service asks on a player's behalf (it checks that the table is a solo game and records
 * HintTaken); this service only computes.
 */
@Path("/api/hints")
@RolesAllowed(ServiceToken.GROUP)
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
