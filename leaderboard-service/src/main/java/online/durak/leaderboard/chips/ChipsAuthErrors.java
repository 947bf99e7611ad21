package online.durak.leaderboard.chips;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.Response;
import online.durak.service.api.ErrorCodes;
import online.durak.service.api.ErrorMappers;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Quarkus security's refusals as every other error, {@code {"code","message"}}. */
public class ChipsAuthErrors {
    @ServerExceptionMapper
    public Response missing(UnauthorizedException e) {
        return ErrorMappers.error(401, ErrorCodes.UNAUTHORIZED, "Authorization: Bearer <token> is required");
    }

    @ServerExceptionMapper
    public Response failed(AuthenticationFailedException e) {
        return ErrorMappers.error(401, ErrorCodes.UNAUTHORIZED,
                "the token is not valid (forged, expired or malformed): sign in again");
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return ErrorMappers.error(403, ErrorCodes.SERVICE_ONLY, "Authorization: only another service of the system "
                + "may call this");
    }
}
