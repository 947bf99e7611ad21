package online.durak.leaderboard.chips;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/tables/{id}/pot}, public (the final board shows it): the table's stake, the pot, its state
 * ({@code HELD} until the match ends, {@code PAID}, or {@code REFUNDED} for a table closed before its start) and the
 * payouts. 404 {@code NO_POT} for a table without stake (or one this service has not seen a hold for).
 */
@Path("/api/tables/{id}/pot")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "chips")
public class PotResource {
    private final Wallet wallet;

    public PotResource(Wallet wallet) {
        this.wallet = wallet;
    }

    @Schema(name = "Payout")
    public record Payout(String playerId, String name, long amount) {
    }

    @Schema(name = "Pot")
    public record Pot(String tableId, @Schema(description = "each account's stake") long stake,
                      @Schema(description = "the stakes held for the table") long pot,
                      @Schema(description = "HELD until the match ends, PAID, or REFUNDED for a table closed before its "
                              + "start", enumeration = {"HELD", "PAID", "REFUNDED"}) String state,
                      @Schema(description = "what each player was paid, most first") List<Payout> payouts) {
    }

    @GET
    @Operation(summary = "A table's pot", description = "Public: the final board shows it.")
    @APIResponse(responseCode = "200", description = "the pot")
    @APIResponse(responseCode = "404", description = "NO_POT")
    public Uni<Pot> pot(@PathParam("id") String id) {
        return wallet.pool().preparedQuery("select stake, amount, state from ch_pots where table_id = $1")
                .execute(Tuple.of(id)).chain(pots -> {
                    if (!pots.iterator().hasNext()) {
                        throw new ApiException(404, ErrorCodes.NO_POT, "id: table " + id + " has no stake, so no pot");
                    }
                    Row p = pots.iterator().next();
                    return wallet.pool().preparedQuery("select player_id, name, amount from ch_payouts"
                                    + " where table_id = $1 order by amount desc, player_id").execute(Tuple.of(id))
                            .map(rows -> {
                                List<Payout> payouts = new ArrayList<>();
                                rows.forEach(r -> payouts.add(new Payout(r.getString(0), r.getString(1),
                                        r.getLong(2))));
                                return new Pot(id, p.getLong("stake"), p.getLong("amount"), p.getString("state"),
                                        payouts);
                            });
                });
    }
}
