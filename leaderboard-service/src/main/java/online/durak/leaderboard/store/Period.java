package online.durak.leaderboard.store;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.Optional;

/** The leaderboard's periods: all time, and this week or this month as windows over the dated entries, in UTC. */
public enum Period {
    ALL, WEEK, MONTH;

    /** The period named {@code all}, {@code week} or {@code month} (any case). */
    public static Optional<Period> named(String name) {
        for (Period p : values()) {
            if (p.name().equalsIgnoreCase(name)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The key of this period's board that a match ending at {@code at} counts on: {@code all},
     * {@code week:<its Monday>} or {@code month:<yyyy-mm>}, all in UTC.
     */
    public String key(Instant at) {
        return switch (this) {
            case ALL -> "all";
            case WEEK -> "week:" + start(at).orElseThrow().atZone(ZoneOffset.UTC).toLocalDate();
            case MONTH -> "month:" + start(at).orElseThrow().atZone(ZoneOffset.UTC).toLocalDate().toString()
                    .substring(0, 7);
        };
    }

    /**
     * Where the window starts for a moment in it: Monday 00:00 UTC of the ISO week, the 1st of the month 00:00 UTC;
     * empty for all time.
     */
    public Optional<Instant> start(Instant now) {
        LocalDate day = now.atZone(ZoneOffset.UTC).toLocalDate();
        return switch (this) {
            case ALL -> Optional.empty();
            case WEEK -> Optional.of(day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
                    .atStartOfDay(ZoneOffset.UTC).toInstant());
            case MONTH -> Optional.of(day.withDayOfMonth(1).atStartOfDay(ZoneOffset.UTC).toInstant());
        };
    }
}
