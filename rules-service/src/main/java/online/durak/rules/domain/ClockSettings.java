package online.durak.rules.domain;

import java.time.Duration;
import java.time.Instant;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableStatus;
import online.durak.engine.table.TurnClock;

/**
 * How the rules service runs the clocks (docs/spine.md "The clocks"): the grace after a turn clock runs out, and how
 * long a table may wait in the lobby without starting. Every turn lasts the table's own {@code turnClock}.
 *
 * @param grace       the grace ({@link TurnClock#GRACE} by rules.md §8)
 * @param lobbyExpiry an open table not started this long after its creation is closed
 */
public record ClockSettings(Duration grace, Duration lobbyExpiry) {

    /** The default of {@code durak.clock.lobby-expiry}. */
    public static final Duration LOBBY_EXPIRY = Duration.ofMinutes(30);
    /** As rules.md says: a 10-second grace; open tables close after 30 minutes. */
    public static final ClockSettings STANDARD = new ClockSettings(TurnClock.GRACE, LOBBY_EXPIRY);

    public ClockSettings {
        if (grace == null || grace.isNegative()) {
            throw new IllegalArgumentException("the grace must be given and not negative");
        }
        if (lobbyExpiry == null || lobbyExpiry.isNegative() || lobbyExpiry.isZero()) {
            throw new IllegalArgumentException("the lobby expiry must be positive");
        }
    }

    /** What the table's clock, or its wait in the lobby, asks for at {@code now}. */
    public TurnClock.Due due(LoggedTable table, Instant now) {
        if (table.state().status() == TableStatus.OPEN) {
            Instant createdAt = table.createdAt();
            return createdAt != null && !now.isBefore(createdAt.plus(lobbyExpiry))
                ? TurnClock.Due.CLOSE_UNSTARTED : TurnClock.Due.NOTHING;
        }
        TurnClock c = table.clock();
        return c == null ? TurnClock.Due.NOTHING : c.due(now);
    }
}
