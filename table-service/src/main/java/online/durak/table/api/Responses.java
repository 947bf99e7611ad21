package online.durak.table.api;

import java.util.List;
import online.durak.messages.SeatEventMessage;
import online.durak.table.play.Answers.TableView;
import online.durak.table.play.Schemas;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The bodies only REST answers, as Jackson writes them and as /q/openapi describes them: tokens, and the wrappers of a
 * command's outcome and of an events page. What a client is shown of a table is the application's
 * ({@link online.durak.table.play.Answers}), the same over REST and WebSocket.
 */
public final class Responses {
    private Responses() {
    }

    @Schema(name = "Guest", description = "A signed-in guest (or, from renew, the token's player, guest or account); "
            + "send the token as Authorization: Bearer <token>.")
    public record Guest(@Schema(examples = "guest-2b0c6f1e") String playerId, @Schema(examples = "Anna") String name,
                        @Schema(description = "false for a guest; true when an account's token was renewed")
                        boolean account,
                        @Schema(description = "an RS256 JWT", examples = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOi...") String token) {
    }

    @Schema(name = "Me")
    public record Me(@Schema(examples = "guest-2b0c6f1e") String playerId, @Schema(examples = "Anna") String name,
                     @Schema(description = "true for an account, false for a guest") boolean account) {
    }

    @Schema(name = "Session", description = "A signed-in account; send the token as Authorization: Bearer <token>.")
    public record Session(@Schema(examples = "2b0c6f1e-4a8e-4c55-9a43-8c1d3c2f0b7e") String playerId,
                          @Schema(examples = "Anna") String name,
                          @Schema(description = "always true: the token's player is an account") boolean account,
                          @Schema(description = "an RS256 JWT (claims sub, name, account, jti, iss, exp)",
                                  examples = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOi...") String token) {
        static Session of(online.durak.table.auth.Accounts.Session s) {
            return new Session(s.player().playerId(), s.player().name(), s.player().account(), s.token());
        }
    }

    @Schema(name = "CommandAccepted")
    public record CommandAccepted(@Schema(examples = "m-17") String commandId, boolean accepted,
                                  @Schema(description = "the table's last seq after the command", examples = "13") long seq,
                                  @Schema(description = "the caller's view at seq or later; null without a seat") TableView view) {
    }

    @Schema(name = "EventsPage")
    public record EventsPage(String tableId, @Schema(description = "the table's last seq", examples = "13") long seq,
                             int seat,
                             @Schema(description = "every event after since, each seq once, in order", type = SchemaType.ARRAY,
                                     implementation = Schemas.SeatEvent.class) List<SeatEventMessage> events) {
    }
}
