package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** rules.md §5 team play: partners opposite, never against each other; the partner acts for an empty seat. */
class TeamPlayTest {
    private static final String STOCK = "6C 7D 9C 10C JC KC AC 6D JD QD KD AD 6H 7H 9S";

    /** Four players in two teams (0 and 2, 1 and 3); seat 0 attacks seat 1; seats 2 and 3 hold an eight. */
    private static Given fourPlayers() {
        return Given.hands("8D 9D", "10D 6S 7C QC", "8C JH", "8H KH").stock(STOCK).boutsPlayed(1);
    }

    @Test
    void defendersPartner_neverThrowsIn_butTheAttackersPartnerDoes() {
        fourPlayers().teams()
                .when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().toAct(2)
                .rejects(3, "throw 8H", Rejection.NOT_YOUR_TURN)
                .when(2, "pass")
                .then().emitted("Passed", "BoutEnded", "CardsDrawn", "CardsDrawn", "CardsDrawn", "CardsDrawn",
                        "BoutReady")
                .drew(0, 2, 3, 1).nextBout(1, 2);
    }

    @Test
    void withoutTeams_theSameSeatIsAskedToThrowIn() {
        fourPlayers()
                .plays("0 attack 8D", "1 cover 8D 10D", "2 pass")
                .then().toAct(3);
    }

    @Test
    void withSixPlayers_theRoundSkipsOnlyTheDefendersPartner() {
        Table t = Given.hands("8D 9D", "10D 6S 7C", "8C JH", "8H KH", "8S QH", "10H AH").stock(STOCK).boutsPlayed(1)
                .teams()
                .plays("0 attack 8D", "1 cover 8D 10D")
                .then().toAct(2);
        assertEquals(List.of(0), t.view(2).passed(), "seat 0 holds no eight or ten");
        assertEquals(List.of(2, 3, 5), t.view(2).stillToCome(), "seat 4, the defender's partner, is not in the round");
        t.when(2, "pass").then().toAct(3)
                .when(3, "pass").then().toAct(5)
                .when(5, "pass").then().nextBout(1, 2);
    }

    @Test
    void partner_defendsForASeatWithoutCards() {
        Given.hands("", "9C 10C", "8D KD 7H", "6H QS").trump("S").out(0).teams().discardCount(25).boutsPlayed(8)
                .attacker(3)
                .then().attacker(3).defender(0).toAct(3)
                .when(3, "attack 6H")
                .then().defender(0).toAct(2)
                .rejects(0, "cover 6H 7H", Rejection.NOT_YOUR_TURN)
                .when(2, "cover 6H 7H")
                .then().emitted("Covered", "BoutEnded", "BoutReady")
                .attacker(0).defender(1).toAct(2);
    }

    @Test
    void partnerOfAnEmptySeat_canBeAttackedOnlyWithAsManyCardsAsHeHolds() {
        Given.hands("", "9C 10C", "8D KD", "6H 6D 6C QS").trump("S").out(0).teams().discardCount(25).boutsPlayed(8)
                .attacker(3)
                .rejects(3, "attack 6H 6D 6C", Rejection.DEFENDER_CANNOT_COVER)
                .when(3, "attack 6H 6D").then().toAct(2);
    }

    @Test
    void whenThePartnerTakesForAnEmptySeat_theNextAttackerIsLeftOfThatSeat() {
        Given.hands("", "9C 10C", "8D KD 7H", "6H QS").trump("S").out(0).teams().discardCount(25).boutsPlayed(8)
                .attacker(3)
                .when(3, "attack QS")
                .when(2, "take")
                .then().hand(2, "8D KD 7H QS").nextBout(1, 2).toAct(1);
    }

    @Test
    void partner_attacksForASeatWithoutCards() {
        Given.hands("", "9D 10C", "8D KD 7H", "6H QS").trump("S").out(0).teams().discardCount(25).boutsPlayed(8)
                .attacker(0)
                .then().attacker(0).defender(1).toAct(2)
                .rejects(0, "attack 8D", Rejection.NOT_YOUR_TURN)
                .when(2, "attack 8D")
                .when(1, "cover 8D 9D")
                .then().emitted("Covered", "BoutEnded", "BoutReady").nextBout(1, 2);
    }

    @Test
    void team_isOutOnlyWhenBothPartnersAre_andTheLastTeamHoldingCardsLoses() {
        Given.hands("", "9C", "8D", "10D JC").trump("S").out(0).teams().discardCount(30).boutsPlayed(9)
                .attacker(2)
                .when(2, "attack 8D")
                .when(3, "cover 8D 10D")
                .then().emitted("Covered", "BoutEnded", "PlayersOut", "DealEnded")
                .out(0, 2).durak(1).points(2, 0, 2, 0);
    }

    @Test
    void withSixPlayers_teamsScoreThreeTwoAndZero_andPartnersShareThePoints() {
        Given.hands("", "8D", "10D 7C", "", "", "KH").trump("S").out(0, 3, 4).teams().discardCount(30).boutsPlayed(9)
                .attacker(1)
                .then().defender(2)
                .when(1, "attack 8D")
                .when(2, "cover 8D 10D")
                .then().out(0, 1, 3, 4).durak(2).points(3, 2, 0, 3, 2, 0);
    }

    @Test
    void bothTeamsGoingOutInTheSameBout_isADraw() {
        Given.hands("", "", "8D", "10D").trump("S").out(0, 1).teams().discardCount(30).boutsPlayed(9).attacker(2)
                .then().defender(3)
                .when(2, "attack 8D")
                .when(3, "cover 8D 10D")
                .then().draw().points(1, 1, 1, 1);
    }
}
