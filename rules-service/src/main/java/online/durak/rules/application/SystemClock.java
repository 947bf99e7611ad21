package online.durak.rules.application;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.InstantSource;

/**
 * The time the rules service decides commands and watches the clocks at: the system's. Time comes in as a bean, so
 * that a test can move it on instead of shortening the rules' clocks.
 */
@Singleton
public class SystemClock {

    @Produces
    @Singleton
    InstantSource now() {
        return InstantSource.system();
    }
}
