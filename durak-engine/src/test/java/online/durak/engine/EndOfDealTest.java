package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** rules.md §5 and the deal points of §6: going out, shared places, the durak, a draw. */
class EndOfDealTest {

    @Test
    void playerWithoutCards_isNotOut_whileTheStockLasts() {
        Given.hands("8D", "10D 7C").stock("QD KD 10S").boutsPlayed(1)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().out().hand(0, "QD KD 10S").nextBout(1, 0);
    }

    @Test
    void playerWithoutCards_isOut_onceTheStockIsEmpty_andTheLastHolderIsTheDurak() {
        Given.hands("8D", "10D 7C").trump("S").discardCount(26).boutsPlayed(8)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().emitted("Covered", "BoutEnded", "PlayersOut", "DealEnded")
                .out(0).durak(1).points(2, 0).toAct(-1);
    }

    @Test
    void playerWhoEmptiesHisHandByDrawingTheLastCards_isNotOut() {
        Given.hands("8D", "10D 7C 9C").stock("10S").boutsPlayed(5)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().out().hand(0, "10S").stockCount(0).nextBout(1, 0);
    }

    @Test
    void playersGoingOutAtTheEndOfTheSameBout_shareTheirPlace() {
        Given.hands("8D", "10D", "QC KH").trump("S").discardCount(24).boutsPlayed(8)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().emitted("Covered", "BoutEnded", "PlayersOut", "DealEnded")
                .out(0, 1).durak(2).points(2, 2, 0);
    }

    @Test
    void whenNobodyHoldsCards_theDealIsADraw() {
        Given.hands("8D", "10D").trump("S").discardCount(26).boutsPlayed(8)
                .when(0, "attack 8D")
                .when(1, "cover 8D 10D")
                .then().out(0, 1).draw().points(1, 1);
    }

    @Test
    void drawAfterAnEarlierOut_givesTheEarlierPlayerTheMostPoints() {
        Given.hands("", "8D", "10D").trump("S").out(0).discardCount(26).boutsPlayed(8).attacker(1)
                .when(1, "attack 8D")
                .when(2, "cover 8D 10D")
                .then().draw().points(3, 1, 1);
    }

    @Test
    void points_areOnePlusThePlayersOutLater_andZeroForTheDurak() {
        // seat 3 went out before; seat 0 goes out in the first bout, seat 1 in the third, seat 2 is durak
        Table t = Given.hands("8D", "10D 9C 7H", "QC KH 6H", "").trump("S").out(3).discardCount(20).boutsPlayed(8)
                .plays("0 attack 8D", "1 cover 8D 10D")
                .then().out(0, 3).nextBout(1, 2)
                .plays("1 attack 9C", "2 cover 9C QC")
                .then().nextBout(2, 1)
                .plays("2 attack 6H", "1 cover 6H 7H")
                .then().out(0, 1, 3).durak(2).points(3, 2, 0, 4);
        Event.DealEnded end = (Event.DealEnded) t.events().get(t.events().size() - 1);
        assertEquals(Given.cards("KH"), end.durakCards());
        assertEquals(List.of(3, 2, 0, 4), end.points());
    }

    @Test
    void fourPlayersGoingOutOneByOne_score4_3_2_0() {
        // every bout one player plays his last card and goes out
        Given.hands("8D", "10D 7S", "JD 9S AH", "QD KD AD AS").trump("S").discardCount(26).boutsPlayed(8)
                .plays("0 attack 8D", "1 cover 8D 10D")
                .then().out(0).nextBout(1, 2)
                .plays("1 attack 7S", "2 cover 7S 9S")
                .then().out(0, 1).nextBout(2, 3)
                .plays("2 attack JD", "3 cover JD QD")
                .then().out(0, 1).nextBout(3, 2)
                .plays("3 attack KD", "2 take")
                .then().nextBout(3, 2)
                .plays("3 attack AD", "2 take")
                .then().phase(Phase.TAKE_ADDING).toAct(3)
                .when(3, "throw AS")
                .then().out(0, 1, 3).durak(2).points(4, 3, 0, 2);
    }

    @Test
    void movesAfterTheDealIsOver_areRefused() {
        Given.hands("8D", "10D 7C").trump("S").discardCount(26).boutsPlayed(8)
                .plays("0 attack 8D", "1 cover 8D 10D")
                .then().durak(1)
                .rejects(1, "attack 7C", Rejection.DEAL_NOT_RUNNING)
                .notLegal(1, "attack 7C");
    }

    @Test
    void playersOut_neitherAttackNorDefend() {
        Given.hands("8D", "10D 9C JC", "QC KH 9H").trump("S").discardCount(23).boutsPlayed(8)
                .plays("0 attack 8D", "1 cover 8D 10D")
                .then().out(0).nextBout(1, 2)
                .plays("1 attack 9C", "2 take")
                .then().nextBout(1, 2);
    }
}
