package online.durak.leaderboard.daily;

import java.time.LocalDate;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A player's streak (rules.md §7): consecutive days with a counting daily attempt. The current streak is the run that
 * ends today or yesterday (today's game can still be played, so yesterday's run is not broken yet); a day missed
 * before that breaks it: 0. Pure: "today" is given, never read from a clock here.
 */
@Schema(name = "Streak", description = "the daily game's streak: consecutive days with a counting attempt")
public record Streaks(@Schema(description = "the run that ends today or yesterday; 0 when broken") int current,
                      @Schema(description = "the longest run") int best) {

    /** @param days the days with a counting attempt, ascending, each once */
    public static Streaks of(List<LocalDate> days, LocalDate today) {
        int best = 0;
        int run = 0;
        LocalDate previous = null;
        for (LocalDate d : days) {
            run = previous != null && d.equals(previous.plusDays(1)) ? run + 1 : 1;
            best = Math.max(best, run);
            previous = d;
        }
        boolean alive = previous != null && (previous.equals(today) || previous.equals(today.minusDays(1)));
        return new Streaks(alive ? run : 0, best);
    }
}
