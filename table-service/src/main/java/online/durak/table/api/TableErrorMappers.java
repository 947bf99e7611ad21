package online.durak.table.api;

import static online.durak.service.api.ErrorMappers.error;

import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import jakarta.ws.rs.core.Response;
import online.durak.service.api.ApiError;
import online.durak.service.api.ErrorCodes;
import online.durak.table.messaging.CommandBus;
import online.durak.table.messaging.RulesBreaker;
import online.durak.table.projection.Projections;
import online.durak.table.store.EventStore;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The table service's own failures, beside the mapping every service shares (online.durak.service.api.ErrorMappers):
 * the rules service's silence as 504 {@code RULES_TIMEOUT} (503 {@code RULES_UNAVAILABLE} at once while the breaker
 * is open, 503 {@code OVERLOADED} for a command beyond the bulkhead), a view that did not catch up as 504 {@code VIEW_TIMEOUT}, the store as 503 {@code STORE_UNAVAILABLE}.
 */
public class TableErrorMappers {
    private static final Logger LOG = Logger.getLogger(TableErrorMappers.class);

    @ServerExceptionMapper
    public Response rulesTimeout(CommandBus.RulesTimeoutException e) {
        return error(504, ErrorCodes.RULES_TIMEOUT, e.getMessage());
    }

    @ServerExceptionMapper
    public Response rulesUnavailable(RulesBreaker.RulesUnavailableException e) {
        return retryAfter(e.retryAfter(), ErrorCodes.RULES_UNAVAILABLE, e.getMessage());
    }

    @ServerExceptionMapper
    public Response overloaded(RulesBreaker.OverloadedException e) {
        return retryAfter(e.retryAfter(), ErrorCodes.OVERLOADED, e.getMessage());
    }

    private static Response retryAfter(Duration after, String code, String message) {
        return Response.status(503).type(MediaType.APPLICATION_JSON)
                .header("Retry-After", Math.max(1, (after.toMillis() + 999) / 1000))
                .entity(new ApiError(code, message)).build();
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
}
