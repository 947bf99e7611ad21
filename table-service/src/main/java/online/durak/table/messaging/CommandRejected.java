package online.durak.table.messaging;

import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * The rules service refused a command (its reply is not accepted): the rules' code and message, with the HTTP status
 * {@link ErrorCodes#statusOf} gives the code.
 */
public final class CommandRejected extends ApiException {
    public CommandRejected(String code, String message) {
        super(ErrorCodes.statusOf(code), code, message == null ? code : message);
    }
}
