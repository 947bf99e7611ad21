package online.durak.service.api;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of every error answer of every service: a stable code and a message for people. In an OpenAPI document it
 * is the schema {@value OpenApiErrors#ERROR_SCHEMA} ({@link OpenApiErrors}).
 */
@Schema(name = OpenApiErrors.ERROR_SCHEMA, description = "Every error: a stable code and a message for people naming "
        + "the field at fault; 4xx, or 503/504 when a service this one depends on cannot answer.")
public record ApiError(@Schema(examples = "NO_SUCH_TABLE") String code,
                       @Schema(examples = "there is no table abc") String message) {
}
