package online.durak.leaderboard.api;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The clock that decides which week and month are "this" one: UTC. */
@ApplicationScoped
public class Clocks {
    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
