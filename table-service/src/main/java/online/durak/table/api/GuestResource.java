package online.durak.table.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Set;
import online.durak.table.auth.Player;
import online.durak.table.auth.TokenService;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Guest sign-in and "who am I". */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "guests")
public class GuestResource {
    private final TokenService tokens;

    public GuestResource(TokenService tokens) {
        this.tokens = tokens;
    }

    @POST
    @Path("/guests")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign in as a guest", description = "Gives a new player id and a bearer token signed by "
            + "the service (HMAC-SHA256 over the id and the name).")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Docs.GuestRequest.class)))
    @APIResponse(responseCode = "201", description = "signed in",
            content = @Content(schema = @Schema(implementation = Docs.Guest.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST (unknown field), INVALID_NAME",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public Response signIn(String body) {
        ObjectNode o = Bodies.object(body, false);
        Bodies.only(o, Set.of("name"));
        Player p = tokens.newGuest(Bodies.optText(o, "name"));
        return Response.status(201).entity(new Docs.Guest(p.playerId(), p.name(), tokens.issue(p))).build();
    }

    @GET
    @Path("/me")
    @Operation(summary = "Who the token says I am")
    @SecurityRequirement(name = "bearer")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Docs.Me.class)))
    @APIResponse(responseCode = "401", description = "UNAUTHORIZED: no token, or a forged one",
            content = @Content(schema = @Schema(implementation = Docs.Error.class)))
    public Docs.Me me(@Parameter(hidden = true) @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        Player p = tokens.fromAuthorization(authorization);
        return new Docs.Me(p.playerId(), p.name());
    }
}
