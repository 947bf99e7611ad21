package online.durak.table.auth;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many failed sign-ins a name and a client address may have within {@code durak.accounts.failure-window}
 * (default 5 minutes): {@code durak.accounts.max-failures-per-name} (5) and {@code ...-per-address} (20: people behind
 * one address share it). Past either, every sign-in for that name or from that address is refused with 429
 * {@code TOO_MANY_ATTEMPTS} and {@code Retry-After}, a right password too, until the oldest of those failures leaves the
 * window. Kept in PostgreSQL ({@code sign_in_failures}), not in memory, so that the limit holds across all instances
 * and restarts: guessing is not helped by being sent to another instance, and a sign-in is rare enough that its two
 * queries cost nothing.
 */
@ApplicationScoped
public class SignInLimits {
    private final AccountStore store;
    private final Duration window;
    private final int perName;
    private final int perAddress;

    public SignInLimits(AccountStore store,
                        @ConfigProperty(name = "durak.accounts.failure-window", defaultValue = "5m") Duration window,
                        @ConfigProperty(name = "durak.accounts.max-failures-per-name", defaultValue = "5") int perName,
                        @ConfigProperty(name = "durak.accounts.max-failures-per-address", defaultValue = "20") int perAddress) {
        this.store = store;
        this.window = window;
        this.perName = perName;
        this.perAddress = perAddress;
    }

    /** Nothing when this name may try from this address now, else {@link TooManyAttempts}. */
    public void check(String nameKey, String address) {
        Instant now = Instant.now();
        Instant since = now.minus(window);
        Optional<Instant> name = store.nthLatestFailure("name", nameKey, since, perName);
        Optional<Instant> addr = store.nthLatestFailure("address", address, since, perAddress);
        Instant until = later(name.map(t -> t.plus(window)), addr.map(t -> t.plus(window)));
        if (until != null && until.isAfter(now)) {
            long seconds = Math.max(1, (Duration.between(now, until).toMillis() + 999) / 1000);
            throw new TooManyAttempts(seconds, name.isPresent()
                    ? "too many failed sign-ins for this name; try again in " + seconds + " s"
                    : "too many failed sign-ins from this address; try again in " + seconds + " s");
        }
    }

    public void failed(String nameKey, String address) {
        Instant now = Instant.now();
        store.addFailure(nameKey, address, now, now.minus(window));
    }

    public void succeeded(String nameKey) {
        store.clearFailures(nameKey);
    }

    private static Instant later(Optional<Instant> a, Optional<Instant> b) {
        if (a.isEmpty()) {
            return b.orElse(null);
        }
        return b.isEmpty() || a.get().isAfter(b.get()) ? a.get() : b.get();
    }

    /** 429 TOO_MANY_ATTEMPTS with Retry-After (auth.AuthErrors). */
    public static final class TooManyAttempts extends ApiException {
        private final long retryAfterSeconds;

        TooManyAttempts(long retryAfterSeconds, String message) {
            super(429, ErrorCodes.TOO_MANY_ATTEMPTS, message);
            this.retryAfterSeconds = retryAfterSeconds;
        }

        public long retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }
}
