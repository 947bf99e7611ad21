package online.durak.leaderboard.daily;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreaksTest {
    private static final LocalDate D = LocalDate.of(2026, 12, 1);

    @Test
    void consecutiveDays_makeARun_thatLastsUntilADayIsMissed() {
        List<LocalDate> days = List.of(D, D.plusDays(1), D.plusDays(2), D.plusDays(5), D.plusDays(6));
        assertEquals(new Streaks(2, 3), Streaks.of(days, D.plusDays(6)));
        assertEquals(new Streaks(2, 3), Streaks.of(days, D.plusDays(7))); // today not played yet
        assertEquals(new Streaks(0, 3), Streaks.of(days, D.plusDays(8)));
        assertEquals(new Streaks(0, 0), Streaks.of(List.of(), D));
    }
}
