package online.durak.leaderboard.api;

import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import online.durak.leaderboard.messaging.Rebuild;

/**
 * {@code POST /admin/rebuild}, for operators: drops the leaderboard and rebuilds it from the event store, answering
 * when done with {@code {matches, applied, millis}}; 409 {@code REBUILD_RUNNING} while one runs. Outside {@code /api}
 * so that an edge forwarding the public API never forwards it; the service listens on loopback by default.
 */
@Path("/admin/rebuild")
public class RebuildResource {
    private final Rebuild rebuild;

    public RebuildResource(Rebuild rebuild) {
        this.rebuild = rebuild;
    }

    @POST
    @Blocking
    @Produces(MediaType.APPLICATION_JSON)
    public Rebuild.Summary rebuild() {
        return rebuild.run();
    }
}
