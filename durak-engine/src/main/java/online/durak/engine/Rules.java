package online.durak.engine;

import java.util.Set;

/**
 * The table settings of rules.md §1 that the engine plays by. Constructing one validates it:
 * a setting that breaks a rule throws {@link InvalidSettingException} naming that setting.
 *
 * @param turnClockSeconds 0 for no clock
 * @param stake            chips each registered human pays; 0 for none
 * @param daily            the daily game this table plays (docs/daily.md), or null for an ordinary table
 * @param spectators       people without a seat may watch the running table (its public view): a setting of the
 *                         service, not a rule of play (docs/rules-decisions.md); never at a table with a stake or a
 *                         daily game's table, on by default at every other
 */
public record Rules(
        Variant variant,
        Deck deck,
        int players,
        boolean teams,
        ThrowIn throwIn,
        FirstBoutLimit firstBoutLimit,
        boolean showTrumpToTransfer,
        boolean discardVisible,
        int dealsPerMatch,
        int turnClockSeconds,
        int stake,
        Daily daily,
        boolean spectators) {

    public static final Set<Integer> DEALS_PER_MATCH = Set.of(1, 3, 5, 7);
    public static final Set<Integer> TURN_CLOCKS = Set.of(0, 30, 60, 90, 120);

    public Rules {
        require(variant != null, "variant", "is required (PODKIDNOI or PEREVODNOI)");
        require(deck != null, "deck", "is required (24, 36 or 52)");
        require(throwIn != null, "throwIn", "is required (ALL, NEIGHBOURS or NEIGHBOURS_ONLY)");
        require(firstBoutLimit != null, "firstBoutLimit", "is required (FIRST_BOUT, UNTIL_FIRST_DISCARD or NONE)");
        require(players >= 2 && players <= 6, "players", "must be 2 to 6, not " + players);
        require(players <= deck.size() / 6, "players",
                "at most " + deck.size() / 6 + " players can play with " + deck.size() + " cards, not " + players);
        require(!teams || players == 4 || players == 6, "teams",
                "team play needs 4 or 6 players, not " + players);
        require(!showTrumpToTransfer || variant == Variant.PEREVODNOI, "showTrumpToTransfer",
                "showing a trump to transfer exists only in PEREVODNOI");
        require(DEALS_PER_MATCH.contains(dealsPerMatch), "dealsPerMatch",
                "must be 1, 3, 5 or 7, not " + dealsPerMatch);
        require(TURN_CLOCKS.contains(turnClockSeconds), "turnClock",
                "must be none (0), 30, 60, 90 or 120 seconds, not " + turnClockSeconds);
        require(stake >= 0, "stake", "must not be negative");
        require(daily == null || daily.fits(variant, deck, players, teams, throwIn, firstBoutLimit, discardVisible,
                dealsPerMatch, turnClockSeconds, stake), "daily", Daily.SHAPE);
        require(!spectators || stake == 0 && daily == null, "spectators", daily != null
                ? "a daily game's table is never watched" : "a table with a stake is never watched");
    }

    /** Spectators as by default: allowed unless the table has a stake or plays a daily game. */
    public Rules(Variant variant, Deck deck, int players, boolean teams, ThrowIn throwIn, FirstBoutLimit firstBoutLimit,
                 boolean showTrumpToTransfer, boolean discardVisible, int dealsPerMatch, int turnClockSeconds,
                 int stake, Daily daily) {
        this(variant, deck, players, teams, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, daily, watchableByDefault(stake, daily));
    }

    /** Whether a table with this stake and daily game lets spectators watch when its creator does not say. */
    public static boolean watchableByDefault(int stake, Daily daily) {
        return stake == 0 && daily == null;
    }

    /** An ordinary table (no daily game), spectators as by default. */
    public Rules(Variant variant, Deck deck, int players, boolean teams, ThrowIn throwIn, FirstBoutLimit firstBoutLimit,
                 boolean showTrumpToTransfer, boolean discardVisible, int dealsPerMatch, int turnClockSeconds,
                 int stake) {
        this(variant, deck, players, teams, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, null);
    }

    /** The settings of the daily game of {@code date} (rules.md §7): practice for every attempt after the first. */
    public static Rules daily(java.time.LocalDate date, boolean practice) {
        return new Rules(Variant.PODKIDNOI, Deck.D36, Daily.PLAYERS, false, ThrowIn.ALL, FirstBoutLimit.FIRST_BOUT,
                false, true, Daily.DEALS, 0, 0, new Daily(date, practice));
    }

    private static void require(boolean ok, String setting, String message) {
        if (!ok) {
            throw new InvalidSettingException(setting, message);
        }
    }

    /** The defaults of rules.md §1 for a number of players (clock 60 s, as for tables with others). */
    public static Rules defaults(int players) {
        return new Rules(Variant.PODKIDNOI, Deck.D36, players, false, ThrowIn.ALL, FirstBoutLimit.FIRST_BOUT,
                false, true, 5, 60, 0);
    }

    public Rules withVariant(Variant v) {
        return new Rules(v, deck, players, teams, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, daily, spectators);
    }

    public Rules withDeck(Deck d) {
        return new Rules(variant, d, players, teams, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, daily, spectators);
    }

    public Rules withPlayers(int n) {
        return new Rules(variant, deck, n, teams, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, daily, spectators);
    }

    public Rules withTeams(boolean t) {
        return new Rules(variant, deck, players, t, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, daily, spectators);
    }

    public Rules withThrowIn(ThrowIn t) {
        return new Rules(variant, deck, players, teams, t, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, daily, spectators);
    }

    public Rules withFirstBoutLimit(FirstBoutLimit f) {
        return new Rules(variant, deck, players, teams, throwIn, f, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, daily, spectators);
    }

    public Rules withShowTrumpToTransfer(boolean s) {
        return new Rules(variant, deck, players, teams, throwIn, firstBoutLimit, s, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, daily, spectators);
    }

    public Rules withDiscardVisible(boolean v) {
        return new Rules(variant, deck, players, teams, throwIn, firstBoutLimit, showTrumpToTransfer, v,
                dealsPerMatch, turnClockSeconds, stake, daily, spectators);
    }

    public Rules withDealsPerMatch(int d) {
        return new Rules(variant, deck, players, teams, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                d, turnClockSeconds, stake, daily, spectators);
    }

    public Rules withTurnClockSeconds(int s) {
        return new Rules(variant, deck, players, teams, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, s, stake, daily, spectators);
    }

    /** A stake turns spectators off: a table with a stake is never watched. */
    public Rules withStake(int s) {
        return new Rules(variant, deck, players, teams, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, s, daily, spectators && s == 0);
    }

    public Rules withSpectators(boolean on) {
        return new Rules(variant, deck, players, teams, throwIn, firstBoutLimit, showTrumpToTransfer, discardVisible,
                dealsPerMatch, turnClockSeconds, stake, daily, on);
    }

    /** The same settings as a practice attempt: a daily game played again ("Again") never counts a second time. */
    public Rules asPractice() {
        return daily == null || daily.practice() ? this : new Rules(variant, deck, players, teams, throwIn,
                firstBoutLimit, showTrumpToTransfer, discardVisible, dealsPerMatch, turnClockSeconds, stake,
                new Daily(daily.date(), true), spectators);
    }

    /** The partner of a seat in team play: the seat opposite (i and i + n/2). */
    public int partner(int seat) {
        return (seat + players / 2) % players;
    }

    /** The team of a seat in team play (seat mod n/2); every seat is its own team otherwise. */
    public int team(int seat) {
        return teams ? seat % (players / 2) : seat;
    }
}
