package online.durak.engine;

import static online.durak.engine.Phase.DEFENSE;
import static online.durak.engine.Phase.THROW_IN;

import org.junit.jupiter.api.Test;

/** rules.md §4.2: the defender covers a named uncovered card with a card that beats it, or takes. */
class DefendingTest {

    /** Trump S; seat 0 attacks seat 1. */
    private static Given position() {
        return Given.hands("8D 8C 9H KC", "10D 7D 6S QC 8H JH", "9C KD AH")
                .stock("6C 7C JC QD QH AD 10S").boutsPlayed(1);
    }

    @Test
    void cover_withAHigherCardOfTheSameSuit_isAccepted() {
        position().when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().emitted("Covered").table("8D/10D").phase(THROW_IN).toAct(0)
                .hand(1, "7D 6S QC 8H JH");
    }

    @Test
    void cover_withATrump_beatsAPlainCard() {
        position().when(0, "attack 8D").when(1, "cover 8D 6S").then().table("8D/6S");
    }

    @Test
    void cover_isRefused_whenCardDoesNotBeat() {
        position().when(0, "attack 8D")
                .rejects(1, "cover 8D 7D", Rejection.DOES_NOT_BEAT)
                .rejects(1, "cover 8D QC", Rejection.DOES_NOT_BEAT)
                .rejects(1, "cover 8D 8H", Rejection.DOES_NOT_BEAT)
                .then().phase(DEFENSE).table("8D/-");
    }

    @Test
    void cover_ofATrump_isRefused_exceptWithAHigherTrump() {
        Given.hands("7S 9D", "6S 8S AD", "9C").trump("S").stock("6C 10S").boutsPlayed(1)
                .when(0, "attack 7S")
                .rejects(1, "cover 7S 6S", Rejection.DOES_NOT_BEAT)
                .rejects(1, "cover 7S AD", Rejection.DOES_NOT_BEAT)
                .when(1, "cover 7S 8S")
                .then().emitted("Covered", "BoutEnded", "CardsDrawn", "BoutReady").discardCount(2);
    }

    @Test
    void cover_isRefused_whenTheNamedCardIsNotOnTheTable() {
        position().when(0, "attack 8D")
                .rejects(1, "cover 8C QC", Rejection.NOT_AN_UNCOVERED_ATTACK);
    }

    @Test
    void cover_isRefused_whenTheNamedCardIsAlreadyCovered() {
        position().when(0, "attack 8D 8C").when(1, "cover 8D 10D")
                .rejects(1, "cover 8D JH", Rejection.NOT_AN_UNCOVERED_ATTACK)
                .rejects(1, "cover 10D JH", Rejection.NOT_AN_UNCOVERED_ATTACK);
    }

    @Test
    void cover_isRefused_whenTheCardIsNotInTheDefendersHand() {
        position().when(0, "attack 8D")
                .rejects(1, "cover 8D JD", Rejection.CARD_NOT_IN_HAND)
                .rejects(1, "cover 8D KC", Rejection.CARD_NOT_IN_HAND);
    }

    @Test
    void severalAttackCards_areCoveredOneAtATime_inAnyOrder() {
        position().when(0, "attack 8D 8C")
                .when(1, "cover 8C QC")
                .then().phase(DEFENSE).toAct(1).tableInAnyOrder("8D/-", "8C/QC")
                .when(1, "cover 8D 10D")
                .then().emitted("Covered", "BoutEnded", "CardsDrawn", "CardsDrawn", "BoutReady").discardCount(4);
    }

    @Test
    void take_isAllowed_whileACardLiesUncovered_andTheDefenderPicksUpTheTable() {
        position().when(0, "attack 8D 8C").when(1, "cover 8D 10D")
                .when(1, "take")
                .then().emitted("Took", "BoutEnded", "CardsDrawn", "CardsDrawn", "BoutReady")
                .hand(1, "7D 6S QC 8H JH 8D 10D 8C")
                .nextBout(2, 0);
    }

    @Test
    void take_isRefused_onceEveryCardIsCovered() {
        position().when(0, "attack 8D").when(1, "cover 8D 10D")
                .rejects(1, "take", Rejection.NOT_YOUR_TURN)
                .notLegal(1, "take");
    }

    @Test
    void defender_mayNotPassOrThrowIn() {
        position().when(0, "attack 8D")
                .rejects(1, "pass", Rejection.WRONG_PHASE)
                .rejects(1, "throw 8H", Rejection.WRONG_PHASE)
                .rejects(1, "attack 8H", Rejection.WRONG_PHASE);
    }

    @Test
    void nobodyElse_mayActWhileTheDefenderMust() {
        position().when(0, "attack 8D")
                .rejects(0, "throw 8C", Rejection.NOT_YOUR_TURN)
                .rejects(2, "pass", Rejection.NOT_YOUR_TURN)
                .rejects(0, "cover 8D KC", Rejection.NOT_YOUR_TURN);
    }

    @Test
    void legalMoves_ofTheDefender_areEveryBeatingCardAndTake() {
        position().when(0, "attack 8D")
                .legal(1, "cover 8D 10D").legal(1, "cover 8D 6S").legal(1, "take")
                .notLegal(1, "cover 8D 7D").notLegal(1, "cover 8D QC").notLegal(1, "transfer 8H");
    }
}
