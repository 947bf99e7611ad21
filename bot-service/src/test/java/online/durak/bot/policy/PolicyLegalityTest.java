package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Deck;
import online.durak.engine.Decision;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;
import online.durak.engine.Views;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(180) // a policy that circles for ever fails here instead of stalling the build
class PolicyLegalityTest {

    /** Any valid table setting: variant, deck, 2–6 players, teams, throw-in, limit, transfer by trump, discard. */
    static Rules randomRules(SplittableRandom r) {
        Deck deck = Deck.values()[r.nextInt(3)];
        int players = 2 + r.nextInt(Math.min(6, deck.size() / 6) - 1);
        Variant variant = Variant.values()[r.nextInt(2)];
        boolean teams = (players == 4 || players == 6) && r.nextBoolean();
        return Rules.defaults(players).withDeck(deck).withVariant(variant).withTeams(teams)
                .withThrowIn(ThrowIn.values()[r.nextInt(3)])
                .withFirstBoutLimit(FirstBoutLimit.values()[r.nextInt(3)])
                .withShowTrumpToTransfer(variant == Variant.PEREVODNOI && r.nextBoolean())
                .withDiscardVisible(r.nextBoolean());
    }

    /** Plays deals with the policy in every seat; every move must be listed in the view and accepted. */
    private static void playsOnlyLegalMoves(String name, int deals, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int d = 0; d < deals; d++) {
            Rules rules = randomRules(r);
            Policy policy = name.equals("strong") ? new StrongPolicy(rules, 2, 10_000_000L)
                    : Policies.byName(name, rules);
            DealState s = DealDecider.start(rules, DealDecider.deal(rules, r.nextLong(), 1, 0, -1));
            int moves = 0;
            while (!s.isOver()) {
                int seat = s.toAct();
                SeatView view = Views.seatView(s, seat);
                Move m = policy.choose(view, r);
                assertTrue(view.legalMoves().contains(m), () -> name + " chose " + m + " not in " + view.legalMoves());
                Decision<DealState> dec = DealDecider.decide(s, seat, m);
                assertTrue(dec.isAccepted(), () -> name + ": " + dec);
                s = ((Decision.Accepted<DealState>) dec).state();
                assertTrue(++moves < 20_000, () -> name + " deal runs for ever, " + rules);
            }
        }
    }

    @Test
    void random_playsOnlyLegalMoves_inAnySetting() {
        playsOnlyLegalMoves("random", 1000, 1);
    }

    @Test
    void greedy_playsOnlyLegalMoves_inAnySetting() {
        playsOnlyLegalMoves("greedy", 1000, 2);
    }

    @Test
    void easy_playsOnlyLegalMoves_inAnySetting() {
        playsOnlyLegalMoves("easy", 1000, 3);
    }

    @Test
    void normal_playsOnlyLegalMoves_inAnySetting() {
        playsOnlyLegalMoves("normal", 1000, 4);
    }

    @Test
    void strong_playsOnlyLegalMoves_inAnySetting() {
        playsOnlyLegalMoves("strong", 40, 5);
    }
}
