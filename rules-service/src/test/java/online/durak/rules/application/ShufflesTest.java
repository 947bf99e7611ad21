package online.durak.rules.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import online.durak.engine.Shuffle;
import online.durak.engine.ShuffleProof;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.Test;

/** docs/fairness.md: every command brings a fresh seed and salt; without the daily secret the service does not start. */
class ShufflesTest {

    @Test
    void withoutTheDailySecret_theServiceDoesNotStart() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new Shuffles(Optional.empty()));
        assertTrue(e.getMessage().contains("DURAK_DAILY_SECRET_FILE"), e.getMessage());
    }

    @Test
    void everyShuffle_hasASaltOfItsOwn_andTheDailySecret() {
        Shuffles shuffles = new Shuffles(Optional.of(TestInfra.dailySecretFile().toString()));
        Set<String> salts = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            Shuffle s = shuffles.next();
            assertTrue(ShuffleProof.isSalt(s.salt()), s.salt());
            assertNotNull(s.dailySecret());
            salts.add(s.salt());
        }
        assertEquals(1000, salts.size());
    }
}
