package online.durak.matchmaking.api;

import jakarta.ws.rs.core.Application;
import online.durak.service.api.ApiError;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The head of this service's OpenAPI document (/q/openapi). Clients reach its paths through the edge (table-service
 * forwards them, and its /q/openapi has them too).
 */
@OpenAPIDefinition(
        info = @Info(title = "Durak online: matchmaking service", version = "0.1.0",
                description = "Quick match (docs/matchmaking.md) and the daily game (docs/daily.md). Every call needs "
                        + "Authorization: Bearer <token>; every error is {\"code\",\"message\"}."),
        components = @Components(schemas = @Schema(name = "Error", implementation = ApiError.class),
                securitySchemes = @SecurityScheme(securitySchemeName = "bearer", type = SecuritySchemeType.HTTP,
                        scheme = "bearer", description = "a player's token from table-service (POST /api/guests, "
                        + "/api/accounts or /api/sessions)")),
        tags = {@Tag(name = "quick match", description = "a seat at a table of people with the same settings, bots in "
                + "the seats left after a wait"),
                @Tag(name = "daily", description = "the daily game: one per UTC day, the same cards for everyone")})
public class OpenApiDefinition extends Application {
}
