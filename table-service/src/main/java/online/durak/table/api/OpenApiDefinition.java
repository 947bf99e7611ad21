package online.durak.table.api;

import jakarta.ws.rs.core.Application;
import online.durak.service.api.ApiError;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The head of the public API's OpenAPI document (served at /q/openapi): this service's own paths, and the paths it
 * forwards to other services with their documents' descriptions (upstream.UpstreamDocuments).
 */
@OpenAPIDefinition(
        info = @Info(title = "Durak online", version = "0.1.0",
                description = "The public API, all at the edge (table-service): guest sign-in, accounts, the lobby, "
                        + "tables, moves and per-seat views; and, forwarded to the services that own them, the "
                        + "leaderboard and profiles, chips and pots (leaderboard-service), quick match and the daily "
                        + "game (matchmaking-service); a forwarded service that does not answer is 503 "
                        + "UPSTREAM_UNAVAILABLE. "
                        + "Every call except POST /api/guests needs Authorization: Bearer <token>. Every error is "
                        + "{\"code\",\"message\"}. Status of the rules service's refusals: 404 NO_SUCH_TABLE; "
                        + "403 NOT_SEATED; 409 when the table's state does not allow it now (TABLE_EXISTS, TABLE_FULL, "
                        + "SEAT_TAKEN, ALREADY_SEATED, MATCH_STARTED, TABLE_NOT_FULL, NOT_ON_BOARD, ALREADY_CONTINUED, "
                        + "MATCH_OVER, DEAL_NOT_RUNNING, DEAL_RUNNING, NOT_YOUR_TURN, WRONG_PHASE, HINTS_SOLO_ONLY); 422 for a move or "
                        + "action that is not legal (CARD_NOT_IN_HAND, DOES_NOT_BEAT, OVER_LIMIT, NO_SUCH_SEAT, ... and "
                        + "any other code; COMMAND_ID_IN_USE when a commandId of yours already names another command). "
                        + "Every command takes a commandId scoped to the caller; repeating it gets the first outcome "
                        + "again (create and solo too: 201 with the same table, see their descriptions). 504 RULES_TIMEOUT when the rules service does not answer in time "
                        + "(durak.rules.timeout, 5 s); once it has answered nothing at all to "
                        + "durak.rules.breaker.failures (3) commands in a row, every command is refused at once with "
                        + "503 RULES_UNAVAILABLE (and Retry-After) until a probe after durak.rules.breaker.delay (5 s) "
                        + "is answered: the tables are paused, reads, the lobby and the WebSocket go on (WebSocket "
                        + "frames paused and resumed); readiness stays UP, its check rules-service shows the breaker "
                        + "(data circuit). When it is busy, commands wait their turn here, and only those beyond "
                        + "durak.rules.queue get 503 OVERLOADED (and Retry-After). "
                        + "503 BOTS_UNAVAILABLE when a hint cannot be had from the bot service. Solo games: POST /api/tables/solo; hints: POST /api/tables/{id}/hint. Every view "
                        + "carries the turn clock (clock). Live updates: WebSocket /api/tables/{id}/ws?token=..."),
        // every error answer's body (durak-service's OpenApiErrors puts it under every 4xx and 5xx)
        components = @Components(schemas = @Schema(name = "Error", implementation = ApiError.class),
                securitySchemes = @SecurityScheme(securitySchemeName = "bearer",
                type = SecuritySchemeType.HTTP, scheme = "bearer",
                description = "the token from POST /api/guests")),
        tags = {@Tag(name = "guests", description = "sign-in"),
                @Tag(name = "tables", description = "lobby, seats, moves, views, board, replay")})
public class OpenApiDefinition extends Application {
}
