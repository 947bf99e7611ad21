package online.durak.matchmaking.chips;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.service.client.Answer;
import online.durak.service.auth.ServiceToken;
import online.durak.service.chips.WalletApi;
import online.durak.service.chips.WalletClient;
import online.durak.service.chips.WalletClient.Call;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * A staked ticket's chips (docs/chips.md "Quick match"), held by leaderboard-service's wallet: taken when the ticket
 * is made, under the ticket's own key {@link #ticketKey} (there is no table yet), moved to the table its pool forms
 * before that table's commands are sent, released when the ticket is cancelled or dropped. Blocking calls, for worker
 * threads (as the ticket store's), through durak-service's {@link WalletClient} (the REST client
 * {@code chips-wallet}, configured in application.properties) with this service's own {@link ServiceToken}.
 */
@ApplicationScoped
public class Holds {
    private static final Logger LOG = Logger.getLogger(Holds.class);

    private final WalletClient wallet;

    public Holds(@RestClient WalletApi api, @ConfigProperty(name = "mp.jwt.verify.issuer") String issuer) {
        this.wallet = new WalletClient(api, new ServiceToken(issuer, "matchmaking-service"),
                "stake: the chips cannot be held now (the leaderboard service is not answering); no ticket was made, "
                        + "try again");
    }

    /** The hold's key while the ticket waits: not a table's id (those are UUIDs). */
    public static String ticketKey(String ticketId) {
        return "qm-" + ticketId;
    }

    /** Holds {@code amount} for the ticket; the wallet's 409 ({@code INSUFFICIENT_CHIPS}) as it says, else 503. */
    public void hold(String ticketId, String playerId, long amount) {
        Answer r = wallet.post(Call.HOLD, Map.of("tableId", ticketKey(ticketId), "playerId", playerId,
                "amount", amount));
        if (r.status() != 200) {
            throw wallet.refusal(r);
        }
    }

    /**
     * Moves a hold from {@code from} to {@code to} (idempotent); false when there is none to move ({@code NO_HOLD}:
     * swept or released), 503 when the wallet does not answer.
     */
    public boolean move(String from, String to, String playerId) {
        Answer r = wallet.post(Call.MOVE, Map.of("fromTableId", from, "toTableId", to, "playerId", playerId));
        if (r.status() == 200) {
            return true;
        }
        if (ErrorCodes.NO_HOLD.equals(WalletClient.code(r))) {
            return false;
        }
        throw wallet.unavailable(r.status() + " " + r.body());
    }

    /** Releases the hold at {@code key}; best effort (the wallet's sweep releases it after its TTL otherwise). */
    public void release(String key, String playerId) {
        try {
            Answer r = wallet.post(Call.RELEASE, Map.of("tableId", key, "playerId", playerId));
            if (r.status() != 200) {
                LOG.warnf("the hold of %s at %s was not released now (the sweep will): %d %s", playerId, key,
                        r.status(), r.body());
            }
        } catch (ApiException e) {
            LOG.warnf("the hold of %s at %s was not released now (the sweep will): %s", playerId, key,
                    e.getMessage());
        }
    }
}
