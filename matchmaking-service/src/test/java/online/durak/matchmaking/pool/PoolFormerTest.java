package online.durak.matchmaking.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import online.durak.engine.BotLevel;
import org.junit.jupiter.api.Test;

class PoolFormerTest {
    private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");
    private final PoolFormer former = new PoolFormer(Duration.ofSeconds(20), 3, 0.5);

    private static Waiting w(String id, double rating, int secondsAgo, Integer... sizes) {
        return new Waiting(id, "p-" + id, id, rating, T0.minusSeconds(secondsAgo), List.of(sizes));
    }

    @Test
    void threePeopleAskingForThree_sitAtOneTable_oldestInSeatZero() {
        List<PoolFormer.Formed> tables = former.form(List.of(w("b", 25, 1, 3), w("a", 25, 2, 3), w("c", 26, 0, 3)), T0);
        assertEquals(1, tables.size());
        assertEquals(3, tables.get(0).players());
        assertEquals(0, tables.get(0).bots());
        assertEquals("a", tables.get(0).people().get(0).ticketId());
    }

    @Test
    void twoOfThree_wait_untilTheFillTime_thenBotsTakeTheSeatLeft() {
        List<Waiting> two = List.of(w("a", 25, 5, 3), w("b", 25, 4, 3));
        assertTrue(former.form(two, T0).isEmpty());
        List<PoolFormer.Formed> later = former.form(two, T0.plusSeconds(15));
        assertEquals(1, later.size());
        assertEquals(2, later.get(0).people().size());
        assertEquals(1, later.get(0).bots());
    }

    @Test
    void aPersonAlone_getsBots_afterTheWait() {
        assertTrue(former.form(List.of(w("a", 25, 19, 4)), T0).isEmpty());
        PoolFormer.Formed f = former.form(List.of(w("a", 25, 20, 4)), T0).get(0);
        assertEquals(4, f.players());
        assertEquals(3, f.bots());
    }

    @Test
    void differentNumbersOfPlayers_neverMeet() {
        assertTrue(former.form(List.of(w("a", 25, 1, 2), w("b", 25, 1, 3), w("c", 25, 1, 4)), T0).isEmpty());
    }

    @Test
    void any_meetsEveryNumber_andFormsTheLargestFullTable() {
        List<PoolFormer.Formed> tables = former.form(List.of(w("a", 25, 3, 2, 3, 4, 5, 6), w("b", 25, 2, 3),
                w("c", 25, 1, 3)), T0);
        assertEquals(1, tables.size());
        assertEquals(3, tables.get(0).players());
        PoolFormer.Formed two = former.form(List.of(w("a", 25, 3, 2, 3, 4, 5, 6), w("b", 25, 2, 2, 3, 4, 5, 6)), T0)
                .get(0);
        assertEquals(2, two.players());
    }

    @Test
    void aFarRating_waitsUntilTheGapHasWidened() {
        List<Waiting> pair = List.of(w("a", 20, 0, 2), w("b", 30, 0, 2));
        assertTrue(former.form(pair, T0).isEmpty()); // gap 10 > 3
        // after 14 s both accept 3 + 7 = 10
        assertEquals(1, former.form(pair, T0.plusSeconds(14)).size());
    }

    @Test
    void closeRatings_arePreferred() {
        List<PoolFormer.Formed> tables = former.form(List.of(w("a", 25, 2, 2), w("far", 27.5, 1, 2),
                w("near", 25.5, 0, 2), w("x", 28, 0, 2)), T0);
        assertEquals(2, tables.size());
        assertEquals(Set.of("a", "near"), ids(tables.get(0)));
        assertEquals(Set.of("far", "x"), ids(tables.get(1)));
    }

    @Test
    void everyTicket_sitsAtMostOnce_andNoSeatIsEmpty() {
        List<Waiting> many = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            many.add(w("t" + i, 15 + (i * 7 % 20), i % 30, i % 3 == 0 ? new Integer[] {2, 3, 4, 5, 6}
                    : new Integer[] {2 + i % 5}));
        }
        Set<String> seated = new HashSet<>();
        for (PoolFormer.Formed f : former.form(many, T0)) {
            assertTrue(f.people().size() <= f.players());
            for (Waiting p : f.people()) {
                assertTrue(seated.add(p.ticketId()), "seated twice: " + p.ticketId());
                assertTrue(p.sizes().contains(f.players()));
            }
        }
    }

    @Test
    void botLevel_followsTheMeanRating() {
        assertEquals(BotLevel.EASY, PoolFormer.botLevel(10, 20, 30));
        assertEquals(BotLevel.NORMAL, PoolFormer.botLevel(25, 20, 30));
        assertEquals(BotLevel.STRONG, PoolFormer.botLevel(30, 20, 30));
    }

    private static Set<String> ids(PoolFormer.Formed f) {
        Set<String> s = new HashSet<>();
        f.people().forEach(p -> s.add(p.ticketId()));
        return s;
    }
}
