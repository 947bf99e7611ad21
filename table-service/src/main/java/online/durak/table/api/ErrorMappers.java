package online.durak.table.api;

import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletionException;
import online.durak.messages.MessageException;
import online.durak.table.messaging.CommandBus;
import online.durak.table.messaging.RulesBreaker;
import online.durak.table.projection.Projections;
import online.durak.table.store.EventStore;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every failure as {@code {"code", "message"}}: the service's own {@link ApiException}s with their status,
 * unreadable input ({@link MessageException}) as 400 with its code naming the field, the rules service's
 * silence as 504 {@code RULES_TIMEOUT} (503 {@code RULES_UNAVAILABLE} at once while the breaker is open), the framework's own 4xx (unknown path, method, media type) with a
 * code. Anything else is a bug, logged, and answered 500 {@code INTERNAL_ERROR} without details.
 */
public class ErrorMappers {
    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);

    /** The error body of every failure. */
    public record ApiError(String code, String message) {
    }

    static Response error(int status, String code, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(new ApiError(code, message)).build();
    }

    @ServerExceptionMapper
    public Response api(ApiException e) {
        return error(e.status(), e.code(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response message(MessageException e) {
        return error(400, e.code(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response rulesTimeout(CommandBus.RulesTimeoutException e) {
        return error(504, ErrorCodes.RULES_TIMEOUT, e.getMessage());
    }

    @ServerExceptionMapper
    public Response rulesUnavailable(RulesBreaker.RulesUnavailableException e) {
        return Response.status(503).type(MediaType.APPLICATION_JSON)
                .header("Retry-After", Math.max(1, (e.retryAfter().toMillis() + 999) / 1000))
                .entity(new ApiError(ErrorCodes.RULES_UNAVAILABLE, e.getMessage())).build();
    }

    @ServerExceptionMapper
    public Response viewTimeout(Projections.ProjectionTimeoutException e) {
        return error(504, ErrorCodes.VIEW_TIMEOUT, e.getMessage());
    }

    @ServerExceptionMapper
    public Response store(EventStore.StoreException e) {
        LOG.warn(e.getMessage());
        return error(503, ErrorCodes.STORE_UNAVAILABLE, "the event store cannot be read now; try again");
    }

    @ServerExceptionMapper
    public Response completion(CompletionException e) {
        Throwable c = e.getCause();
        if (c instanceof ApiException a) {
            return api(a);
        }
        if (c instanceof MessageException m) {
            return message(m);
        }
        if (c instanceof CommandBus.RulesTimeoutException r) {
            return rulesTimeout(r);
        }
        if (c instanceof RulesBreaker.RulesUnavailableException r) {
            return rulesUnavailable(r);
        }
        if (c instanceof Projections.ProjectionTimeoutException p) {
            return viewTimeout(p);
        }
        if (c instanceof EventStore.StoreException s) {
            return store(s);
        }
        return unexpected(c == null ? e : c);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e) {
        int status = e.getResponse().getStatus();
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
