package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import online.durak.engine.BotLevel;
import online.durak.engine.Daily;
import online.durak.engine.DailySecret;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Views;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The daily game's bots: the same position of the same day meets the same answer, whatever the load. */
@Timeout(300)
class DailyBotsTest {

    private static final DailySecret SECRET = new DailySecret(new byte[32]);

    /** Deal 1 of the day, the person at seat 0 playing {@code person}, two daily STRONG bots: every move in order. */
    private static List<Move> play(LocalDate day, Policy person, long personSeed, boolean load) {
        Rules rules = Rules.daily(day, false);
        Daily daily = rules.daily();
        SplittableRandom personRng = new SplittableRandom(personSeed);
        DealState s = DealDecider.start(rules, DealDecider.deal(rules, daily.shuffleSeed(SECRET, 1), 1, 0, -1));
        List<Move> moves = new ArrayList<>();
        while (!s.isOver()) {
            int seat = s.toAct();
            SeatView view = Views.seatView(s, seat);
            Move m;
            if (seat == 0) {
                m = person.choose(view, personRng);
            } else {
                if (load) {
                    burn(); // a busy machine must not change the bot's mind
                }
                m = DailyBots.policy(BotLevel.STRONG, rules).choose(view, DailyBots.random(daily, SECRET, view));
            }
            moves.add(m);
            s = ((Decision.Accepted<DealState>) DealDecider.decide(s, seat, m)).state();
            assertTrue(moves.size() < 5_000);
        }
        return moves;
    }

    private static void burn() {
        long until = System.nanoTime() + 2_000_000L;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    @Test
    void theSameMoves_meetTheSameAnswers_onEveryRun() {
        LocalDate day = LocalDate.of(2026, 12, 1);
        List<Move> first = play(day, new NormalPolicy(), 7, false);
        List<Move> again = play(day, new NormalPolicy(), 7, true);
        assertEquals(first, again);
        // another person's moves meet other answers, on the same cards
        List<Move> other = play(day, new EasyPolicy(), 8, false);
        assertNotEquals(first, other);
    }

    @Test
    void thePositionText_namesNoIdentityHash() {
        Rules rules = Rules.daily(LocalDate.of(2026, 12, 1), false);
        DealState s = DealDecider.start(rules, DealDecider.deal(rules, rules.daily().shuffleSeed(SECRET, 1), 1, 0, -1));
        String text = DailyBots.position(Views.seatView(s, s.toAct()));
        assertTrue(!text.contains("@"), text);
    }

    @Test
    void theBotsRandomness_comesFromTheInstallationsSecret_notFromTheDateAlone() {
        Rules rules = Rules.daily(LocalDate.of(2026, 12, 1), false);
        DealState s = DealDecider.start(rules, DealDecider.deal(rules, rules.daily().shuffleSeed(SECRET, 1), 1, 0, -1));
        SeatView view = Views.seatView(s, s.toAct());
        byte[] other = new byte[32];
        other[0] = 1;
        assertEquals(DailyBots.random(rules.daily(), SECRET, view).nextLong(),
                DailyBots.random(rules.daily(), new DailySecret(new byte[32]), view).nextLong());
        assertNotEquals(DailyBots.random(rules.daily(), SECRET, view).nextLong(),
                DailyBots.random(rules.daily(), new DailySecret(other), view).nextLong());
    }
}
