package online.durak.engine;

import static online.durak.engine.Phase.DEFENSE;
import static online.durak.engine.Phase.THROW_IN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** rules.md §4.3: who throws in, in which order, which ranks, automatic passes, bito. */
class ThrowInTest {

    /** Four players, trump S, seat 0 attacks seat 1; after 8D/10D the ranks 8 and 10 lie on the table. */
    private static Given fourPlayers() {
        return Given.hands("8D 10H AC 9D", "10D QC 6S 7S 9C 6H", "8C KD AH JC", "QH JH KH 10C")
                .stock("6D 7D QD 7H 8H 8S").boutsPlayed(1);
    }

    @Test
    void rankOfADefenceCard_mayBeThrownIn_inAnotherSuit() {
        fourPlayers().when(0, "attack 8D").when(1, "cover 8D 10D")
                .when(0, "throw 10H")
                .then().emitted("Threw").table("8D/10D", "10H/-");
    }

    @Test
    void throwIn_isRefused_whenItsRankIsNotOnTheTable() {
        fourPlayers().when(0, "attack 8D").when(1, "cover 8D 10D")
                .rejects(0, "throw AC", Rejection.RANK_NOT_ON_TABLE)
                .rejects(0, "throw 10H AC", Rejection.RANK_NOT_ON_TABLE);
    }

    @Test
    void throwIn_isRefused_forACardNotInHand_orNoCard() {
        fourPlayers().when(0, "attack 8D").when(1, "cover 8D 10D")
                .rejects(0, "throw 8C", Rejection.CARD_NOT_IN_HAND)
                .rejects(0, "throw", Rejection.NO_CARDS);
    }

    @Test
    void throwIn_handsTheTurnBackToTheDefender() {
        fourPlayers().when(0, "attack 8D").when(1, "cover 8D 10D").when(0, "throw 10H")
                .then().phase(DEFENSE).toAct(1)
                .rejects(2, "throw 8C", Rejection.NOT_YOUR_TURN);
    }

    @Test
    void round_asksTheAttackerFirst_thenTheOthersClockwise_neverTheDefender() {
        Table t = fourPlayers().when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().phase(THROW_IN).toAct(0)
                .rejects(2, "throw 8C", Rejection.NOT_YOUR_TURN);
        assertEquals(List.of(0, 2, 3), t.view(0).stillToCome());
        t.when(0, "pass").then().toAct(2);
        assertEquals(List.of(0), t.view(2).passed());
        t.when(2, "pass").then().toAct(3);
        t.when(3, "pass").then().emitted("Passed", "BoutEnded", "CardsDrawn", "CardsDrawn", "CardsDrawn",
                "BoutReady");
    }

    @Test
    void round_startingAtTheLastSeat_wrapsClockwise() {
        Table t = Given.hands("9C KD AH JC", "QH JH KH 10C", "8D 10H AC 9D", "10D QC 6S 7S 8H")
                .stock("6D 7D QD 7H 6C 8S").attacker(2).boutsPlayed(1)
                .when(2, "attack 8D").when(3, "cover 8D 10D");
        // seat 0 holds no eight or ten: it is not coming, it passes automatically
        assertEquals(List.of(2, 1), t.view(2).stillToCome());
        assertEquals(List.of(0), t.view(2).passed());
    }

    @Test
    void whenEveryoneInTheRoundHasPassedInARow_theBoutEndsWithBito() {
        fourPlayers().plays("0 attack 8D", "1 cover 8D 10D", "0 pass", "2 pass")
                .when(3, "pass")
                .then().discardCount(2).nextBout(1, 2).drew(0, 2, 3);
    }

    @Test
    void afterTheDefenderCoversAThrowIn_theRoundRestartsFromTheAttacker_andEarlierPassesNoLongerCount() {
        Table t = fourPlayers().plays("0 attack 8D", "1 cover 8D 10D", "0 pass", "2 throw 8C")
                .when(1, "cover 8C QC")
                .then().phase(THROW_IN).toAct(0);
        // seat 0's pass no longer counts; seat 2 threw its only eight and now passes automatically
        assertEquals(List.of(2), t.view(0).passed());
        assertEquals(List.of(0, 3), t.view(0).stillToCome());
        // after 10H/6S seats 0 and 2 hold no eight, ten, queen or six: only seat 3 is asked
        t.when(0, "throw 10H").when(1, "cover 10H 6S").then().toAct(3)
                .when(3, "throw 10C QH").then().phase(DEFENSE).toAct(1);
    }

    @Test
    void playerWithoutACardThatMayBeThrownIn_passesAutomatically() {
        // after 8D/6S only eights and sixes may be thrown in: seats 0 and 3 hold none, seat 2 holds 8C
        Table t = fourPlayers().when(0, "attack 8D")
                .when(1, "cover 8D 6S")
                .then().emitted("Covered").toAct(2);
        assertEquals(List.of(0, 3), t.view(2).passed());
        assertEquals(List.of(2), t.view(2).stillToCome());
    }

    @Test
    void whenNobodyMayThrowIn_theBoutEndsWithBitoAsSoonAsTheLastCardIsCovered() {
        Given.hands("8D 10H AC 9D", "10D QC 6S 7S 9C 6H", "KD AH JC", "QH JH KH")
                .stock("6D 7D QD 7H 8H 8S").boutsPlayed(1)
                .when(0, "attack 8D").when(1, "cover 8D 6S")
                .then().emitted("Covered", "BoutEnded", "CardsDrawn", "CardsDrawn", "BoutReady")
                .discardCount(2).stockCount(0).drew(0, 2).nextBout(1, 2);
    }

    @Test
    void severalCards_ofRanksOnTheTable_mayBeThrownInAtOnce() {
        Given.hands("8D 8H 10H AC", "10D QC 6S 7S 9C 6H", "KD").stock("6D 7D QD 7H 8C 8S").boutsPlayed(1)
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .when(0, "throw 8H 10H")
                .then().table("8D/10D", "8H/-", "10H/-");
    }

    @Test
    void playerWithoutCards_isNeverAsked() {
        Given.hands("8D 10H AC", "10D QC 6S 7S", "", "8C QH").stock("6D 7D QD 7H 8H 8S").boutsPlayed(1)
                .when(0, "attack 8D").when(1, "cover 8D 10D").when(0, "pass")
                .then().toAct(3)
                .when(3, "pass").then().nextBout(1, 2).drew(0, 2);
    }

    // ---- throwIn modes ----

    /** Four players: seat 0 attacks 1; seat 2 sits left of the defender, seat 3 is no neighbour of his. */
    private static Given neighbours() {
        return Given.hands("8D 9D AC KS", "10D QC 6S 7S 9C 6H", "JC KD AH 7C", "QH 10C 8C JH")
                .stock("6D 7D QD 7H 8H 8S").boutsPlayed(1);
    }

    @Test
    void underAll_anyPlayerMayThrowInAnyRankOnTheTable() {
        neighbours().throwIn(ThrowIn.ALL)
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().toAct(3)
                .when(3, "throw 10C").then().table("8D/10D", "10C/-");
    }

    @Test
    void underNeighbours_aPlayerBesideNoNeighbour_mayThrowInOnlyTheRankOfTheFirstAttackCard() {
        neighbours().throwIn(ThrowIn.NEIGHBOURS)
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().toAct(3)
                .rejects(3, "throw 10C", Rejection.RANK_NOT_ALLOWED)
                .rejects(3, "throw 8C 10C", Rejection.RANK_NOT_ALLOWED)
                .notLegal(3, "throw 10C")
                .when(3, "throw 8C").then().table("8D/10D", "8C/-");
    }

    @Test
    void underNeighbours_theDefendersLeftNeighbour_mayThrowInAnyRankOnTheTable() {
        Given.hands("8D 9D AC KS", "10D QC 6S 7S 9C 6H", "JC 10C AH 7C", "QH KD 8C JH")
                .stock("6D 7D QD 7H 8H 8S").boutsPlayed(1).throwIn(ThrowIn.NEIGHBOURS)
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().toAct(2)
                .when(2, "throw 10C").then().table("8D/10D", "10C/-");
    }

    @Test
    void underNeighbours_aNonNeighbourHoldingOnlyADefenceRank_passesAutomatically() {
        Given.hands("8D 9D AC KS", "10D QC 6S 7S 9C 6H", "JC KD AH 7C", "QH 10C JH")
                .stock("6D 7D QD 7H 8H 8S").boutsPlayed(1).throwIn(ThrowIn.NEIGHBOURS)
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().emitted("Covered", "BoutEnded", "CardsDrawn", "CardsDrawn", "CardsDrawn", "BoutReady")
                .nextBout(1, 2);
    }

    @Test
    void underNeighboursOnly_aPlayerBesideNoNeighbour_neverThrowsIn() {
        neighbours().throwIn(ThrowIn.NEIGHBOURS_ONLY)
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().emitted("Covered", "BoutEnded", "CardsDrawn", "CardsDrawn", "CardsDrawn", "BoutReady")
                .discardCount(2).hand(3, "QH 10C 8C JH 8S");
    }

    @Test
    void underNeighboursOnly_bothNeighboursOfTheDefender_mayThrowInAnyRank() {
        Given.hands("8D 10H AC KS", "10D QC 6S 7S 9C 6H", "JC 10C AH 7C", "QH KD 8C JH")
                .stock("6D 7D QD 7H 8H 8S").boutsPlayed(1).throwIn(ThrowIn.NEIGHBOURS_ONLY)
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .when(0, "throw 10H").when(1, "cover 10H 6S")
                .then().toAct(2)
                .when(2, "throw 10C").then().phase(DEFENSE);
    }

    @Test
    void neighbours_areCountedAmongActivePlayers_skippingSeatsThatAreOut() {
        // five players, seat 2 is out: the defender's neighbours are seats 0 and 3, seat 4 is none
        Given.hands("8D 9D", "10D QC 6S 7S", "", "10C JH", "10H 8C").trump("S").out(2)
                .discardCount(20).boutsPlayed(5).throwIn(ThrowIn.NEIGHBOURS)
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().toAct(3)
                .when(3, "throw 10C").when(1, "cover 10C QC")
                .then().toAct(4)
                .rejects(4, "throw 10H", Rejection.RANK_NOT_ALLOWED)
                .when(4, "throw 8C").then().phase(DEFENSE);
    }

    @Test
    void underNeighbours_withThreePlayers_everyoneIsANeighbour() {
        Given.hands("8D 9D AC", "10D QC 6S 7S", "10C JH KH").stock("6D 7D 8S").boutsPlayed(1)
                .throwIn(ThrowIn.NEIGHBOURS)
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().toAct(2)
                .when(2, "throw 10C").then().table("8D/10D", "10C/-");
    }
}
