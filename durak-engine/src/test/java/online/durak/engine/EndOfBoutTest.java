package online.durak.engine;

import org.junit.jupiter.api.Test;

/** rules.md §4.7: bito and take, who attacks next, drawing up to six. */
class EndOfBoutTest {

    @Test
    void bito_sendsTheTableToTheDiscard_andTheDefenderAttacksNext() {
        Given.hands("8D 10C KH", "10D QC 6S", "JH QH 8C").stock("6C 7C 9C 9D JD QD KD AD 10S").discardCount(2)
                .boutsPlayed(1)
                .when(0, "attack 8D").when(1, "cover 8D 10D").when(0, "pass")
                .when(2, "pass")
                .then().emitted("Passed", "BoutEnded", "CardsDrawn", "CardsDrawn", "CardsDrawn", "BoutReady")
                .discardCount(4).table().nextBout(1, 2).toAct(1);
    }

    @Test
    void take_letsTheNextPlayerLeftOfTheDefenderAttack() {
        Given.hands("8D 9C KH", "10D QC 6H", "JH QH AC").stock("6C 7C 8C 9D 10S").boutsPlayed(1)
                .when(0, "attack 8D")
                .when(1, "take")
                .then().discardCount(0).hand(1, "10D QC 6H 8D").nextBout(2, 0).toAct(2);
    }

    @Test
    void take_withTwoPlayers_letsTheAttackerAttackAgain() {
        Given.hands("8D 9C KH", "10H QC 6H").stock("6C 7C 8C 9D 10S").boutsPlayed(1)
                .when(0, "attack 8D")
                .when(1, "take")
                .then().nextBout(0, 1);
    }

    @Test
    void drawing_goesAttackerFirst_thenClockwise_andTheDefenderLast() {
        Given.hands("8D 9D", "10D 6S 7C", "KH", "AH QC")
                .stock("6C 7D 8C 9C 10C JC KC AC 6D JD QD KD AD 6H 7H 8H 9H 10H JH QH 9S").boutsPlayed(1)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().drew(0, 2, 3, 1)
                .drewCards(0, "6C 7D 8C 9C 10C").drewCards(2, "JC KC AC 6D JD")
                .drewCards(3, "QD KD AD 6H").drewCards(1, "7H 8H 9H 10H")
                .handSizes(6, 6, 6, 6).stockCount(3);
    }

    @Test
    void drawing_startsFromTheAttackerWhereverHeSits() {
        Given.hands("KH", "AH QC", "8D 9D", "10D 6S 7C")
                .stock("6C 7D 8C 9C 10C JC KC AC 6D JD QD KD AD 6H 7H 8H 9H 10H JH QH 9S").attacker(2).boutsPlayed(1)
                .when(2, "attack 8D")
                .when(3, "cover 8D 10D")
                .then().drew(2, 0, 1, 3);
    }

    @Test
    void playerHoldingSixOrMore_drawsNothing() {
        Given.hands("8D 9D", "10D 6S 7C", "KH QS JS JH 9H AH 7H")
                .stock("6C 7D 8C 9C 10C JC KC AC 6D JD 9S").boutsPlayed(1)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().drew(0, 1).handSizes(6, 6, 7);
    }

    @Test
    void lateDrawers_getFewerOrNone_whenTheStockRunsOut() {
        Given.hands("8D 9D", "10D 6S 7C", "KH").stock("6C 7D 9S").boutsPlayed(1)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().drew(0).drewCards(0, "6C 7D 9S").handSizes(4, 2, 1).stockCount(0);
    }

    @Test
    void theFaceUpTrumpCard_isTheLastCardDrawn() {
        Given.hands("8D 9D AC KC AH", "10D 6S 7C 7H", "KH QH JH 9H").stock("QD KD AD 10S").boutsPlayed(1)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().drew(0, 2).drewCards(0, "QD KD").drewCards(2, "AD 10S")
                .stockCount(0);
    }

    @Test
    void withAnEmptyStock_nobodyDraws() {
        Given.hands("8D 9D", "10D 6S 7C", "KH").trump("S").discardCount(20).boutsPlayed(6)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().emitted("Covered", "BoutEnded", "BoutReady").nextBout(1, 2);
    }

    @Test
    void bito_whenTheDefenderWentOut_letsTheNextActivePlayerOnHisLeftAttack() {
        Given.hands("8D 9C", "10D", "JH QH").trump("S").discardCount(20).boutsPlayed(6)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().emitted("Covered", "BoutEnded", "PlayersOut", "BoutReady")
                .out(1).nextBout(2, 0);
    }

    @Test
    void take_whenThePlayerLeftOfTheDefenderIsOut_letsTheNextActivePlayerAttack() {
        Given.hands("8D 9C", "10H QC", "", "JH QH").trump("S").out(2).discardCount(20).boutsPlayed(6)
                .when(0, "attack 8D")
                .when(1, "take")
                .then().nextBout(3, 0);
    }

    @Test
    void take_whenTheAttackerBesideTheDefenderWentOutInThisBout_skipsHim() {
        // seat 2 throws in his last card; seat 1 takes; seat 2 is out, so seat 0 attacks next
        Given.hands("8D 9C", "10H QC JC", "8C").trump("S").discardCount(20).boutsPlayed(6)
                .plays("0 attack 8D", "1 take")
                .when(2, "throw 8C")
                .then().out(2).nextBout(0, 1);
    }
}
