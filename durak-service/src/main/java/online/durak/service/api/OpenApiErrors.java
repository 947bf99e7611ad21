package online.durak.service.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Every error answer in a service's OpenAPI document ({@code mp.openapi.filter} of each service that publishes one):
 * its body is the one error body ({@link ApiError}, the schema {@value #ERROR_SCHEMA}), and its description says what
 * each of its codes means. A resource's {@code @APIResponse} of an error names only its status and codes
 * ({@code "TABLE_FULL, SEAT_TAKEN"}); each code is described here by {@link ErrorCodes#describe}, so every service's
 * document says of a code what the code itself says. A code without a description fails the build, and so does a
 * document without the error body's schema (its {@code @OpenAPIDefinition} names it:
 * {@code @Components(schemas = @Schema(name = "Error", implementation = ApiError.class))}).
 */
public class OpenApiErrors implements OASFilter {
    /** The error body's name among a document's schemas. */
    public static final String ERROR_SCHEMA = "Error";
    private static final Pattern CODES = Pattern.compile("[A-Z][A-Z0-9_]*(, [A-Z][A-Z0-9_]*)*");

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
                        OASFactory.createMediaType().schema(OASFactory.createSchema().ref(ERROR_SCHEMA))));
            }
            if (response.getDescription() != null && CODES.matcher(response.getDescription()).matches()) {
                response.setDescription(describe(response.getDescription()));
            }
        }
        return operation;
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null || openAPI.getComponents().getSchemas() == null
                || !openAPI.getComponents().getSchemas().containsKey(ERROR_SCHEMA)) {
            throw new IllegalStateException("the OpenAPI document has no schema " + ERROR_SCHEMA + ", which every error "
                    + "answer refers to: name it in the service's @OpenAPIDefinition, @Components(schemas = @Schema("
                    + "name = \"" + ERROR_SCHEMA + "\", implementation = ApiError.class))");
        }
    }

    /** {@code "A, B"} as {@code "A: what A means; B: what B means"}. */
    public static String describe(String codes) {
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
