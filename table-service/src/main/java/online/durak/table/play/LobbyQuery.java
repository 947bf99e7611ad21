package online.durak.table.play;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import online.durak.engine.Deck;
import online.durak.engine.Rules;
import online.durak.engine.Variant;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * A question to the lobby, the same over REST ({@code GET /api/tables}) and its WebSocket (a subscription): which
 * tables (the filter) and how many at most (the page's size). Every field left out matches every table. Read from the
 * parameters' texts by {@link #parse}, which refuses an unknown, repeated or bad parameter with 400
 * {@code INVALID_PARAMETER} whose message starts with the parameter.
 *
 * @param watchable false: the open tables, waiting for players; true: the running tables one may watch
 * @param clock     null any, 0 no clock, else the seconds
 * @param staked    null any, false without a stake, true with one
 * @param free      at least this many free seats (0: any)
 */
public record LobbyQuery(boolean watchable, Variant variant, Integer players, Deck deck, Integer clock, Boolean staked,
                         int free, int limit) {
    public static final int DEFAULT_LIMIT = 25;
    /** A page of 50 of the largest rows (6 seats, long names) stays far below a WebSocket frame of 64 KB. */
    public static final int MAX_LIMIT = 50;
    /** The filter's parameters and the page's size, as REST and the socket name them (REST adds {@code after}). */
    public static final List<String> PARAMETERS = List.of("watchable", "variant", "players", "deck", "clock", "stake",
            "free", "limit");
    public static final LobbyQuery ALL_OPEN = new LobbyQuery(false, null, null, null, null, null, 0, DEFAULT_LIMIT);

    /** Whether the table passes the filter. */
    public boolean matches(Answers.LobbyTable t) {
        Rules s = t.settings();
        return watchable == t.status().equals("PLAYING")
                && (variant == null || s.variant() == variant)
                && (players == null || s.players() == players)
                && (deck == null || s.deck() == deck)
                && (clock == null || s.turnClockSeconds() == clock)
                && (staked == null || staked == s.stake() > 0)
                && t.freeSeats() >= free;
    }

    /**
     * The query of these parameters ({@link #PARAMETERS}; each given once, as text); the rest of them left out.
     * {@code others} names the parameters the caller reads itself (REST's {@code after}), which are passed over here.
     */
    public static LobbyQuery parse(Map<String, List<String>> parameters, List<String> others) {
        for (Map.Entry<String, List<String>> p : parameters.entrySet()) {
            if (!PARAMETERS.contains(p.getKey()) && !others.contains(p.getKey())) {
                throw bad(p.getKey(), "is not a parameter of the lobby (" + String.join(", ", PARAMETERS) + ")");
            }
            if (p.getValue().size() > 1) {
                throw bad(p.getKey(), "is given more than once");
            }
        }
        return new LobbyQuery(
                "true".equals(choice(parameters, "watchable", List.of("true", "false"))),
                variant(one(parameters, "variant")),
                number(parameters, "players", 2, 6),
                deck(one(parameters, "deck")),
                clock(one(parameters, "clock")),
                stake(one(parameters, "stake")),
                orElse(number(parameters, "free", 0, 5), 0),
                orElse(number(parameters, "limit", 1, MAX_LIMIT), DEFAULT_LIMIT));
    }

    private static String one(Map<String, List<String>> parameters, String name) {
        List<String> values = parameters.get(name);
        return values == null || values.isEmpty() || values.get(0).isEmpty() ? null : values.get(0);
    }

    private static int orElse(Integer value, int fallback) {
        return value == null ? fallback : value;
    }

    private static String choice(Map<String, List<String>> parameters, String name, List<String> choices) {
        String v = one(parameters, name);
        if (v != null && !choices.contains(v)) {
            throw bad(name, "must be " + String.join(" or ", choices) + ", not \"" + v + "\"");
        }
        return v;
    }

    private static Integer number(Map<String, List<String>> parameters, String name, int min, int max) {
        String v = one(parameters, name);
        if (v == null) {
            return null;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below, as for a number out of range
        }
        throw bad(name, "must be a whole number from " + min + " to " + max + ", not \"" + v + "\"");
    }

    private static Variant variant(String v) {
        if (v == null) {
            return null;
        }
        for (Variant x : Variant.values()) {
            if (x.name().equals(v)) {
                return x;
            }
        }
        throw bad("variant", "must be PODKIDNOI or PEREVODNOI, not \"" + v + "\"");
    }

    private static Deck deck(String v) {
        if (v == null) {
            return null;
        }
        for (Deck d : Deck.values()) {
            if (Integer.toString(d.size()).equals(v)) {
                return d;
            }
        }
        throw bad("deck", "must be 24, 36 or 52, not \"" + v + "\"");
    }

    private static Integer clock(String v) {
        if (v == null) {
            return null;
        }
        if (v.equals("none")) {
            return 0;
        }
        for (int seconds : Rules.TURN_CLOCKS) {
            if (seconds > 0 && Integer.toString(seconds).equals(v)) {
                return seconds;
            }
        }
        throw bad("clock", "must be none, 30, 60, 90 or 120, not \"" + v + "\"");
    }

    private static Boolean stake(String v) {
        if (v == null) {
            return null;
        }
        return switch (v) {
            case "free" -> false;
            case "staked" -> true;
            default -> throw bad("stake", "must be free (no stake) or staked, not \"" + v + "\"");
        };
    }

    static ApiException bad(String parameter, String message) {
        return ApiException.badRequest(ErrorCodes.INVALID_PARAMETER, parameter + ": " + message);
    }

    /**
     * A table's place in the lobby's order: newest first, then by id; a page token names the last table of a page
     * (opaque to clients: base64url of the creation time and the id).
     */
    public record Place(Instant createdAt, String tableId) implements Comparable<Place> {
        @Override
        public int compareTo(Place o) {
            int c = o.createdAt.compareTo(createdAt);
            return c != 0 ? c : tableId.compareTo(o.tableId);
        }

        public String token() {
            return Base64.getUrlEncoder().withoutPadding().encodeToString((createdAt + " " + tableId)
                    .getBytes(StandardCharsets.UTF_8));
        }

        /** The place a page token names: 400 {@code INVALID_PARAMETER} naming {@code after} for any other text. */
        public static Place ofToken(String token) {
            try {
                String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
                int space = text.indexOf(' ');
                if (space > 0 && space < text.length() - 1) {
                    return new Place(Instant.parse(text.substring(0, space)), text.substring(space + 1));
                }
            } catch (IllegalArgumentException | DateTimeParseException e) {
                // said below
            }
            throw bad("after", "is not a page token of the lobby (take next from the page before)");
        }
    }
}
