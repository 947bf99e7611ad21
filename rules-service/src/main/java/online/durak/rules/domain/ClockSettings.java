package online.durak.rules.domain;

import java.time.Duration;
import java.time.Instant;
import online.durak.engine.table.TableStatus;
import online.durak.engine.table.TurnClock;

/**
 * How the rules service runs the clocks (docs/spine.md "The clocks"): the grace after a turn clock runs out, how long a table
 * may wait in the lobby without starting, and, in tests only, a turn length that replaces every table's
 * {@code turnClock}.
 *
 * @param grace        the grace ({@link TurnClock#GRACE} by rules.md §8)
 * @param turnOverride every decision's length instead of the table's {@code turnClock}; null: the table's own
 * @param lobbyExpiry  an open table not started this long after its creation is closed
 */
public record ClockSettings(Duration grace, Duration turnOverride, Duration lobbyExpiry) {

    /** The default of {@code durak.clock.lobby-expiry}. */
    public static final Duration LOBBY_EXPIRY = Duration.ofMinutes(30);
    /** As rules.md says: a 10-second grace, each table's own clock; open tables close after 30 minutes. */
    public static final ClockSettings STANDARD = new ClockSettings(TurnClock.GRACE, null, LOBBY_EXPIRY);

    public ClockSettings {
        if (grace == null || grace.isNegative()) {
            throw new IllegalArgumentException("the grace must be given and not negative");
        }
        if (turnOverride != null && (turnOverride.isNegative() || turnOverride.isZero())) {
            throw new IllegalArgumentException("a turn override must be positive");
        }
        if (lobbyExpiry == null || lobbyExpiry.isNegative() || lobbyExpiry.isZero()) {
            throw new IllegalArgumentException("the lobby expiry must be positive");
        }
    }

    /** The table's clock now, or null when nothing is timed there. */
    public TurnClock clock(TableEntry table) {
        return TurnClock.of(table.state(), table.turnStartedAt(), turnOverride);
    }

    /** What the table's clock, or its wait in the lobby, asks for at {@code now}. */
    public TurnClock.Due due(TableEntry table, Instant now) {
        if (table.state().status() == TableStatus.OPEN) {
            Instant openedAt = table.openedAt();
            return openedAt != null && !now.isBefore(openedAt.plus(lobbyExpiry))
                ? TurnClock.Due.CLOSE_UNSTARTED : TurnClock.Due.NOTHING;
        }
        TurnClock c = clock(table);
        return c == null ? TurnClock.Due.NOTHING : c.due(now);
    }
}
