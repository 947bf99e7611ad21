package online.durak.table.ws;

import online.durak.messages.MessageException;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.messaging.CommandBus;
import online.durak.table.messaging.RulesBreaker;
import online.durak.table.projection.Projections;
import online.durak.table.store.EventStore;

/**
 * A failure as the error frame a client is sent ({@code {"type":"error","code","message","commandId"}}), with the
 * codes REST answers with (api.TableErrorMappers); nothing changed.
 */
final class ErrorFrames {
    private ErrorFrames() {
    }

    /** The error frame of a failure a client can be told of; null for a bug (logged, sent as INTERNAL_ERROR). */
    static ServerFrame.Error of(Throwable e, String commandId) {
        if (e instanceof ApiException a) { // bad input, a refusal at the edge, the bot service unavailable
            return new ServerFrame.Error(a.code(), a.getMessage(), commandId);
        }
        if (e instanceof MessageException m) {
            return new ServerFrame.Error(m.code(), m.getMessage(), commandId);
        }
        if (e instanceof RulesBreaker.RulesUnavailableException) {
            return new ServerFrame.Error(ErrorCodes.RULES_UNAVAILABLE, e.getMessage(), commandId);
        }
        if (e instanceof RulesBreaker.OverloadedException) {
            return new ServerFrame.Error(ErrorCodes.OVERLOADED, e.getMessage(), commandId);
        }
        if (e instanceof CommandBus.RulesTimeoutException) {
            return new ServerFrame.Error(ErrorCodes.RULES_TIMEOUT, e.getMessage(), commandId);
        }
        if (e instanceof Projections.ProjectionTimeoutException) {
            return new ServerFrame.Error(ErrorCodes.VIEW_TIMEOUT, e.getMessage(), commandId);
        }
        if (e instanceof EventStore.StoreException) {
            return new ServerFrame.Error(ErrorCodes.STORE_UNAVAILABLE, "the table cannot be read now; try again",
                    commandId);
        }
        return null;
    }
}
