package online.durak.engine;

import static online.durak.engine.Phase.TAKE_ADDING;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** rules.md §4.6: after take the round runs once, within the limit; the picked-up cards are known. */
class TakingTest {
    private static final String STOCK = "6H 7H 8H AD 10H JH QH KH AH 10S";

    @Test
    void afterTake_theAttackerAddsFirst_thenTheOthersClockwise_andTheDefenderPicksUpEverything() {
        Given.hands("9C 9D 7D JC", "KC 6C 7C 8C 6D", "9H KD 10C QD").stock(STOCK).boutsPlayed(1)
                .when(0, "attack 9C")
                .when(1, "take").then().emitted("Took").phase(TAKE_ADDING).toAct(0)
                .when(0, "throw 9D").then().phase(TAKE_ADDING).toAct(2)
                .when(2, "throw 9H")
                .then().emitted("Threw", "BoutEnded", "CardsDrawn", "CardsDrawn", "BoutReady")
                .hand(1, "KC 6C 7C 8C 6D 9C 9D 9H").discardCount(0)
                .drew(0, 2).stockCount(3)
                .nextBout(2, 0);
    }

    @Test
    void afterTake_eachPlayerIsAskedOnlyOnce() {
        Given.hands("9C 9D 9S JC", "KC 6C 7C 8C 6D", "9H KD 10C QD").stock(STOCK).boutsPlayed(1)
                .plays("0 attack 9C", "1 take", "0 throw 9D")
                .when(2, "pass")
                .then().emitted("Passed", "BoutEnded", "CardsDrawn", "CardsDrawn", "BoutReady")
                .hand(0, "9S JC 6H 7H 8H AD").hand(1, "KC 6C 7C 8C 6D 9C 9D");
    }

    @Test
    void afterTake_passMeansDone() {
        Given.hands("9C 9D 7D JC", "KC 6C 7C 8C 6D", "9H KD 10C QD").stock(STOCK).boutsPlayed(1)
                .plays("0 attack 9C", "1 take")
                .when(0, "pass").then().toAct(2)
                .when(2, "pass").then().hand(1, "KC 6C 7C 8C 6D 9C").nextBout(2, 0);
    }

    @Test
    void afterTake_cardsMayNotExceedTheDefendersHand() {
        Given.hands("9C 9D 9S JC", "KC 6C", "9H KD 10C QD").stock(STOCK).boutsPlayed(1)
                .when(0, "attack 9C").when(1, "take")
                .then().roomLeft(1)
                .rejects(0, "throw 9D 9S", Rejection.DEFENDER_CANNOT_COVER)
                .when(0, "throw 9D")
                .then().emitted("Threw", "BoutEnded", "CardsDrawn", "CardsDrawn", "CardsDrawn", "BoutReady")
                .drew(0, 2, 1).hand(1, "KC 6C 9C 9D QH KH").hand(2, "9H KD 10C QD 10H JH");
    }

    @Test
    void afterTake_theLimitCountsOnlyUncoveredCardsAgainstTheDefendersHand() {
        // the defender starts with 4 cards, covers one (3 left) and takes with one uncovered: 2 more fit
        Given.hands("9C 9D 9S JC", "KC 6C 7C 8C", "9H KD 10C QD").stock(STOCK).boutsPlayed(1)
                .plays("0 attack 9C", "1 cover 9C KC", "0 throw 9D")
                .when(1, "take").then().roomLeft(2)
                .when(0, "throw 9S").then().toAct(2).roomLeft(1)
                .rejects(2, "throw 9H KD", Rejection.DEFENDER_CANNOT_COVER)
                .when(2, "throw KD")
                .then().hand(1, "6C 7C 8C 9C KC 9D 9S KD");
    }

    @Test
    void afterTake_theCapStillHolds() {
        // first bout: cap 5; four cards lie on the table, so only one more may be added
        Given.hands("6C 6D 6H 7H 8C 8S", "7C 7D 8H 9H 10C JC", "8D 9D AD").stock("QD KD JD JH QH KH AH 10S")
                .boutsPlayed(0)
                .plays("0 attack 6C 6D", "1 cover 6C 7C", "1 cover 6D 7D", "0 throw 6H 7H", "1 cover 6H 8H")
                .when(1, "take").then().roomLeft(1)
                .rejects(0, "throw 8C 8S", Rejection.OVER_LIMIT)
                .when(0, "throw 8C")
                .then().hand(1, "10C JC 9H 6C 7C 6D 7D 6H 8H 7H 8C");
    }

    @Test
    void take_whenNobodyCanAdd_endsTheBoutAtOnce() {
        Given.hands("9C 7D JC", "KC 6C 7C 8C", "KD 10C QD").stock(STOCK).boutsPlayed(1)
                .when(0, "attack 9C")
                .when(1, "take")
                .then().emitted("Took", "BoutEnded", "CardsDrawn", "CardsDrawn", "CardsDrawn", "BoutReady")
                .drew(0, 2, 1).hand(1, "KC 6C 7C 8C 9C KH").nextBout(2, 0);
    }

    @Test
    void pickedUpCards_areKnownToAll_andForgottenWhenPlayed() {
        Table t = Given.hands("9C 9D 7D JC", "KC 6C 7C 8C").stock(STOCK).boutsPlayed(1)
                .plays("0 attack 9C", "1 take")
                .when(0, "throw 9D")
                .then().known(1, "9C 9D").nextBout(0, 1);
        assertEquals(List.of(Card.parse("9C"), Card.parse("9D")), t.view(0).known().get(1));
        t.when(0, "attack 7D")
                .when(1, "cover 7D 9D")
                .then().known(1, "9C");
        assertEquals(List.of(Card.parse("9C")), t.view(0).known().get(1));
    }

    @Test
    void pickedUpCards_includeTheDefendersOwnCoverCards() {
        Given.hands("9C 9D 7D JC", "KC 6C 7C 8C", "8D").stock(STOCK).boutsPlayed(1)
                .plays("0 attack 9C", "1 cover 9C KC", "0 throw 9D")
                .when(1, "take")
                .then().known(1, "9C KC 9D").hand(1, "6C 7C 8C 9C KC 9D");
    }
}
