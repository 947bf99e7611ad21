package online.durak.table.auth;

import online.durak.engine.Rules;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * Who may open a table with a stake. Only registered humans pay one; guests play without (rules.md §6). Accounts exist
 * (docs/accounts.md) but chips do not yet, so a table with a stake is refused for everyone for now: a guest because
 * guests never pay one, an account because it has no chips to pay it with.
 */
public final class Stakes {
    private Stakes() {
    }

    /**
     * Nothing when {@code creator} may open a table with these rules, else 403: {@code STAKE_NEEDS_ACCOUNT} for a
     * guest, {@code STAKES_NOT_AVAILABLE} for an account.
     */
    public static void checkCreator(Player creator, Rules rules) {
        if (rules.stake() <= 0) {
            return;
        }
        if (!creator.account()) {
            throw new ApiException(403, ErrorCodes.STAKE_NEEDS_ACCOUNT, "stake: guests play without stake ("
                    + rules.stake() + " asked); a table with a stake needs an account (POST /api/accounts)");
        }
        throw new ApiException(403, ErrorCodes.STAKES_NOT_AVAILABLE, "stake: chips do not exist yet, so no table "
                + "takes a stake (" + rules.stake() + " asked); leave it out or 0");
    }
}
