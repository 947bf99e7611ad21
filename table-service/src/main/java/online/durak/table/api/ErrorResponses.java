package online.durak.table.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Every error answer in /q/openapi ({@code mp.openapi.filter}): its body is the one error body ({@link Error}), and
 * its description says what each of its codes means. A resource's {@code @APIResponse} of an error names only its
 * status and codes ({@code "TABLE_FULL, SEAT_TAKEN"}); each code is described here by durak-service's
 * {@link ErrorCodes#describe}, so the document says of a code everywhere what the code itself says. A code without a
 * description fails the build.
 */
public class ErrorResponses implements OASFilter {
    /** A command's 503: the rules service not answering, this instance stopping, the store not readable. */
    static final String COMMAND_503 = "RULES_UNAVAILABLE, OVERLOADED, SERVICE_STOPPING, STORE_UNAVAILABLE";
    /** A command's 504: no reply in time, or no view of it in time. */
    static final String COMMAND_504 = "RULES_TIMEOUT, VIEW_TIMEOUT";
    private static final Pattern CODES = Pattern.compile("[A-Z][A-Z0-9_]*(, [A-Z][A-Z0-9_]*)*");

    @Schema(name = "Error", description = "Every error: a stable code and a message for people naming the field at "
            + "fault; 4xx, or 503/504 when a service this one depends on cannot answer.")
    record Error(@Schema(examples = "NO_SUCH_TABLE") String code,
                 @Schema(examples = "there is no table abc") String message) {
    }

    @Override
    public Operation filterOperation(Operation operation) {
        if (operation.getResponses() == null || operation.getResponses().getAPIResponses() == null) {
            return operation;
        }
        for (Map.Entry<String, APIResponse> e : operation.getResponses().getAPIResponses().entrySet()) {
            if (!e.getKey().matches("[45]\\d\\d")) {
                continue;
            }
            APIResponse response = e.getValue();
            if (response.getContent() == null) {
                response.setContent(OASFactory.createContent().addMediaType("application/json",
                        OASFactory.createMediaType().schema(OASFactory.createSchema().ref("Error"))));
            }
            if (response.getDescription() != null && CODES.matcher(response.getDescription()).matches()) {
                response.setDescription(describe(response.getDescription()));
            }
        }
        return operation;
    }

    /** {@code "A, B"} as {@code "A: what A means; B: what B means"}. */
    static String describe(String codes) {
        List<String> described = new ArrayList<>();
        for (String code : codes.split(", ")) {
            String meaning = ErrorCodes.describe(code);
            if (meaning == null) {
                throw new IllegalStateException("the error code " + code + " in an @APIResponse has no description "
                        + "in ErrorCodes");
            }
            described.add(code + ": " + meaning);
        }
        return String.join("; ", described);
    }
}
