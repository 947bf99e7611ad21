package online.durak.leaderboard.chips;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Holds, taken by table-service before it sends a join, a create or an "Again" of an account at a staked table
 * (docs/chips.md "Holds"). Only a service may call it: a token of the shared key pair with the group
 * {@value #SERVICE_GROUP}, which table-service signs for itself and never gives a player; the edge never forwards
 * {@code /internal/*}. A player's token gets 403 {@code SERVICE_ONLY}.
 */
@Path("/internal/chips/holds")
@RolesAllowed(HoldResource.SERVICE_GROUP)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "services")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
@APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_REQUEST")
@APIResponse(responseCode = "403", description = "SERVICE_ONLY")
public class HoldResource {
    public static final String SERVICE_GROUP = "durak-service";

    private final Wallet wallet;

    public HoldResource(Wallet wallet) {
        this.wallet = wallet;
    }

    public record HoldRequest(String tableId, String playerId, Long amount) {
    }

    public record Released(String tableId, String playerId, boolean released) {
    }

    /**
     * 200 the hold ({@code taken} false when it was held already: a retry); 409 {@code INSUFFICIENT_CHIPS},
     * {@code MATCH_STARTED}; 422 {@code INVALID_REQUEST} (another amount than the table's stake); 400 naming a field.
     */
    @POST
    @Operation(summary = "Hold a stake for a table")
    @APIResponse(responseCode = "200", description = "held (taken false: held already)")
    @APIResponse(responseCode = "409", description = "INSUFFICIENT_CHIPS, MATCH_STARTED")
    @APIResponse(responseCode = "422", description = "INVALID_REQUEST")
    public Uni<Wallet.Held> hold(HoldRequest r) {
        HoldRequest h = check(r, true);
        return wallet.hold(h.tableId(), h.playerId(), h.amount());
    }

    /** Releases a hold that no seat confirmed (table-service: the join was refused); false when there was none. */
    @POST
    @Path("/release")
    @Operation(summary = "Release a hold no seat confirmed")
    public Uni<Released> release(HoldRequest r) {
        HoldRequest h = check(r, false);
        return wallet.releaseUnseated(h.tableId(), h.playerId()).map(b -> new Released(h.tableId(), h.playerId(), b));
    }

    public record MoveRequest(String fromTableId, String toTableId, String playerId) {
    }

    public record Moved(String fromTableId, String toTableId, String playerId, boolean moved) {
    }

    /**
     * Moves a hold not yet confirmed by a seat to another table (matchmaking: a staked ticket's hold to the table its
     * pool formed), before that table's commands are sent; idempotent. 409 {@code NO_HOLD} when there is none.
     */
    @POST
    @Path("/move")
    @Operation(summary = "Move a hold no seat confirmed to another table")
    @APIResponse(responseCode = "409", description = "NO_HOLD, MATCH_STARTED")
    public Uni<Moved> move(MoveRequest r) {
        if (r == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST,
                    "body: {fromTableId, toTableId, playerId} is required");
        }
        String from = id("fromTableId", r.fromTableId()), to = id("toTableId", r.toTableId());
        String player = id("playerId", r.playerId());
        if (from.equals(to)) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "toTableId: the same as fromTableId");
        }
        return wallet.move(from, to, player).map(b -> new Moved(from, to, player, b));
    }

    private static String id(String field, String v) {
        if (v == null || v.isBlank() || v.length() > 100) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, field + ": required, at most 100 characters");
        }
        return v;
    }

    private static HoldRequest check(HoldRequest r, boolean amount) {
        if (r == null) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "body: {tableId, playerId, amount} is required");
        }
        if (r.tableId() == null || r.tableId().isBlank() || r.tableId().length() > 100) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "tableId: required, at most 100 characters");
        }
        if (r.playerId() == null || r.playerId().isBlank() || r.playerId().length() > 100) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "playerId: required, at most 100 characters");
        }
        if (amount && (r.amount() == null || r.amount() <= 0)) {
            throw ApiException.badRequest(ErrorCodes.INVALID_REQUEST, "amount: a stake above 0 is required");
        }
        return r;
    }
}
