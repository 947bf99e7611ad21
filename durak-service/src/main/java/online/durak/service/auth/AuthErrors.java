package online.durak.service.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.Response;
import online.durak.service.api.ErrorCodes;
import online.durak.service.api.ErrorMappers;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Quarkus security's refusals, in every service, as every other error, {@code {"code","message"}}, instead of its bare
 * 401 and 403. Authentication is lazy ({@code quarkus.http.auth.proactive=false}, META-INF/microprofile-config.properties),
 * so these reach the REST layer, and open calls ignore a bad token. A 403 is only ever a service-only call made with a
 * player's token: the paths {@code /internal/*} and {@code /admin/*} of every service, and what a service marks
 * {@code @RolesAllowed(ServiceToken.GROUP)}.
 */
public class AuthErrors {
    /** The refusal of a token that was sent but is no good. */
    public static final String INVALID = "the token is not valid (forged, expired, signed out or malformed): sign in again";

    @ServerExceptionMapper
    public Response missing(UnauthorizedException e) {
        return ErrorMappers.error(401, ErrorCodes.UNAUTHORIZED, "Authorization: Bearer <token> is required");
    }

    @ServerExceptionMapper
    public Response failed(AuthenticationFailedException e) {
        return ErrorMappers.error(401, ErrorCodes.UNAUTHORIZED, INVALID);
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return ErrorMappers.error(403, ErrorCodes.SERVICE_ONLY, "Authorization: only another service of the system "
                + "may call this (a service token)");
    }
}
