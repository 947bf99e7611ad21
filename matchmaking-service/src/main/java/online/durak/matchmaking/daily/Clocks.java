package online.durak.matchmaking.daily;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The clock that decides which day's game is today's: UTC (tests may put another in its place). */
@ApplicationScoped
public class Clocks {
    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
