package online.durak.table.api;

/**
 * The error answers every command shares, as {@code @APIResponse} descriptions: only the codes, which durak-service's
 * {@code OpenApiErrors} describes in /q/openapi by {@code ErrorCodes.describe}.
 */
final class ErrorResponses {
    /** A command's 503: the rules service not answering, this instance stopping, the store not readable. */
    static final String COMMAND_503 = "RULES_UNAVAILABLE, OVERLOADED, SERVICE_STOPPING, STORE_UNAVAILABLE";
    /** A command's 504: no reply in time, or no view of it in time. */
    static final String COMMAND_504 = "RULES_TIMEOUT, VIEW_TIMEOUT";

    private ErrorResponses() {
    }
}
