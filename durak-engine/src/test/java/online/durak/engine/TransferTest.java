package online.durak.engine;

import static online.durak.engine.Phase.DEFENSE;

import org.junit.jupiter.api.Test;

/** rules.md §4.5: passing the attack on in perevodnoi, and showing the trump of the rank instead. */
class TransferTest {

    /** Perevodnoi, three players, trump S: seat 0 attacks seat 1, seat 2 sits left of seat 1. */
    private static Given threePlayers() {
        return Given.hands("8D 9C KC QH", "8H 10D JD 7C", "8C 10H JH QD")
                .stock("6D 7D AC 9S").boutsPlayed(1).perevodnoi();
    }

    @Test
    void transfer_addsTheCard_andPassesTheAttackToTheNextPlayerOnTheLeft() {
        threePlayers().when(0, "attack 8D")
                .when(1, "transfer 8H")
                .then().emitted("Transferred").phase(DEFENSE)
                .attacker(1).defender(2).toAct(2)
                .table("8D/-", "8H/-").hand(1, "10D JD 7C");
    }

    @Test
    void transfer_isRefused_inPodkidnoi() {
        Given.hands("8D 9C KC QH", "8H 10D JD 7C", "8C 10H JH QD").stock("6D 7D AC 9S").boutsPlayed(1)
                .when(0, "attack 8D")
                .rejects(1, "transfer 8H", Rejection.NO_TRANSFER_IN_VARIANT)
                .rejects(1, "show 8H", Rejection.NO_TRANSFER_IN_VARIANT);
    }

    @Test
    void transfer_isRefused_onceAnAttackCardIsCovered() {
        Given.hands("8D 8S 9C KC", "8H 10D JD 7C", "8C 10H JH QD").stock("6D 7D AC 9S").boutsPlayed(1)
                .perevodnoi()
                .when(0, "attack 8D 8S").when(1, "cover 8D 10D")
                .rejects(1, "transfer 8H", Rejection.TRANSFER_NOT_POSSIBLE)
                .notLegal(1, "transfer 8H");
    }

    @Test
    void transfer_isRefused_withACardOfAnotherRank() {
        threePlayers().when(0, "attack 8D")
                .rejects(1, "transfer 10D", Rejection.TRANSFER_WRONG_RANK);
    }

    @Test
    void transfer_isRefused_withACardNotInHand() {
        threePlayers().when(0, "attack 8D")
                .rejects(1, "transfer 8C", Rejection.CARD_NOT_IN_HAND);
    }

    @Test
    void transfer_isRefused_whenTheNewDefenderHoldsFewerCardsThanAttackCardsAfterIt() {
        Given.hands("8D 9C KC QH", "8H 10D JD 7C", "8C").stock("6D 7D AC 9S").boutsPlayed(1).perevodnoi()
                .when(0, "attack 8D")
                .rejects(1, "transfer 8H", Rejection.NEXT_DEFENDER_CANNOT_COVER)
                .notLegal(1, "transfer 8H");
    }

    @Test
    void transfer_isAllowed_whenTheNewDefenderHoldsExactlyAsManyCardsAsAttackCards() {
        Given.hands("8D 9C KC QH", "8H 10D JD 7C", "8C QD").stock("6D 7D AC 9S").boutsPlayed(1).perevodnoi()
                .when(0, "attack 8D")
                .when(1, "transfer 8H").then().defender(2).toAct(2);
    }

    @Test
    void newDefender_mayTransferAgain() {
        threePlayers().plays("0 attack 8D", "1 transfer 8H")
                .when(2, "transfer 8C")
                .then().attacker(2).defender(0).toAct(0).table("8D/-", "8H/-", "8C/-");
    }

    /** A rank has four cards, so a transfer never breaks even the first bout's cap of five. */
    @Test
    void transferChain_ofAllFourCardsOfARank_fitsTheFirstBoutsCapOfFive() {
        Given.hands("8D 8S 9C KC QC", "8H 10D JD 7C AH", "8C 10H JH QD").stock("6D 7D AC 9S").boutsPlayed(0)
                .perevodnoi()
                .plays("0 attack 8D", "1 transfer 8H", "2 transfer 8C")
                .when(0, "transfer 8S")
                .then().attacker(0).defender(1).toAct(1).roomLeft(0)
                .table("8D/-", "8H/-", "8C/-", "8S/-");
    }

    @Test
    void withTwoPlayers_theAttackIsTransferredBackToTheAttacker() {
        Given.hands("8D 9C KC", "8H 10D JD").stock("6D 7D AC 9S").boutsPlayed(1).perevodnoi()
                .when(0, "attack 8D")
                .when(1, "transfer 8H")
                .then().attacker(1).defender(0).toAct(0);
    }

    @Test
    void transferredAttack_isCoveredByTheNewDefender_andTheTransferringPlayerThrowsInFirst() {
        threePlayers().plays("0 attack 8D", "1 transfer 8H", "2 cover 8D QD")
                .when(2, "cover 8H 10H")
                .then().phase(Phase.THROW_IN).toAct(1)
                .when(1, "pass").then().toAct(0)
                .when(0, "pass")
                .then().discardCount(4).drew(1, 0).nextBout(2, 0);
    }

    @Test
    void take_afterATransfer_letsThePlayerLeftOfTheNewDefenderAttack() {
        threePlayers().plays("0 attack 8D", "1 transfer 8H")
                .when(2, "take")
                .then().hand(2, "8C 10H JH QD 8D 8H").nextBout(0, 1);
    }

    @Test
    void transfer_goesToTheNextActivePlayer_skippingPlayersWhoAreOut() {
        Given.hands("8D 9C", "8H 10D", "", "QD KD").trump("S").out(2).discardCount(20).boutsPlayed(5)
                .perevodnoi()
                .when(0, "attack 8D")
                .when(1, "transfer 8H").then().attacker(1).defender(3).toAct(3);
    }

    // ---- showing the trump ----

    private static Given showTrump() {
        return Given.hands("8D 8H 9C KC", "8S 10D JD 7C", "8C 10H JH QD AH").stock("6D 7D AC 9S").boutsPlayed(1)
                .showTrumpToTransfer();
    }

    @Test
    void showingTheTrumpOfTheRank_passesTheAttackOn_andTheTrumpStaysInHandAsAKnownCard() {
        showTrump().when(0, "attack 8D")
                .when(1, "show 8S")
                .then().emitted("TrumpShown").attacker(1).defender(2).toAct(2)
                .table("8D/-").hand(1, "8S 10D JD 7C").known(1, "8S");
    }

    @Test
    void shownTrump_isForgotten_onceItIsPlayed() {
        showTrump().plays("0 attack 8D", "1 show 8S", "2 cover 8D QD")
                .then().toAct(1)
                .when(1, "throw 8S")
                .then().known(1, "").table("8D/QD", "8S/-");
    }

    @Test
    void showingATrump_isRefused_withoutTheSetting() {
        Given.hands("8D 9C KC", "8S 10D JD", "8C 10H JH").stock("6D 7D AC 9S").boutsPlayed(1).perevodnoi()
                .when(0, "attack 8D")
                .rejects(1, "show 8S", Rejection.SHOW_TRUMP_OFF);
    }

    @Test
    void showingAPlainCard_isRefused() {
        Given.hands("8D 9C KC", "8H 8S JD", "8C 10H JH").stock("6D 7D AC 9S").boutsPlayed(1).showTrumpToTransfer()
                .when(0, "attack 8D")
                .rejects(1, "show 8H", Rejection.NOT_A_TRUMP);
    }

    @Test
    void showingATrump_needsNoRoomForAnExtraCard_onlyAsManyCardsWithTheNewDefenderAsAttackCards() {
        Given.hands("8D 9C KC", "8S 8H JD", "QD").stock("6D 7D AC 9S").boutsPlayed(1).showTrumpToTransfer()
                .when(0, "attack 8D")
                .rejects(1, "transfer 8H", Rejection.NEXT_DEFENDER_CANNOT_COVER)
                .when(1, "show 8S").then().defender(2).table("8D/-");
    }

    @Test
    void eachTrump_mayBeShownOnlyOncePerBout_butMayStillBeTransferredAsACard() {
        showTrump().plays("0 attack 8D", "1 show 8S", "2 transfer 8C", "0 transfer 8H")
                .then().attacker(0).defender(1).toAct(1)
                .rejects(1, "show 8S", Rejection.TRUMP_ALREADY_SHOWN)
                .when(1, "transfer 8S")
                .then().attacker(1).defender(2).table("8D/-", "8C/-", "8H/-", "8S/-");
    }

    @Test
    void legalMoves_ofTheDefender_includeTransferAndShowTrump() {
        showTrump().when(0, "attack 8D")
                .legal(1, "transfer 8S").legal(1, "show 8S").legal(1, "take")
                .notLegal(1, "transfer 10D");
    }
}
