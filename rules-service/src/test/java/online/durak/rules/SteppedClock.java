package online.durak.rules;

import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/**
 * The rules service's time in {@link ClockFlowTest} (enabled by its profile): the system's, moved on by what the test
 * skipped, so that a table's real 30-second turn runs out when the test says so instead of 30 s later.
 */
@Alternative
@Singleton
public class SteppedClock implements InstantSource {

    private volatile Duration skipped = Duration.ZERO;

    @Override
    public Instant instant() {
        return Instant.now().plus(skipped);
    }

    /** Moves the time on by {@code d}. */
    public synchronized void skip(Duration d) {
        skipped = skipped.plus(d);
    }
}
