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

/**
 * A player's own chips (docs/chips.md "API"): the balance, what is held at tables, the ledger, the daily bonus. The
 * player is the token's subject; only accounts (the claim {@code account: true}) have a wallet, a guest gets 403
 * {@code ACCOUNT_REQUIRED}. The wallet opens with its grant on the first call that sees the account.
 */
@Path("/api/me/chips")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ChipsResource {
    private final JsonWebToken jwt;
    private final Wallet wallet;

    public ChipsResource(JsonWebToken jwt, Wallet wallet) {
        this.jwt = jwt;
        this.wallet = wallet;
    }

    public record Entry(Instant at, String kind, long amount, String tableId, long balanceAfter) {
    }

    public record Chips(long balance, long held, List<Entry> entries, int page, int pages) {
    }

    public record Bonus(long balance, long amount, Instant nextBonusAt) {
    }

    /** The balance, the chips held at tables not started yet, and one page (0 first) of the ledger, newest first. */
    @GET
    public Uni<Chips> chips(@QueryParam("page") String page) {
        int p = number("page", page);
        return wallet.statement(account(), p).map(s -> new Chips(s.balance(), s.held(), s.entries().stream()
                .map(e -> new Entry(e.at().toInstant(), e.kind(), e.amount(), e.tableId(), e.balanceAfter())).toList(),
                s.page(), s.pages()));
    }

    /** The daily bonus; 409 {@code BONUS_ALREADY_CLAIMED} for a second claim the same UTC day. */
    @POST
    @Path("/bonus")
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
