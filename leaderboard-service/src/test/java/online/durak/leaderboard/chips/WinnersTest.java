package online.durak.leaderboard.chips;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import online.durak.leaderboard.score.FinishedMatch;
import org.junit.jupiter.api.Test;

/** Who wins a pot (docs/chips.md "Holds"): the best-placed stakers who played to the end, a tie all of them. */
class WinnersTest {
    private static FinishedMatch.Entry e(String id, int seat, int place, boolean left) {
        return new FinishedMatch.Entry(id, id, seat, 0, 0, place, 1, 0, left);
    }

    private static List<String> winners(Set<String> stakers, FinishedMatch.Entry... entries) {
        FinishedMatch m = new FinishedMatch("t", 9, Instant.EPOCH, List.of(entries), List.of(), null);
        return ChipsEvents.winners(m, stakers).stream().map(FinishedMatch.Entry::playerId).toList();
    }

    @Test
    void theBestPlacedStaker_winsEvenBehindAGuest() {
        assertEquals(List.of("b"), winners(Set.of("a", "b"), e("guest", 0, 1, false), e("a", 1, 3, false),
                e("b", 2, 2, false)));
    }

    @Test
    void aTie_isSharedInSeatOrder() {
        assertEquals(List.of("b", "a"), winners(Set.of("a", "b"), e("b", 0, 1, false), e("a", 2, 1, false)));
    }

    @Test
    void aLeaver_neverWins_andNobodyLeftLeavesThePotToTheHouse() {
        assertEquals(List.of("b"), winners(Set.of("a", "b"), e("a", 0, 0, true), e("b", 1, 2, false)));
        assertEquals(List.of(), winners(Set.of("a"), e("a", 0, 0, true), e("guest", 1, 1, false)));
    }
}
