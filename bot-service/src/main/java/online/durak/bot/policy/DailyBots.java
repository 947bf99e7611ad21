package online.durak.bot.policy;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import online.durak.engine.BotLevel;
import online.durak.engine.Card;
import online.durak.engine.Daily;
import online.durak.engine.DailySecret;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;

/**
 * The bots of a daily game (docs/daily.md): the same position of the same day always meets the same answer, so the
 * game is equally fair for every player. Two things make a policy's answer vary, and both are fixed here: its random
 * generator is seeded from the installation's daily secret, the date, the seat and the position ({@link Daily#botSeed}:
 * nobody without the secret can compute the bots' answers); and STRONG's wall-clock cap is
 * lifted (its sample and node budgets alone bound the search), so neither the machine's load nor the think time can
 * change a decision.
 */
public final class DailyBots {
    /** A safety net only: a decision that ever took this long would be cut, and said so by the caller's timer. */
    static final long NO_TIME_CAP_NANOS = 60_000_000_000L;

    private DailyBots() {
    }

    public static Policy policy(BotLevel level, Rules rules) {
        return level == BotLevel.STRONG
                ? new StrongPolicy(rules, StrongPolicy.DEFAULT_SAMPLES, NO_TIME_CAP_NANOS)
                : Policies.forLevel(level, rules);
    }

    /** The generator for the seat's decision in this position of the day's game at the installation of {@code secret}. */
    public static RandomGenerator random(Daily daily, DailySecret secret, SeatView view) {
        return new SplittableRandom(daily.botSeed(secret, view.seat(), position(view)));
    }

    /** Everything the seat sees of the position, as text that is the same on every JVM (no identity hashes). */
    static String position(SeatView v) {
        StringBuilder b = new StringBuilder();
        b.append(v.phase()).append('|').append(v.toAct()).append('|').append(v.attacker()).append('|')
                .append(v.defender()).append('|').append(v.hands().get(v.seat())).append('|').append(v.handSizes())
                .append('|').append(new java.util.TreeMap<>(v.known())).append('|');
        for (Card[] pair : v.table()) {
            b.append(Arrays.toString(pair));
        }
        b.append('|').append(v.trumpCard()).append('|').append(v.trump()).append('|').append(v.stockCount())
                .append('|').append(v.discardCount()).append('|').append(v.discard()).append('|')
                .append(v.boutsPlayed()).append('|').append(v.out()).append('|').append(v.roomLeft()).append('|')
                .append(v.stillToCome()).append('|').append(v.passed()).append('|').append(v.legalMoves());
        return b.toString();
    }
}
