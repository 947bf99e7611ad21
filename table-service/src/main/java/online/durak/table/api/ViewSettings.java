package online.durak.table.api;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * How views are made here: the turn length the clock in a view assumes. {@code durak.clock.turn-override}
 * ({@code DURAK_CLOCK_TURN_OVERRIDE}) gives every decision that long instead of the table's {@code turnClock},
 * so that a test can watch a clock run out; unset (the default, and always in production) the table's own
 * setting counts. The rules service must be given the same value, since its scheduler decides the timeouts.
 */
@ApplicationScoped
public class ViewSettings {
    private static final Logger LOG = Logger.getLogger(ViewSettings.class);

    private final Duration turnOverride;

    public ViewSettings(@ConfigProperty(name = "durak.clock.turn-override") Optional<Duration> turnOverride) {
        this.turnOverride = turnOverride.filter(d -> !d.isNegative() && !d.isZero()).orElse(null);
        if (this.turnOverride != null) {
            LOG.warnf("durak.clock.turn-override is set: views show a turn clock of %s at every table (tests only)",
                    this.turnOverride);
        }
    }

    /** The turn length that replaces every table's {@code turnClock}, or null (the table's own). */
    public Duration turnOverride() {
        return turnOverride;
    }
}
