package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import static online.durak.engine.Phase.ATTACK;
import static online.durak.engine.Phase.DEFENSE;
import static online.durak.engine.Phase.THROW_IN;

import org.junit.jupiter.api.Test;

/** rules.md §4.1 (opening a bout) and §4.4 (the cap of 5 or 6 and the defender's hand). */
class OpeningAndLimitTest {

    // ---- opening (§4.1) ----

    @Test
    void attack_withOneCard_opensTheBoutAgainstThePlayerOnTheLeft() {
        Given.hands("8D 10H AC", "10D QC 6S", "8C KD QH").trump("S").boutsPlayed(1)
                .when(0, "attack 8D")
                .then().emitted("Attacked").phase(DEFENSE).attacker(0).defender(1).toAct(1)
                .table("8D/-").hand(0, "10H AC");
    }

    @Test
    void attack_withSeveralCardsOfOneRank_isAccepted() {
        Given.hands("8D 8C 8H AC", "10D QC 6S 7S", "9C KD").trump("S").boutsPlayed(1)
                .when(0, "attack 8D 8C 8H")
                .then().phase(DEFENSE).toAct(1).hand(0, "AC");
    }

    @Test
    void attack_isRefused_whenCardsAreOfDifferentRanks() {
        Given.hands("8D 9D AC", "10D QC 6S", "9C KD").trump("S").boutsPlayed(1)
                .rejects(0, "attack 8D 9D", Rejection.MIXED_RANKS)
                .then().phase(ATTACK).toAct(0);
    }

    @Test
    void attack_isRefused_whenTheCardIsNotInHand() {
        Given.hands("8D 9D AC", "10D QC 6S").trump("S").boutsPlayed(1)
                .rejects(0, "attack 8C", Rejection.CARD_NOT_IN_HAND);
    }

    @Test
    void attack_isRefused_withoutCards() {
        Given.hands("8D 9D AC", "10D QC 6S").trump("S").boutsPlayed(1)
                .rejects(0, "attack", Rejection.NO_CARDS);
    }

    @Test
    void attack_isRefused_fromAnyoneButTheAttacker() {
        Given.hands("8D 9D AC", "10D QC 6S", "9C KD").trump("S").boutsPlayed(1)
                .rejects(1, "attack 10D", Rejection.NOT_YOUR_TURN)
                .rejects(2, "attack 9C", Rejection.NOT_YOUR_TURN);
    }

    @Test
    void openingBout_acceptsNoOtherMove() {
        Given.hands("8D 9D AC", "10D QC 6S").trump("S").boutsPlayed(1)
                .rejects(0, "pass", Rejection.WRONG_PHASE)
                .rejects(0, "throw 8D", Rejection.WRONG_PHASE)
                .rejects(0, "take", Rejection.WRONG_PHASE)
                .rejects(0, "cover 8D 9D", Rejection.WRONG_PHASE);
    }

    @Test
    void moveFromASeatThatDoesNotExist_isRefused() {
        Given.hands("8D 9D AC", "10D QC 6S").trump("S").boutsPlayed(1)
                .rejects(2, "attack 8D", Rejection.NO_SUCH_SEAT)
                .rejects(-1, "attack 8D", Rejection.NO_SUCH_SEAT);
    }

    @Test
    void defender_isTheNextActivePlayerOnTheLeft_skippingPlayersWhoAreOut() {
        Given.hands("8D 9D AC", "", "10D QC 6S", "7H").trump("S").out(1).boutsPlayed(5).discardCount(10)
                .then().attacker(0).defender(2)
                .when(0, "attack 8D").then().toAct(2);
    }

    @Test
    void lastSeat_attacksSeatZero() {
        Given.hands("8D 9D AC", "10D QC 6S", "9C KD").trump("S").attacker(2).boutsPlayed(1)
                .then().attacker(2).defender(0).toAct(2);
    }

    @Test
    void setUpAttacker_whoIsOut_isReplacedByTheNextActivePlayerOnTheLeft() {
        Given.hands("", "10D QC 6S", "9C KD").trump("S").out(0).attacker(0).boutsPlayed(4).discardCount(8)
                .then().attacker(1).defender(2);
    }

    // ---- the defender's hand (§4.4) ----

    @Test
    void attack_isRefused_withMoreCardsThanTheDefenderHolds() {
        Given.hands("6C 6D 6H 6S", "7C 7D 7H", "9C KD AD QH").trump("S").boutsPlayed(1)
                .rejects(0, "attack 6C 6D 6H 6S", Rejection.DEFENDER_CANNOT_COVER)
                .when(0, "attack 6C 6D 6H").then().table("6C/-", "6D/-", "6H/-");
    }

    @Test
    void throwIn_isRefused_whenUncoveredCardsWouldExceedTheDefendersHand_evenAfterCovers() {
        // the defender starts with 3 cards; after one cover he holds 2, so 2 more fit, not 3
        Given.hands("6C 6D 6H 8D", "8C 9D 10H").stock("QC KC AC JD QD KD AD 7S").boutsPlayed(1)
                .when(0, "attack 6C").when(1, "cover 6C 8C")
                .then().phase(THROW_IN).roomLeft(2)
                .rejects(0, "throw 6D 6H 8D", Rejection.DEFENDER_CANNOT_COVER)
                .when(0, "throw 6D 6H")
                .then().phase(DEFENSE).toAct(1).roomLeft(0);
    }

    @Test
    void bout_endsAtOnce_whenTheDefenderCoversWithHisLastCard() {
        Given.hands("6C 6D 6H 8D", "8C 9D 10H").stock("QC KC AC JD QD KD AD 7S").boutsPlayed(1)
                .plays("0 attack 6C", "1 cover 6C 8C", "0 throw 6D 6H", "1 cover 6D 9D")
                .when(1, "cover 6H 10H")
                .then().emitted("Covered", "BoutEnded", "CardsDrawn", "CardsDrawn", "BoutReady")
                .discardCount(6).nextBout(1, 0);
    }

    // ---- the cap (§4.4) ----
    // Seat 0 opens two sixes, throws in a six and a seven, then holds 8C 9C with four cards on the table.

    private static Given capPosition() {
        return Given.hands("6C 6D 6H 7H 8C 9C", "7C 7D 8H 9H 10C JC")
                .stock("QD KD AD JH QH KH AH 10S");
    }

    private static Table fourCardsOnTheTable(Given g) {
        return g.when(0, "attack 6C 6D")
                .plays("1 cover 6C 7C", "1 cover 6D 7D", "0 throw 6H 7H", "1 cover 6H 8H", "1 cover 7H 9H")
                .then().phase(THROW_IN).toAct(0);
    }

    @Test
    void capIsFive_inTheFirstBout_underFirstBout() {
        fourCardsOnTheTable(capPosition().firstBoutLimit(FirstBoutLimit.FIRST_BOUT).boutsPlayed(0))
                .roomLeft(1)
                .rejects(0, "throw 8C 9C", Rejection.OVER_LIMIT)
                .when(0, "throw 8C").then().roomLeft(0);
    }

    @Test
    void capIsSix_afterTheFirstBout_underFirstBout_evenWithAnEmptyDiscard() {
        fourCardsOnTheTable(capPosition().firstBoutLimit(FirstBoutLimit.FIRST_BOUT).boutsPlayed(1))
                .roomLeft(2)
                .when(0, "throw 8C 9C").then().table("6C/7C", "6D/7D", "6H/8H", "7H/9H", "8C/-", "9C/-");
    }

    @Test
    void capIsFive_whileTheDiscardIsEmpty_underUntilFirstDiscard_evenInALaterBout() {
        fourCardsOnTheTable(capPosition().firstBoutLimit(FirstBoutLimit.UNTIL_FIRST_DISCARD).boutsPlayed(3))
                .rejects(0, "throw 8C 9C", Rejection.OVER_LIMIT);
    }

    @Test
    void capIsSix_onceCardsWereDiscarded_underUntilFirstDiscard() {
        Given g = Given.hands("6C 6D 6H 7H 8C 9C", "7C 7D 8H 9H 10C JC")
                .stock("QD KD AD JH 10S").discardCount(4).boutsPlayed(1)
                .firstBoutLimit(FirstBoutLimit.UNTIL_FIRST_DISCARD);
        fourCardsOnTheTable(g).when(0, "throw 8C 9C").then().phase(DEFENSE);
    }

    @Test
    void capIsSix_evenInTheFirstBout_underNone() {
        fourCardsOnTheTable(capPosition().firstBoutLimit(FirstBoutLimit.NONE).boutsPlayed(0))
                .when(0, "throw 8C 9C").then().phase(DEFENSE).toAct(1);
    }

    @Test
    void bout_endsAtOnce_whenTheFifthCardOfAFiveCapIsCovered_thoughTheAttackerHoldsAFittingCard() {
        fourCardsOnTheTable(capPosition().boutsPlayed(0))
                .when(0, "throw 8C")
                .when(1, "cover 8C 10C")
                .then().emitted("Covered", "BoutEnded", "CardsDrawn", "CardsDrawn", "BoutReady")
                .discardCount(10).nextBout(1, 0).hand(0, "9C QD KD AD JH QH");
    }

    @Test
    void bout_endsAtOnce_whenTheSixthCardIsCovered() {
        fourCardsOnTheTable(capPosition().firstBoutLimit(FirstBoutLimit.NONE))
                .plays("0 throw 8C 9C", "1 cover 8C 10C")
                .when(1, "cover 9C JC")
                .then().discardCount(12).nextBout(1, 0);
    }

    @Test
    void roomLeft_beforeTheOpening_isTheSmallerOfCapAndDefendersHand() {
        Given.hands("6C 6D", "7C 7D 8H").stock("QD 10S").boutsPlayed(1).then().roomLeft(3);
        Given.hands("6C 6D", "7C 7D 8H 9H 10H JH").stock("QD 10S").boutsPlayed(0).then().roomLeft(5);
        Given.hands("6C 6D", "7C 7D 8H 9H 10H JH").stock("QD 10S").boutsPlayed(1).then().roomLeft(6);
    }

    @Test
    void severalCards_lieOnTheTableInTheOrderTheyWereLaid_andAreOneMoveInAnyOrder() {
        Given.hands("6H 6C 6D 10H", "7C 7D 8H 9H KS AS").stock("QD 7H 8S").boutsPlayed(1)
                .rejects(0, "attack 6H 6H", Rejection.CARD_TWICE)
                .when(0, "attack 6H 6C 6D").then().table("6H/-", "6C/-", "6D/-")
                .when(1, "cover 6C 7C").when(1, "cover 6D 7D")
                .then().table("6H/-", "6C/7C", "6D/7D");
        assertEquals(Given.move("attack 6D 6C"), Given.move("attack 6C 6D"));
    }
}
