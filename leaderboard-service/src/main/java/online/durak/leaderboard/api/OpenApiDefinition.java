package online.durak.leaderboard.api;

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
 * The head of this service's OpenAPI document (/q/openapi). Clients reach its public paths through the edge
 * (table-service forwards them, and its /q/openapi has them too); the operators' and the other services' paths are
 * described here only.
 */
@OpenAPIDefinition(
        info = @Info(title = "Durak online: leaderboard service", version = "0.1.0",
                description = "The leaderboard, ratings and player profiles (docs/leaderboard.md), chips and pots "
                        + "(docs/chips.md) and the daily list (docs/daily.md). Every error is {\"code\",\"message\"}."),
        components = @Components(schemas = @Schema(name = "Error", implementation = ApiError.class),
                securitySchemes = @SecurityScheme(securitySchemeName = "bearer", type = SecuritySchemeType.HTTP,
                        scheme = "bearer", description = "a player's token from table-service (POST /api/guests, "
                        + "/api/accounts or /api/sessions)")),
        tags = {@Tag(name = "leaderboard", description = "the boards and the bots' ratings"),
                @Tag(name = "players", description = "a person's profile"),
                @Tag(name = "chips", description = "an account's chips, a table's pot"),
                @Tag(name = "daily", description = "the daily game's list"),
                @Tag(name = "operators", description = "for operators, on this service's own address; never forwarded "
                        + "by the edge"),
                @Tag(name = "services", description = "for the other services of the system only (a service token); "
                        + "never forwarded by the edge")})
public class OpenApiDefinition extends Application {
}
