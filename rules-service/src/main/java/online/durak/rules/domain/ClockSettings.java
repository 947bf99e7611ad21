package online.durak.rules.domain;

import java.time.Duration;
import java.time.Instant;
import online.durak.engine.table.TurnClock;

/**
 * How the rules service runs the clocks (DESIGN.md "Time"): the grace after a turn clock runs out, and, in
 * tests only, a turn length that replaces every table's {@code turnClock}.
 *
 * @param grace        the grace ({@link TurnClock#GRACE} by RULES.md §8)
 * @param turnOverride every decision's length instead of the table's {@code turnClock}; null: the table's own
 */
public record ClockSettings(Duration grace, Duration turnOverride) {

    /** As RULES.md says: a 10-second grace, each table's own clock. */
    public static final ClockSettings STANDARD = new ClockSettings(TurnClock.GRACE, null);

    public ClockSettings {
        if (grace == null || grace.isNegative()) {
            throw new IllegalArgumentException("the grace must be given and not negative");
        }
        if (turnOverride != null && (turnOverride.isNegative() || turnOverride.isZero())) {
            throw new IllegalArgumentException("a turn override must be positive");
        }
    }

    /** The table's clock now, or null when nothing is timed there. */
    public TurnClock clock(TableEntry table) {
        return TurnClock.of(table.state(), table.turnStartedAt(), turnOverride);
    }

    /** What the table's clock asks for at {@code now}. */
    public TurnClock.Due due(TableEntry table, Instant now) {
        TurnClock c = clock(table);
        return c == null ? TurnClock.Due.NOTHING : c.due(now);
    }
}
