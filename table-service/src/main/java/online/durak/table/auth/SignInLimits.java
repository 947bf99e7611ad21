package online.durak.table.auth;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many sign-ins may be tried (docs/accounts.md "Sign-in limits"): for one name from one client address
 * {@code durak.accounts.max-attempts-per-name} (5), and from one address for any names
 * {@code durak.accounts.max-attempts-per-address} (20: people behind one address share it), within a window of
 * {@code durak.accounts.attempt-window} (5 minutes) that starts with the first attempt. An attempt is counted
 * <em>before</em> its password is checked, in PostgreSQL in one statement that also answers the count
 * ({@link AccountStore#countAttempt}): attempts sent at the same moment, to any instance, are counted one after the
 * other, and only those within the limit have their password checked; the others, and every attempt after them until
 * the window ends, are 429 {@code TOO_MANY_ATTEMPTS} with {@code Retry-After}, a right password too. A success clears
 * its name's count at its address and takes itself back from the address's count, so the limits count what did not
 * succeed.
 *
 * <p>The name's count is per address, so a stranger's wrong guesses slow the stranger only: the owner, at another
 * address, signs in as ever. Guessing one account from many addresses is slowed by bcrypt and by each address's own
 * limits, not stopped (a limit per name for all addresses together would again let anyone lock the owner out).
 */
@ApplicationScoped
public class SignInLimits {
    private final AccountStore store;
    private final Duration window;
    private final int perName;
    private final int perAddress;

    public SignInLimits(AccountStore store,
                        @ConfigProperty(name = "durak.accounts.attempt-window", defaultValue = "5m") Duration window,
                        @ConfigProperty(name = "durak.accounts.max-attempts-per-name", defaultValue = "5") int perName,
                        @ConfigProperty(name = "durak.accounts.max-attempts-per-address", defaultValue = "20") int perAddress) {
        this.store = store;
        this.window = window;
        this.perName = perName;
        this.perAddress = perAddress;
    }

    /** Counts this attempt; 429 {@code TOO_MANY_ATTEMPTS} with Retry-After when it is past a limit. */
    public void attempt(String nameKey, String address) {
        double wait = -1;
        boolean name = false;
        for (AccountStore.Attempts a : store.countAttempt(nameKey, address, window)) {
            boolean over = a.attempts() > ("name".equals(a.kind()) ? perName : perAddress);
            if (over && a.secondsLeft() > wait) {
                wait = a.secondsLeft();
                name = "name".equals(a.kind());
            }
        }
        if (wait >= 0) {
            long seconds = Math.max(1, (long) Math.ceil(wait));
            throw new ApiException(429, ErrorCodes.TOO_MANY_ATTEMPTS, (name
                    ? "too many sign-ins for this name from this address; try again in "
                    : "too many sign-ins from this address; try again in ") + seconds + " s", seconds);
        }
    }

    /** The attempt succeeded: it does not count against the name at this address, nor against the address. */
    public void succeeded(String nameKey, String address) {
        store.succeeded(nameKey, address);
    }
}
