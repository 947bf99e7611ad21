package online.durak.table.auth;

import online.durak.engine.Rules;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * Who may open a table with a stake. Only registered humans pay one; guests play without (rules.md §6). Every
 * player is a guest until accounts exist, so a table with a stake is refused for everyone for now: it could
 * never take a stake from anyone.
 */
public final class Stakes {
    private Stakes() {
    }

    /** Nothing when {@code creator} may open a table with these rules, else 403 {@code STAKE_NEEDS_ACCOUNT}. */
    public static void checkCreator(Player creator, Rules rules) {
        if (rules.stake() > 0) {
            throw new ApiException(403, ErrorCodes.STAKE_NEEDS_ACCOUNT,
                    "stake: guests play without stake (" + rules.stake() + " asked); a table with a stake needs an "
                            + "account, and there are no accounts yet");
        }
    }
}
