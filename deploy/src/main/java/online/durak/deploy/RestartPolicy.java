package online.durak.deploy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * When a supervised process that ended on its own is started again: after a delay that doubles with every restart
 * within the window ({@code firstDelay}, 2×, 4× … at most {@code maxDelay}), and at most {@code maxRestarts} times
 * within any {@code window}; one more end within the window is one too many, and it stays down. Once a window has
 * passed without restarts, the count and the delay start from the beginning again.
 *
 * <p>{@link #DEFAULT}: 1 s, 2 s, 4 s, 8 s, 16 s (30 s at most), at most 5 restarts within 10 minutes.
 * {@code maxRestarts} 0 restarts nothing.
 */
public record RestartPolicy(int maxRestarts, Duration window, Duration firstDelay, Duration maxDelay) {

    public static final int DEFAULT_MAX_RESTARTS = 5;
    public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(10);
    public static final RestartPolicy DEFAULT = new RestartPolicy(DEFAULT_MAX_RESTARTS, DEFAULT_WINDOW,
        Duration.ofSeconds(1), Duration.ofSeconds(30));

    public RestartPolicy {
        if (maxRestarts < 0) {
            throw new IllegalArgumentException("max restarts must be >= 0: " + maxRestarts);
        }
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("restart window must be positive: " + window);
        }
        if (firstDelay.isNegative() || maxDelay.compareTo(firstDelay) < 0) {
            throw new IllegalArgumentException("delays must be 0 <= first <= max: " + firstDelay + ", " + maxDelay);
        }
    }

    /** The default delays with another limit. */
    public static RestartPolicy limit(int maxRestarts, Duration window) {
        return new RestartPolicy(maxRestarts, window, DEFAULT.firstDelay(), DEFAULT.maxDelay());
    }

    /** The delay before the {@code n}th restart within a window (1-based): first, doubled each time, capped. */
    public Duration delay(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("restarts count from 1: " + n);
        }
        Duration d = firstDelay;
        for (int i = 1; i < n && d.compareTo(maxDelay) < 0; i++) {
            d = d.multipliedBy(2);
        }
        return d.compareTo(maxDelay) > 0 ? maxDelay : d;
    }

    /** A fresh record of one process's restarts under this policy. */
    public History history() {
        return new History(this);
    }

    /** {@code 10 min}, {@code 90 s}, {@code 250 ms}. */
    static String human(Duration d) {
        if (d.toMillis() < 1000) {
            return d.toMillis() + " ms";
        }
        if (d.toSeconds() >= 60 && d.toSeconds() % 60 == 0) {
            return d.toMinutes() + " min";
        }
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    /**
     * What to do about one end: start again after {@code delay} as restart {@code number} (1-based, counted within
     * the window), or give up ({@code restart} false) because {@code number - 1} restarts already happened in it.
     */
    public record Decision(boolean restart, int number, Duration delay) {
    }

    /** The restarts of one supervised process: not thread-safe (its {@link Supervisor} holds a lock). */
    public static final class History {
        private final RestartPolicy policy;
        private final Deque<Instant> restarts = new ArrayDeque<>();
        private int total;

        private History(RestartPolicy policy) {
            this.policy = policy;
        }

        /** The process ended at {@code now}: whether and when to start it again (a restart is counted if so). */
        public Decision next(Instant now) {
            Instant since = now.minus(policy.window());
            while (!restarts.isEmpty() && !restarts.peekFirst().isAfter(since)) {
                restarts.removeFirst();
            }
            int number = restarts.size() + 1;
            if (number > policy.maxRestarts()) {
                return new Decision(false, number, Duration.ZERO);
            }
            restarts.addLast(now);
            total++;
            return new Decision(true, number, policy.delay(number));
        }

        /** Restarts within the window ending at {@code now}. */
        public int recent(Instant now) {
            Instant since = now.minus(policy.window());
            return (int) restarts.stream().filter(t -> t.isAfter(since)).count();
        }

        /** Every restart so far. */
        public int total() {
            return total;
        }
    }
}
