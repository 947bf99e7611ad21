package online.durak.leaderboard.chips;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * A player's own chips (docs/chips.md "API"): the balance, what is held at tables, the ledger, the daily bonus. The
 * player is the token's subject; only accounts (the claim {@code account: true}) have a wallet, a guest gets 403
 * {@code ACCOUNT_REQUIRED}. The wallet opens with its grant on the first call that sees the account.
 */
@Path("/api/me/chips")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "chips")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
@APIResponse(responseCode = "403", description = "ACCOUNT_REQUIRED")
public class ChipsResource {
    private final JsonWebToken jwt;
    private final Wallet wallet;

    public ChipsResource(JsonWebToken jwt, Wallet wallet) {
        this.jwt = jwt;
        this.wallet = wallet;
    }

    @Schema(name = "ChipEntry", description = "an entry of the ledger")
    public record Entry(Instant at,
                        @Schema(enumeration = {Wallet.GRANT, Wallet.BONUS, Wallet.HOLD, Wallet.RELEASE, Wallet.STAKE,
                                Wallet.POT_WIN, Wallet.REFUND}) String kind,
                        @Schema(description = "signed: what the entry did to the balance") long amount,
                        @Schema(description = "the table of a hold, stake, pot or refund", nullable = true)
                        String tableId, long balanceAfter) {
    }

    @Schema(name = "Chips")
    public record Chips(long balance, @Schema(description = "held for tables not started yet") long held,
                        @Schema(description = "one page of the ledger, newest first") List<Entry> entries,
                        @Schema(description = "0 first") int page, int pages) {
    }

    @Schema(name = "BonusClaimed")
    public record Bonus(long balance, long amount,
                        @Schema(description = "when the next bonus may be claimed (the next UTC day)")
                        Instant nextBonusAt) {
    }

    /** The balance, the chips held at tables not started yet, and one page (0 first) of the ledger, newest first. */
    @GET
    @Operation(summary = "My chips", description = "The balance, the chips held at tables not started yet, and one "
            + "page of the ledger. The wallet opens with its grant on the first call that sees the account.")
    @APIResponse(responseCode = "200", description = "the wallet")
    @APIResponse(responseCode = "400", description = "INVALID_PARAMETER")
    public Uni<Chips> chips(@QueryParam("page") @Parameter(description = "the ledger's page, 0 first",
            schema = @Schema(type = SchemaType.INTEGER, minimum = "0", defaultValue = "0")) String page) {
        int p = number("page", page);
        return wallet.statement(account(), p).map(s -> new Chips(s.balance(), s.held(), s.entries().stream()
                .map(e -> new Entry(e.at().toInstant(), e.kind(), e.amount(), e.tableId(), e.balanceAfter())).toList(),
                s.page(), s.pages()));
    }

    /** The daily bonus; 409 {@code BONUS_ALREADY_CLAIMED} for a second claim the same UTC day. */
    @POST
    @Path("/bonus")
    @Operation(summary = "Claim the daily bonus", description = "Once per UTC day.")
    @APIResponse(responseCode = "200", description = "claimed: the balance now")
    @APIResponse(responseCode = "409", description = "BONUS_ALREADY_CLAIMED")
    public Uni<Bonus> bonus() {
        return wallet.bonus(account()).map(b -> new Bonus(b.balance(), b.amount(), b.nextBonusAt().toInstant()));
    }

    private String account() {
        if (!"true".equals(String.valueOf((Object) jwt.getClaim("account")))) {
            throw new ApiException(403, ErrorCodes.ACCOUNT_REQUIRED,
                    "token: chips belong to accounts; a guest has none (register: POST /api/accounts)");
        }
        String id = jwt.getSubject();
        if (id == null || id.isEmpty()) {
            throw ApiException.unauthorized("the token names no player: sign in again");
        }
        return id;
    }

    static int number(String name, String value) {
        if (value == null || value.isEmpty()) {
            return 0;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= 0 && n <= 1_000_000) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER,
                name + ": must be a whole number from 0 to 1000000, not \"" + value + "\"");
    }
}
