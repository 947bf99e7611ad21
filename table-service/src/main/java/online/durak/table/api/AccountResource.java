package online.durak.table.api;

import io.quarkus.security.Authenticated;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import online.durak.table.auth.Accounts;
import online.durak.table.auth.TokenService;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/** Accounts: register (or turn a guest into an account), sign in, sign out (docs/accounts.md). */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "accounts")
public class AccountResource {
    private final Accounts accounts;
    private final TokenService tokens;
    private final JsonWebToken jwt;

    public AccountResource(Accounts accounts, TokenService tokens, JsonWebToken jwt) {
        this.accounts = accounts;
        this.tokens = tokens;
        this.jwt = jwt;
    }

    @POST
    @Path("/accounts")
    @PermitAll
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register an account", description = "A new player with a name (unique, ignoring case and "
            + "look-alike letters; the rules of names: docs/accounts.md \"Names\") and a password (8 to 128 characters, kept only as a bcrypt hash). With a guest's bearer token, that guest "
            + "becomes the account: the same player id, so its tables and leaderboard entries stay its own, and the "
            + "guest's token stops working. The token is the guests' JWT with the claim account: true.")
    @RequestBody(required = true)
    @SecurityRequirement(name = "bearer")
    @APIResponse(responseCode = "201", description = "registered",
            content = @Content(schema = @Schema(implementation = Responses.Session.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST, INVALID_NAME, INVALID_PASSWORD")
    @APIResponse(responseCode = "401", description = "UNAUTHORIZED")
    @APIResponse(responseCode = "409", description = "NAME_TAKEN, NAME_RESERVED, ALREADY_AN_ACCOUNT")
    @APIResponse(responseCode = "429", description = "RATE_LIMITED")
    public RestResponse<Responses.Session> register(Requests.Account body,
                                                    @HeaderParam("Authorization") String authorization) {
        Requests.Account b = Requests.required(body);
        JsonWebToken guest = authorization == null ? null : tokens.bearer(authorization);
        return RestResponse.status(RestResponse.Status.CREATED,
                Responses.Session.of(accounts.register(b.name(), b.password(), guest)));
    }

    @POST
    @Path("/sessions")
    @PermitAll
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign in to an account", description = "A token for the account with this name (any case) "
            + "and password. Each attempt is counted before its password is checked: past 5 for a name from one "
            + "address, or 20 from one address, within 5 minutes of the first, every sign-in for it from there is "
            + "refused with 429 TOO_MANY_ATTEMPTS until those 5 minutes are over (Retry-After); a success takes its "
            + "own count back. Other addresses are not slowed by them.")
    @RequestBody(required = true)
    @APIResponse(responseCode = "200", description = "signed in")
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST, INVALID_NAME, INVALID_PASSWORD")
    @APIResponse(responseCode = "401", description = "BAD_CREDENTIALS")
    @APIResponse(responseCode = "429", description = "TOO_MANY_ATTEMPTS, RATE_LIMITED")
    public Responses.Session signIn(Requests.Account body, @Context HttpServerRequest request) {
        Requests.Account b = Requests.required(body);
        return Responses.Session.of(accounts.signIn(b.name(), b.password(), request.remoteAddress().hostAddress()));
    }

    @DELETE
    @Path("/sessions/current")
    @Authenticated
    @Operation(summary = "Sign out", description = "The token of this request stops working on every "
            + "service: here at once, elsewhere when the sign-out's announcement arrives, a moment after it commits "
            + "(a service that is not listening asks the database before anything that changes something). For a guest "
            + "as for an account. No body.")
    @SecurityRequirement(name = "bearer")
    @APIResponse(responseCode = "204", description = "signed out")
    @APIResponse(responseCode = "401", description = "UNAUTHORIZED")
    public void signOut() {
        accounts.signOut(jwt);
    }
}
