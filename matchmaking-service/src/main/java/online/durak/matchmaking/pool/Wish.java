package online.durak.matchmaking.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.InvalidSettingException;
import online.durak.engine.Rules;
import online.durak.messages.Codec;
import online.durak.messages.MessageException;

/**
 * What a ticket asks for: the settings a quick match lets a player choose (rules.md §1: {@code players} 2 to 6 or
 * {@code "any"}, {@code variant}, {@code deck}, {@code teams}, {@code turnClock}, {@code stake}); every other setting
 * is its default. Tickets of the same {@link #pool()} may meet; {@link #sizes()} says at which numbers of players.
 *
 * @param players null for {@code "any"}
 * @param rules   the settings with {@code players} the smallest of {@code sizes}
 * @param sizes   the numbers of players this ticket accepts, ascending (one unless {@code "any"})
 */
public record Wish(Integer players, Rules rules, List<Integer> sizes) {
    /** The settings a quick-match request may name, in rules.md §1 order. */
    public static final List<String> SETTINGS = List.of("variant", "deck", "players", "teams", "turnClock", "stake");
    public static final String ANY = "any";

    public Wish {
        sizes = List.copyOf(sizes);
    }

    /**
     * The request body's settings, checked as a table's are (the same refusals, {@code INVALID_SETTING} naming the
     * setting); a setting a quick match does not let one choose is refused too.
     */
    public static Wish read(JsonNode body) {
        if (body == null || body.isNull()) {
            throw new MessageException(MessageException.INVALID_SETTING, "players", "is required (2 to 6, or \"any\")");
        }
        if (!body.isObject()) {
            throw new MessageException(MessageException.INVALID_JSON, null, "the body must be a JSON object");
        }
        body.fieldNames().forEachRemaining(name -> {
            if (!SETTINGS.contains(name)) {
                throw new MessageException(MessageException.INVALID_SETTING, name,
                        "is not a quick-match setting (" + String.join(", ", SETTINGS)
                                + "); open a table to choose it");
            }
        });
        JsonNode players = body.get("players");
        if (players == null || players.isNull()) {
            throw new MessageException(MessageException.INVALID_SETTING, "players", "is required (2 to 6, or \"any\")");
        }
        if (players.isTextual() && ANY.equals(players.asText())) {
            ObjectNode copy = ((ObjectNode) body).deepCopy();
            boolean teams = body.path("teams").asBoolean(false);
            copy.put("players", teams ? 4 : 2); // the others are checked with a number they allow
            Rules checked = Codec.readRules(copy);
            List<Integer> sizes = new ArrayList<>();
            for (int n = 2; n <= 6; n++) {
                if (fits(checked, n)) {
                    sizes.add(n);
                }
            }
            return new Wish(null, checked.withPlayers(sizes.get(0)), sizes);
        }
        if (!players.isInt()) {
            throw new MessageException(MessageException.INVALID_SETTING, "players",
                    "must be 2 to 6 or \"any\", not " + players);
        }
        Rules rules = Codec.readRules(body);
        return new Wish(rules.players(), rules, List.of(rules.players()));
    }

    private static boolean fits(Rules r, int players) {
        try {
            r.withPlayers(players);
            return true;
        } catch (InvalidSettingException e) {
            return false;
        }
    }

    /** The settings of a table of {@code n} players (one of {@link #sizes()}). */
    public Rules rulesFor(int n) {
        if (!sizes.contains(n)) {
            throw new IllegalArgumentException(n + " is not one of " + sizes);
        }
        return rules.withPlayers(n);
    }

    /** Whether a table of {@code n} players suits this ticket. */
    public boolean accepts(int n) {
        return sizes.contains(n);
    }

    /** The pool: every setting but the number of players. Tickets meet only in their pool. */
    public String pool() {
        return pool(rules);
    }

    static String pool(Rules r) {
        return r.variant().name() + "/" + r.deck().size() + "/" + (r.teams() ? "teams" : "single") + "/clock"
                + r.turnClockSeconds() + "/stake" + r.stake();
    }
}
