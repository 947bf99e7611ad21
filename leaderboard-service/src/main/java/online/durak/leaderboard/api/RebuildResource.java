package online.durak.leaderboard.api;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import online.durak.leaderboard.messaging.Rebuild;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * For operators: {@code POST /admin/rebuild} drops the leaderboard and starts rebuilding it from the event store
 * (202 with the status; 409 {@code REBUILD_RUNNING} while one runs); {@code GET /admin/rebuild} is the status
 * {@code {running, matches, done, applied, millis, error}}. Outside {@code /api} so that an edge forwarding the public
 * API never forwards it; the service listens on loopback by default. Only a service's token may call it (durak-service's
 * service-only paths: 401 without, 403 {@code SERVICE_ONLY} with a player's).
 */
@Path("/admin/rebuild")
@Tag(name = "operators")
public class RebuildResource {
    private final Rebuild rebuild;

    public RebuildResource(Rebuild rebuild) {
        this.rebuild = rebuild;
    }

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rebuild the leaderboard from the event store")
    @APIResponse(responseCode = "202", description = "started: the status")
    @APIResponse(responseCode = "409", description = "REBUILD_RUNNING")
    public Response start() {
        return Response.accepted(rebuild.start()).build();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The rebuild's status")
    public Rebuild.Status status() {
        return rebuild.status();
    }
}
