package online.durak.table.api;

import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Every error answer in /q/openapi has the one error body ({@link Schemas.Error}), so that a resource's
 * {@code @APIResponse} of an error names only its status and codes ({@code mp.openapi.filter}).
 */
public class ErrorResponses implements OASFilter {
    @Override
    public Operation filterOperation(Operation operation) {
        if (operation.getResponses() == null || operation.getResponses().getAPIResponses() == null) {
            return operation;
        }
        for (Map.Entry<String, APIResponse> e : operation.getResponses().getAPIResponses().entrySet()) {
            if (e.getKey().matches("[45]\\d\\d") && e.getValue().getContent() == null) {
                e.getValue().setContent(OASFactory.createContent().addMediaType("application/json",
                        OASFactory.createMediaType().schema(OASFactory.createSchema().ref("Error"))));
            }
        }
        return operation;
    }
}
