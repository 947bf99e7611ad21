package online.durak.matchmaking.rating;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * What this service reads from leaderboard-service, as a typed REST client configured as
 * {@code quarkus.rest-client.leaderboard-service.*} (url {@code durak.matchmaking.rating.url}, timeouts, and every
 * status an answer to read: application.properties). Blocking calls, for worker threads.
 */
@Path("/api")
@RegisterRestClient(configKey = "leaderboard-service")
@Produces(MediaType.APPLICATION_JSON)
public interface LeaderboardApi {

    /** A player's profile, with its {@code rating}; 404 for a player without a finished match. */
    @GET
    @Path("/players/{id}")
    RestResponse<String> player(@PathParam("id") String playerId);

    /** One day's daily list, with the entry of {@code player} as {@code player}. */
    @GET
    @Path("/daily/list")
    RestResponse<String> dailyList(@QueryParam("date") String date, @QueryParam("player") String playerId,
                                   @QueryParam("size") int size);
}
