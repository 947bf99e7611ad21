package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * docs/daily.md "Same cards, same answers": a daily table's deals derive from the installation's secret and the date
 * (HMAC-SHA256), not from the date alone, so two installations deal different cards on the same day and nobody who
 * lacks the secret can compute them.
 */
class DailyShufflesTest {
    private static final LocalDate DAY = LocalDate.of(2026, 12, 1);
    private static final DailySecret SECRET = secret(0);
    private static final DailySecret OTHER = secret(100);

    private static DailySecret secret(int first) {
        byte[] key = new byte[32];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) (first + i);
        }
        return new DailySecret(key);
    }

    private static Event.DealStarted firstDeal(Rules rules, Shuffle shuffle) {
        return (Event.DealStarted) ((Decision.Accepted<MatchState>) MatchDecider.decide(
                MatchDecider.initialState(rules), new Command.StartDeal(shuffle))).events().get(0);
    }

    @Test
    void oneInstallation_dealsTheSameDeck_toEveryAttemptOfTheDay_whateverSeedCame() {
        Event.DealStarted counting = firstDeal(Rules.daily(DAY, false), new Shuffle(1, null, SECRET));
        Event.DealStarted practice = firstDeal(Rules.daily(DAY, true), new Shuffle(99, null, secret(0)));
        assertEquals(counting.deckOrder(), practice.deckOrder());
        assertEquals(new Daily(DAY, false).shuffleSeed(SECRET, 1), new Daily(DAY, true).shuffleSeed(SECRET, 1));
        assertNotEquals(new Daily(DAY, false).shuffleSeed(SECRET, 1), new Daily(DAY, false).shuffleSeed(SECRET, 2));
        assertNotEquals(new Daily(DAY, false).shuffleSeed(SECRET, 1),
                new Daily(DAY.plusDays(1), false).shuffleSeed(SECRET, 1));
    }

    @Test
    void twoInstallations_dealDifferentDecks_onTheSameDay() {
        for (int deal = 1; deal <= Daily.DEALS; deal++) {
            assertNotEquals(new Daily(DAY, false).shuffleSeed(SECRET, deal),
                    new Daily(DAY, false).shuffleSeed(OTHER, deal), "deal " + deal);
        }
        assertNotEquals(firstDeal(Rules.daily(DAY, false), new Shuffle(1, null, SECRET)).deckOrder(),
                firstDeal(Rules.daily(DAY, false), new Shuffle(1, null, OTHER)).deckOrder());
        assertNotEquals(new Daily(DAY, false).botSeed(SECRET, 1, "a position"),
                new Daily(DAY, false).botSeed(OTHER, 1, "a position"));
        assertEquals(new Daily(DAY, false).botSeed(SECRET, 1, "a position"),
                new Daily(DAY, true).botSeed(secret(0), 1, "a position"));
    }

    @Test
    void theDerivation_isPinned() {
        // it must never change, or an old day's game would no longer be the one played that day; the seed is the first
        // 8 bytes of HMAC-SHA256(key, "durak.daily/2026-12-01/deal/1"), as Python's hmac module computes it too
        assertEquals(0x96e98704a76bc941L, new Daily(DAY, false).shuffleSeed(SECRET, 1));
        assertEquals("[10H, QC, QH, 6S, 7H, 7C]",
                firstDeal(Rules.daily(DAY, false), new Shuffle(1, null, SECRET)).deckOrder().subList(0, 6).toString());
    }

    @Test
    void aDailyTable_withoutTheSecret_isNotDealt() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> firstDeal(Rules.daily(DAY, false), Shuffle.of(1)));
        assertTrue(e.getMessage().contains("daily secret"), e.getMessage());
    }

    @Test
    void aShortSecret_isRefused_andNoSecretShowsItsBytes() {
        assertThrows(IllegalArgumentException.class, () -> new DailySecret(new byte[31]));
        assertThrows(IllegalArgumentException.class, () -> new DailySecret(null));
        assertFalse(SECRET.toString().matches(".*\\d.*"), SECRET.toString());
        assertFalse(new Shuffle(1, null, SECRET).toString().contains("0, 1, 2"));
    }

    @Test
    void anOrdinaryTable_dealsFromTheSeed_andIgnoresTheSecret() {
        Rules rules = Rules.defaults(3);
        assertEquals(firstDeal(rules, Shuffle.of(5)).deckOrder(), firstDeal(rules, new Shuffle(5, null, SECRET))
                .deckOrder());
        List<List<Card>> decks = IntStream.range(0, 5).mapToObj(s -> firstDeal(rules, Shuffle.of(s)).deckOrder())
                .distinct().toList();
        assertEquals(5, decks.size());
    }
}
