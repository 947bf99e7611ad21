package online.durak.engine.record;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import online.durak.engine.Daily;
import online.durak.engine.Deck;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.Rules;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;

/**
 * The header's tags (docs/record-format.md "Header"): their names, the rules as tags and back, and the quoting that
 * tag values and the body's names share.
 */
final class RecordTags {
    static final String FORMAT = "Durak";
    static final String VERSION = "1";
    static final String TABLE = "Table";
    static final String DATE = "Date";
    static final String RESULT = "Result";
    static final String PLACES = "Places";
    static final String UNFINISHED = "*";
    static final String NONE = "-";

    private static final String VARIANT = "Variant";
    private static final String DECK = "Deck";
    private static final String PLAYERS = "Players";
    private static final String TEAMS = "Teams";
    private static final String THROW_IN = "ThrowIn";
    private static final String FIRST_BOUT_LIMIT = "FirstBoutLimit";
    private static final String SHOW_TRUMP = "ShowTrumpToTransfer";
    private static final String DISCARD_VISIBLE = "DiscardVisible";
    private static final String DEALS = "DealsPerMatch";
    private static final String TURN_CLOCK = "TurnClock";
    private static final String STAKE = "Stake";
    private static final String DAILY = "Daily";
    private static final String SPECTATORS = "Spectators";
    private static final String PRACTICE = " practice";

    /** The rules' tags, every one always written. */
    static final List<String> RULES = List.of(VARIANT, DECK, PLAYERS, TEAMS, THROW_IN, FIRST_BOUT_LIMIT, SHOW_TRUMP,
            DISCARD_VISIBLE, DEALS, TURN_CLOCK, STAKE, DAILY, SPECTATORS);

    private RecordTags() {
    }

    static String seat(int seat) {
        return "Seat" + seat;
    }

    static String dealDeck(int deal) {
        return "Deal" + deal + "Deck";
    }

    static String dealSalt(int deal) {
        return "Deal" + deal + "Salt";
    }

    static String dealCommitment(int deal) {
        return "Deal" + deal + "Commitment";
    }

    static Map<String, String> of(Rules r) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put(VARIANT, r.variant().name());
        t.put(DECK, String.valueOf(r.deck().size()));
        t.put(PLAYERS, String.valueOf(r.players()));
        t.put(TEAMS, yesNo(r.teams()));
        t.put(THROW_IN, r.throwIn().name());
        t.put(FIRST_BOUT_LIMIT, r.firstBoutLimit().name());
        t.put(SHOW_TRUMP, yesNo(r.showTrumpToTransfer()));
        t.put(DISCARD_VISIBLE, yesNo(r.discardVisible()));
        t.put(DEALS, String.valueOf(r.dealsPerMatch()));
        t.put(TURN_CLOCK, String.valueOf(r.turnClockSeconds()));
        t.put(STAKE, String.valueOf(r.stake()));
        t.put(DAILY, r.daily() == null ? NONE : r.daily().date() + (r.daily().practice() ? PRACTICE : ""));
        t.put(SPECTATORS, yesNo(r.spectators()));
        return t;
    }

    /** The rules of the header; a missing or wrong tag is named in the exception's message. */
    static Rules rules(Map<String, String> t) {
        for (String name : RULES) {
            if (!t.containsKey(name)) {
                throw new IllegalArgumentException("the header has no tag " + name);
            }
        }
        String daily = t.get(DAILY);
        Daily d = null;
        if (!daily.equals(NONE)) {
            boolean practice = daily.endsWith(PRACTICE);
            d = new Daily(LocalDate.parse(practice ? daily.substring(0, daily.length() - PRACTICE.length()) : daily),
                    practice);
        }
        return new Rules(Variant.valueOf(t.get(VARIANT)), Deck.ofSize(number(t, DECK)), number(t, PLAYERS),
                bool(t, TEAMS), ThrowIn.valueOf(t.get(THROW_IN)), FirstBoutLimit.valueOf(t.get(FIRST_BOUT_LIMIT)),
                bool(t, SHOW_TRUMP), bool(t, DISCARD_VISIBLE), number(t, DEALS), number(t, TURN_CLOCK),
                number(t, STAKE), d, bool(t, SPECTATORS));
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    private static boolean bool(Map<String, String> t, String name) {
        return switch (t.get(name)) {
            case "yes" -> true;
            case "no" -> false;
            default -> throw new IllegalArgumentException(name + ": yes or no is expected, not " + t.get(name));
        };
    }

    private static int number(Map<String, String> t, String name) {
        try {
            return Integer.parseInt(t.get(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": a whole number is expected, not " + t.get(name));
        }
    }

    /** A value in double quotes, {@code "} and {@code \} escaped by {@code \}. */
    static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /**
     * A body line's tokens: words split at white space, a quoted string one token (unquoted), everything from a
     * {@code ;} outside quotes a comment and left out.
     */
    static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == ';') {
                break;
            } else if (c == '"') {
                StringBuilder b = new StringBuilder();
                i = unquote(line, i, b);
                out.add(b.toString());
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(line.charAt(i)) && line.charAt(i) != ';'
                        && line.charAt(i) != '"') {
                    i++;
                }
                out.add(line.substring(start, i));
            }
        }
        return out;
    }

    /** Reads the quoted string that opens at {@code open} into {@code b}; the index after its closing quote. */
    static int unquote(String line, int open, StringBuilder b) {
        int i = open + 1;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                b.append(line.charAt(i + 1));
                i += 2;
            } else if (c == '"') {
                return i + 1;
            } else {
                b.append(c);
                i++;
            }
        }
        throw new IllegalArgumentException("a quoted string is not closed");
    }
}
