package online.durak.bot.policy;

import java.util.Locale;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;

/** The policies by name (random, greedy, easy, normal, strong) and by bot level. */
public final class Policies {
    private Policies() {
    }

    public static Policy forLevel(BotLevel level, Rules rules) {
        return switch (level) {
            case EASY -> new EasyPolicy();
            case NORMAL -> new NormalPolicy();
            case STRONG -> new StrongPolicy(rules);
        };
    }

    public static Policy byName(String name, Rules rules) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "random" -> new RandomPolicy();
            case "greedy" -> new GreedyPolicy();
            case "easy" -> new EasyPolicy();
            case "normal" -> new NormalPolicy();
            case "strong" -> new StrongPolicy(rules);
            default -> throw new IllegalArgumentException(
                    "unknown policy '" + name + "' (random, greedy, easy, normal, strong)");
        };
    }
}
