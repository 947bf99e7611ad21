package online.durak.matchmaking.api;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.Response;
import online.durak.service.api.ErrorCodes;
import online.durak.service.api.ErrorMappers;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Quarkus security's refusals as every other error, {@code {"code","message"}}, as table-service answers them. */
public class AuthErrors {
    static final String INVALID = "the token is not valid (forged, expired or malformed): sign in again";

    @ServerExceptionMapper
    public Response missing(UnauthorizedException e) {
        return ErrorMappers.error(401, ErrorCodes.UNAUTHORIZED, "Authorization: Bearer <token> is required");
    }

    @ServerExceptionMapper
    public Response failed(AuthenticationFailedException e) {
        return ErrorMappers.error(401, ErrorCodes.UNAUTHORIZED, INVALID);
    }
}
