package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Views;
import org.junit.jupiter.api.Test;

/** rules.md §8: a bot decides from its seat's view only; the types say so, and the views hold only the seat's hand. */
class PolicyInputTest {

    @Test
    void aPolicysOnlyInput_isOneSeatsView() {
        for (Method m : Policy.class.getDeclaredMethods()) {
            assertEquals(List.of(SeatView.class, RandomGenerator.class), Arrays.asList(m.getParameterTypes()),
                    m.toString());
        }
    }

    @Test
    void aSeatView_holdsNoTableStateOrDealState() {
        for (RecordComponent c : SeatView.class.getRecordComponents()) {
            String type = c.getGenericType().getTypeName();
            assertFalse(type.contains("DealState") || type.contains("MatchState") || type.contains("TableState"),
                    c.getName() + " is " + type);
        }
    }

    @Test
    void everyViewABotIsGiven_holdsItsOwnHandOnly() {
        SplittableRandom r = new SplittableRandom(7);
        Rules rules = Rules.defaults(4);
        DealState s = DealDecider.start(rules, DealDecider.deal(rules, 11, 1, 0, -1));
        Policy normal = Policies.forLevel(online.durak.engine.BotLevel.NORMAL, rules);
        while (!s.isOver()) {
            int seat = s.toAct();
            SeatView view = Views.seatView(s, seat);
            assertEquals(java.util.Set.of(seat), view.hands().keySet());
            Move m = normal.choose(view, r);
            s = ((Decision.Accepted<DealState>) DealDecider.decide(s, seat, m)).state();
        }
    }
}
