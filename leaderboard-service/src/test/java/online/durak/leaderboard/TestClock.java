package online.durak.leaderboard;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The tests' clock in place of the service's: the real time, unless a test sets {@link #at} (streaks over days are
 * tested by moving it, never by sleeping).
 */
@ApplicationScoped
public class TestClock {
    /** The instant the service's clock says; null: the real time. */
    public static volatile Instant at;

    @Produces
    @Singleton
    @Alternative
    @Priority(1)
    Clock clock() {
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                Instant i = at;
                return i != null ? i : Instant.now();
            }
        };
    }
}
