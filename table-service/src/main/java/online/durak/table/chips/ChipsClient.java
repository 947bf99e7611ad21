package online.durak.table.chips;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import online.durak.engine.Rules;
import online.durak.service.auth.ServiceToken;
import online.durak.service.chips.WalletApi;
import online.durak.service.chips.WalletClient;
import online.durak.table.auth.Player;
import online.durak.table.messaging.CommandRejected;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * Stakes (docs/chips.md "Holds"): before a join, a create or an "Again" of an account at a table with a stake, the
 * stake is held in the player's wallet by the leaderboard service ({@code POST /internal/chips/holds}), synchronously,
 * and only then is the command sent. Not enough chips: 409 {@code INSUFFICIENT_CHIPS} and nothing is sent. The hold is
 * released again ({@code /internal/chips/holds/release}) when the rules service refuses the command; after a
 * timeout the command may still be decided, so the hold stays and the leaderboard's sweep releases it if no seat
 * confirmed it. Guests and bots hold nothing (they play without stake). The calls are durak-service's
 * {@link WalletClient}'s, async, through the REST client {@code chips-wallet} (its URL the leaderboard's, its timeouts
 * in application.properties), with this service's own {@link ServiceToken}.
 */
@ApplicationScoped
public class ChipsClient {
    private static final Logger LOG = Logger.getLogger(ChipsClient.class);

    private final WalletClient wallet;

    public ChipsClient(@RestClient WalletApi api, @ConfigProperty(name = "mp.jwt.verify.issuer") String issuer) {
        this.wallet = new WalletClient(api, new ServiceToken(issuer, "table-service"), "stake: the chips cannot be "
                + "held now (the leaderboard service is not answering); nothing was done, try again");
    }

    /** Whether {@code me} pays a stake at a table with these rules: accounts do, guests never (rules.md §6). */
    public static boolean pays(Player me, Rules rules) {
        return rules.stake() > 0 && me.account();
    }

    /**
     * Holds the stake for {@code me} at {@code tableId} (when {@link #pays}), then runs {@code command}; a
     * refusal of the command by the rules service releases the hold this call took.
     */
    public <T> CompletableFuture<T> staked(Player me, String tableId, Rules rules, Supplier<CompletableFuture<T>> command) {
        if (!pays(me, rules)) {
            return command.get();
        }
        return hold(tableId, me.playerId(), rules.stake()).thenCompose(taken -> command.get().whenComplete((r, x) -> {
            Throwable c = x instanceof CompletionException && x.getCause() != null ? x.getCause() : x;
            if (taken && c instanceof CommandRejected) {
                release(tableId, me.playerId());
            }
        }));
    }

    /** Holds; true when this call took the hold (false: held already). 409 as the leaderboard says, else 503. */
    public CompletableFuture<Boolean> hold(String tableId, String playerId, long amount) {
        return wallet.postAsync(WalletClient.Call.HOLD, Map.of("tableId", tableId, "playerId", playerId,
                        "amount", amount))
                .thenApply(r -> {
                    if (r.status() != 200) {
                        throw wallet.refusal(r);
                    }
                    return r.json().path("taken").asBoolean(false);
                });
    }

    /** Releases a hold no seat confirmed; best effort (the leaderboard's sweep releases it otherwise). */
    public void release(String tableId, String playerId) {
        wallet.postAsync(WalletClient.Call.RELEASE, Map.of("tableId", tableId, "playerId", playerId))
                .whenComplete((r, x) -> {
                    if (x != null || r.status() != 200) {
                        LOG.warnf("the hold of %s at %s could not be released now (the sweep will): %s", playerId,
                                tableId, x != null ? x.getMessage() : r.status() + " " + r.body());
                    }
                });
    }
}
