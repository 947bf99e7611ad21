package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The backoff and the limit, without any process. */
class RestartPolicyTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void theDelayDoubles_fromOneSecond_upToThirtySeconds() {
        RestartPolicy p = RestartPolicy.DEFAULT;
        assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 30L, 30L),
            IntStream.rangeClosed(1, 7).mapToObj(n -> p.delay(n).toSeconds()).toList());
        assertEquals(Duration.ofSeconds(30), p.delay(1000), "no overflow");
        assertThrows(IllegalArgumentException.class, () -> p.delay(0));
    }

    @Test
    void fiveRestartsWithinTenMinutes_thenItGivesUp() {
        RestartPolicy.History h = RestartPolicy.DEFAULT.history();
        for (int n = 1; n <= 5; n++) {
            RestartPolicy.Decision d = h.next(T0.plusSeconds(10L * n));
            assertTrue(d.restart(), "restart " + n);
            assertEquals(n, d.number());
            assertEquals(RestartPolicy.DEFAULT.delay(n), d.delay());
        }
        RestartPolicy.Decision sixth = h.next(T0.plusSeconds(60));
        assertFalse(sixth.restart(), "the sixth end within 10 min is one too many");
        assertEquals(6, sixth.number());
        assertEquals(5, h.total());
        assertEquals(5, h.recent(T0.plusSeconds(60)));
    }

    @Test
    void restartsOlderThanTheWindow_countNoMore_andTheDelayStartsOver() {
        RestartPolicy.History h = RestartPolicy.limit(2, Duration.ofMinutes(10)).history();
        assertEquals(Duration.ofSeconds(1), h.next(T0).delay());
        assertEquals(Duration.ofSeconds(2), h.next(T0.plusSeconds(60)).delay());
        assertFalse(h.next(T0.plusSeconds(120)).restart(), "two in the window already");
        // ten minutes after the first restart only the second one is still in the window
        RestartPolicy.Decision later = h.next(T0.plus(Duration.ofMinutes(10)).plusSeconds(1));
        assertTrue(later.restart());
        assertEquals(2, later.number());
        assertEquals(Duration.ofSeconds(2), later.delay());
        // a long quiet time: back to the first delay
        RestartPolicy.Decision fresh = h.next(T0.plus(Duration.ofHours(1)));
        assertEquals(1, fresh.number());
        assertEquals(Duration.ofSeconds(1), fresh.delay());
        assertEquals(4, h.total());
    }

    @Test
    void zeroRestarts_restartsNothing() {
        RestartPolicy.History h = RestartPolicy.limit(0, Duration.ofMinutes(10)).history();
        assertFalse(h.next(T0).restart());
        assertEquals(0, h.total());
    }

    @Test
    void badPolicies_areRefused() {
        assertThrows(IllegalArgumentException.class, () -> RestartPolicy.limit(-1, Duration.ofMinutes(1)));
        assertThrows(IllegalArgumentException.class, () -> RestartPolicy.limit(5, Duration.ZERO));
        assertThrows(IllegalArgumentException.class,
            () -> new RestartPolicy(5, Duration.ofMinutes(1), Duration.ofSeconds(5), Duration.ofSeconds(1)));
    }

    @Test
    void durationsReadWell() {
        assertEquals("10 min", RestartPolicy.human(Duration.ofMinutes(10)));
        assertEquals("1 s", RestartPolicy.human(Duration.ofSeconds(1)));
        assertEquals("90 s", RestartPolicy.human(Duration.ofSeconds(90)));
        assertEquals("250 ms", RestartPolicy.human(Duration.ofMillis(250)));
        assertEquals("1.5 s", RestartPolicy.human(Duration.ofMillis(1500)));
    }
}
