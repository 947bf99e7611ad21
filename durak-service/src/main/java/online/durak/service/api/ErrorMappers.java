package online.durak.service.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletionException;
import online.durak.messages.MessageException;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.UnwrapException;

/**
 * Every failure of every service as {@code {"code", "message"}} ({@link ApiError}): an {@link ApiException} with its
 * status (and {@code Retry-After} when it says one), unreadable input ({@link MessageException}) as 400 with its code naming the field, the framework's own 4xx
 * (unknown path, method, media type) with a code, a request body Jackson refused as 400 naming the field
 * ({@link JsonRefusals}). Anything else is a bug, logged, and answered 500
 * {@code INTERNAL_ERROR} without details. A {@link CompletionException} (a failed async answer) is mapped by its
 * cause, so a service's own mappers of its own exceptions see the cause too.
 */
@UnwrapException(CompletionException.class)
public class ErrorMappers {
    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);

    public static Response error(int status, String code, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(new ApiError(code, message)).build();
    }

    @ServerExceptionMapper
    public Response api(ApiException e) {
        if (e.retryAfterSeconds() > 0) {
            return Response.fromResponse(error(e.status(), e.code(), e.getMessage()))
                    .header("Retry-After", e.retryAfterSeconds()).build();
        }
        return error(e.status(), e.code(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response message(MessageException e) {
        return error(400, e.code(), e.getMessage());
    }

    /** A request body Jackson could not read into its record (see {@link JsonRefusals}). */
    @ServerExceptionMapper
    public Response json(JsonProcessingException e) {
        ApiException refused = JsonRefusals.of(e);
        return refused == null ? unexpected(e) : api(refused);
    }

    /** The same; named on its own to replace Quarkus's built-in mapper of this type, which shows Jackson's words. */
    @ServerExceptionMapper
    public Response mismatchedJson(MismatchedInputException e) {
        return json(e);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e) {
        ApiException refused = e.getResponse().getStatus() == 400 ? JsonRefusals.of(e.getCause()) : null;
        if (refused != null) {
            return api(refused); // Quarkus's 400 around what Jackson refused while reading a body
        }
        if (e instanceof NotFoundException) {
            return error(404, ErrorCodes.NOT_FOUND, "no such resource");
        }
        if (e instanceof NotAllowedException) {
            return error(405, ErrorCodes.METHOD_NOT_ALLOWED, "this method is not allowed here");
        }
        if (e instanceof NotSupportedException) {
            return error(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, "send the body as application/json");
        }
        if (e instanceof NotAcceptableException) {
            return error(406, ErrorCodes.NOT_ACCEPTABLE, "this resource answers application/json");
        }
        int status = e.getResponse().getStatus();
        if (status == 413) {
            return error(413, ErrorCodes.BODY_TOO_LARGE, "the body is too large");
        }
        if (status >= 400 && status < 500) {
            return error(status, "HTTP_" + status, e.getMessage() == null ? "bad request" : e.getMessage());
        }
        return unexpected(e);
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        LOG.error("unexpected failure", e);
        return error(500, ErrorCodes.INTERNAL_ERROR, "an unexpected error; it was logged");
    }
}
