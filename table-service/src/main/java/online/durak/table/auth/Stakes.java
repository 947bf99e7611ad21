package online.durak.table.auth;

import online.durak.engine.Rules;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * Who may open a table with a stake: accounts, whose stake is held from their chips like a join's
 * (docs/chips.md, {@code chips.ChipsClient}). Guests play without stake (rules.md §6), so a guest may not open such a
 * table (it may still join one, and pays nothing).
 */
public final class Stakes {
    private Stakes() {
    }

    /** Nothing when {@code creator} may open a table with these rules, else 403 {@code STAKE_NEEDS_ACCOUNT}. */
    public static void checkCreator(Player creator, Rules rules) {
        if (rules.stake() > 0 && !creator.account()) {
            throw new ApiException(403, ErrorCodes.STAKE_NEEDS_ACCOUNT, "stake: guests play without stake ("
                    + rules.stake() + " asked); a table with a stake needs an account (POST /api/accounts)");
        }
    }
}
