package online.durak.table.api;

import io.quarkus.security.Authenticated;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import online.durak.table.auth.Accounts;
import online.durak.table.auth.CurrentPlayer;
import online.durak.table.auth.Player;
import online.durak.table.auth.TokenService;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/** Guest sign-in, "who am I" and renewing a token. */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "guests")
public class GuestResource {
    private final TokenService tokens;
    private final Accounts accounts;
    private final CurrentPlayer player;

    public GuestResource(TokenService tokens, Accounts accounts, CurrentPlayer player) {
        this.tokens = tokens;
        this.accounts = accounts;
        this.player = player;
    }

    @POST
    @Path("/guests")
    @PermitAll
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign in as a guest", description = "Gives a new player id and a bearer token: a JWT "
            + "signed by the service (RS256; sub the player id, name, iss, exp). Renew it before it expires. The name "
            + "is checked as an account's (docs/accounts.md \"Names\"); guests may share a name with each other, but "
            + "not take an account's name or one that looks like it.")
    @RequestBody(required = true)
    @APIResponse(responseCode = "201", description = "signed in",
            content = @Content(schema = @Schema(implementation = Responses.Guest.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST, INVALID_NAME")
    @APIResponse(responseCode = "409", description = "NAME_TAKEN, NAME_RESERVED")
    @APIResponse(responseCode = "429", description = "RATE_LIMITED")
    public RestResponse<Responses.Guest> signIn(Requests.Guest body) {
        Player p = accounts.newGuest(Requests.required(body).name());
        return RestResponse.status(RestResponse.Status.CREATED,
                new Responses.Guest(p.playerId(), p.name(), p.account(), tokens.issue(p)));
    }

    @GET
    @Path("/me")
    @Authenticated
    @Operation(summary = "Who the token says I am", description = "The player id, name, and whether the player is "
            + "an account or a guest.")
    @SecurityRequirement(name = "bearer")
    @APIResponse(responseCode = "200", description = "the token's player")
    @APIResponse(responseCode = "401", description = "UNAUTHORIZED")
    public Responses.Me me() {
        Player p = player.get();
        return new Responses.Me(p.playerId(), p.name(), p.account());
    }

    @POST
    @Path("/guests/renew")
    @Authenticated
    @Operation(summary = "Renew a token", description = "A fresh token for the same player (id, name, guest or "
            + "account), valid for another durak.auth.token-lifespan; the old one stays valid until it expires or is "
            + "signed out. No body.")
    @SecurityRequirement(name = "bearer")
    @APIResponse(responseCode = "200", description = "renewed")
    @APIResponse(responseCode = "401", description = "UNAUTHORIZED")
    public Responses.Guest renew() {
        Player p = player.get();
        return new Responses.Guest(p.playerId(), p.name(), p.account(), tokens.issue(p));
    }
}
