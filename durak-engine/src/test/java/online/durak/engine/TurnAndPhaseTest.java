package online.durak.engine;

import static online.durak.engine.Phase.ATTACK;
import static online.durak.engine.Phase.DEFENSE;
import static online.durak.engine.Phase.TAKE_ADDING;
import static online.durak.engine.Phase.THROW_IN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One code for one situation: a seat that is not to act gets {@code NOT_YOUR_TURN} in every phase, whatever it
 * sends (also a move of the phase, also nothing); {@code WRONG_PHASE} is only for the seat to act, sending a kind of
 * move the phase does not take. The turn is checked before the kind of move.
 */
class TurnAndPhaseTest {
    /** One move of every kind; the cards do not matter, the turn is checked first. */
    private static final List<String> EVERY_KIND = List.of("attack 9H", "cover 8D KC", "transfer 8C", "show 6S",
            "take", "throw 8C", "pass");

    /** Trump S; seat 0 attacks seat 1, seat 2 may throw in. */
    private static Given position() {
        return Given.hands("8D 8C 9H KC", "10D 7D 6S QC 8H JH", "9C KD AH")
                .stock("6C 7C JC QD QH AD 10S").boutsPlayed(1);
    }

    @Test
    void aSeatNotToAct_isRefusedNotYourTurn_duringTheAttack() {
        everyOtherSeat_isRefusedNotYourTurn(position().then().phase(ATTACK).toAct(0));
    }

    @Test
    void aSeatNotToAct_isRefusedNotYourTurn_duringTheDefence() {
        everyOtherSeat_isRefusedNotYourTurn(position().when(0, "attack 8D").then().phase(DEFENSE).toAct(1));
    }

    @Test
    void aSeatNotToAct_isRefusedNotYourTurn_duringTheThrowIn() {
        everyOtherSeat_isRefusedNotYourTurn(position().when(0, "attack 8D").when(1, "cover 8D 10D")
                .then().phase(THROW_IN).toAct(0));
    }

    @Test
    void aSeatNotToAct_isRefusedNotYourTurn_whileTheDefenderTakes() {
        everyOtherSeat_isRefusedNotYourTurn(position().when(0, "attack 8D").when(1, "take")
                .then().phase(TAKE_ADDING).toAct(0));
    }

    @Test
    void theSeatToAct_isRefusedWrongPhase_forAMoveOfAnotherPhase() {
        position().rejects(0, "take", Rejection.WRONG_PHASE).rejects(0, "pass", Rejection.WRONG_PHASE);
        position().when(0, "attack 8D")
                .rejects(1, "attack 8H", Rejection.WRONG_PHASE).rejects(1, "pass", Rejection.WRONG_PHASE);
        position().when(0, "attack 8D").when(1, "cover 8D 10D")
                .rejects(0, "take", Rejection.WRONG_PHASE).rejects(0, "cover 8D KC", Rejection.WRONG_PHASE);
    }

    private static void everyOtherSeat_isRefusedNotYourTurn(Table t) {
        DealState s = t.state();
        for (int seat = 0; seat < 3; seat++) {
            if (seat == s.toAct()) {
                continue;
            }
            for (String move : EVERY_KIND) {
                t.rejects(seat, move, Rejection.NOT_YOUR_TURN);
            }
            Decision<DealState> nothing = DealDecider.decide(s, seat, null);
            assertEquals(Rejection.NOT_YOUR_TURN, ((Decision.Rejected<DealState>) nothing).rejection().code(),
                    "seat " + seat + " sending no move in " + s.phase());
        }
    }
}
