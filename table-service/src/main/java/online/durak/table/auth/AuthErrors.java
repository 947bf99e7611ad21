package online.durak.table.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.Response;
import online.durak.service.api.ErrorCodes;
import online.durak.service.api.ErrorMappers;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Quarkus security's refusals as every other error, {@code {"code","message"}}, instead of its bare 401. Authentication
 * is lazy ({@code quarkus.http.auth.proactive=false}), so these reach the REST layer and open calls ignore a bad token.
 */
public class AuthErrors {
    @ServerExceptionMapper
    public Response missing(UnauthorizedException e) {
        return ErrorMappers.error(401, ErrorCodes.UNAUTHORIZED, "Authorization: Bearer <token> is required");
    }

    /** 429 with the seconds until a sign-in may be tried again. */
    @ServerExceptionMapper
    public Response tooMany(SignInLimits.TooManyAttempts e) {
        return Response.fromResponse(ErrorMappers.error(429, e.code(), e.getMessage()))
                .header("Retry-After", e.retryAfterSeconds()).build();
    }

    @ServerExceptionMapper
    public Response failed(AuthenticationFailedException e) {
        return ErrorMappers.error(401, ErrorCodes.UNAUTHORIZED, TokenService.INVALID);
    }
}
