package online.durak.messages;

import static online.durak.messages.MessageException.INVALID_SETTING;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import online.durak.engine.Daily;
import online.durak.engine.Deck;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.InvalidSettingException;
import online.durak.engine.Rules;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;

/**
 * The table settings of rules.md §1 as JSON, bound by Jackson: every setting may be left out (a client's
 * settings take defaults), the names stay text here so that a bad one is refused in rules.md's words.
 * {@code stake} is read as any number so that one out of range names the range {@code 0..2^31-1}; it is written as
 * an int. {@code daily} (the date, {@code YYYY-MM-DD}) and {@code practice} are written only for a daily game's table
 * and read only from messages: a client cannot ask for a daily game's shuffles (docs/daily.md). {@code spectators}
 * left out (so also in events stored before it existed) is its default: on unless the table has a stake or plays a
 * daily game ({@link Rules#watchableByDefault}).
 */
record RulesForm(@Wire.MayBeAbsent String variant, @Wire.MayBeAbsent Integer deck, @Wire.MayBeAbsent Integer players,
                 @Wire.MayBeAbsent Boolean teams, @Wire.MayBeAbsent String throwIn,
                 @Wire.MayBeAbsent String firstBoutLimit, @Wire.MayBeAbsent Boolean showTrumpToTransfer,
                 @Wire.MayBeAbsent Boolean discardVisible, @Wire.MayBeAbsent Integer dealsPerMatch,
                 @Wire.MayBeAbsent Integer turnClock, @Wire.MayBeAbsent Number stake,
                 @Wire.MayBeAbsent Boolean spectators,
                 @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_NULL) String daily,
                 @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_NULL) Boolean practice) {

    /** The settings in rules.md §1 order, so that the first missing one is always the same. */
    static final List<String> ORDER = List.of("variant", "deck", "players", "teams", "throwIn", "firstBoutLimit",
            "showTrumpToTransfer", "discardVisible", "dealsPerMatch", "turnClock", "stake");

    /** {@code turnClock} is null for no clock. */
    static RulesForm of(Rules r) {
        return new RulesForm(Names.variant(r.variant()), r.deck().size(), r.players(), r.teams(),
                Names.throwIn(r.throwIn()), Names.firstBoutLimit(r.firstBoutLimit()), r.showTrumpToTransfer(),
                r.discardVisible(), r.dealsPerMatch(), r.turnClockSeconds() == 0 ? null : r.turnClockSeconds(),
                r.stake(), r.spectators(), r.daily() == null ? null : r.daily().date().toString(),
                r.daily() == null ? null : r.daily().practice());
    }

    /**
     * The settings, each missing one taken from {@code d} ({@code players} from {@code defaultPlayers}, which may be
     * null: then it is required). {@code clockGiven} says whether {@code turnClock} was there (null is no clock).
     */
    Rules toRules(boolean clockGiven, Integer defaultPlayers, Rules d, boolean dailyAllowed) {
        Integer n = players != null ? players : defaultPlayers;
        if ((daily != null || practice != null) && !dailyAllowed) {
            throw new MessageException(INVALID_SETTING, daily != null ? "daily" : "practice",
                    "is set only by the daily game (POST /api/daily), not by a table's settings");
        }
        if (practice != null && daily == null) {
            throw new MessageException(INVALID_SETTING, "practice", "belongs to a daily game: daily is missing");
        }
        Daily day = null;
        if (daily != null) {
            try {
                day = new Daily(LocalDate.parse(daily), practice != null && practice);
            } catch (DateTimeParseException e) {
                throw new MessageException(INVALID_SETTING, "daily", "must be a date YYYY-MM-DD, not \"" + daily + "\"");
            }
        }
        try {
            Variant v = variant == null ? d.variant() : named("variant", Names.variant(variant), variant,
                    "PODKIDNOI or PEREVODNOI");
            Deck k = deck == null ? d.deck() : Deck.ofSize(deck);
            ThrowIn t = throwIn == null ? d.throwIn() : named("throwIn", Names.throwIn(throwIn), throwIn,
                    "ALL, NEIGHBOURS or NEIGHBOURS_ONLY");
            FirstBoutLimit l = firstBoutLimit == null ? d.firstBoutLimit() : named("firstBoutLimit",
                    Names.firstBoutLimit(firstBoutLimit), firstBoutLimit, "FIRST_BOUT, UNTIL_FIRST_DISCARD or NONE");
            if (stake != null && !(stake instanceof Integer i && i >= 0)) {
                boolean whole = stake instanceof Integer || stake instanceof Long || stake instanceof BigInteger;
                throw new MessageException(INVALID_SETTING, "stake", "must be a whole number"
                        + (whole ? " from 0 to " + Integer.MAX_VALUE : "") + ", not " + stake);
            }
            boolean team = teams == null ? d.teams() : teams;
            int chips = stake == null ? d.stake() : stake.intValue();
            int clock = !clockGiven ? d.turnClockSeconds() : turnClock == null ? 0 : turnClock;
            // Without a number of players the other settings are still checked (with one they allow), so that
            // the answer names a bad setting first and the missing number only when everything else is right.
            Rules rules = new Rules(v, k, n != null ? n : team ? 4 : 2, team, t, l,
                    showTrumpToTransfer == null ? d.showTrumpToTransfer() : showTrumpToTransfer,
                    discardVisible == null ? d.discardVisible() : discardVisible,
                    dealsPerMatch == null ? d.dealsPerMatch() : dealsPerMatch, clock, chips, day,
                    spectators == null ? Rules.watchableByDefault(chips, day) : spectators);
            if (n == null) {
                throw new MessageException(INVALID_SETTING, "players", "is required (2 to 6)");
            }
            return rules;
        } catch (InvalidSettingException e) {
            String prefix = e.setting() + ": ";
            String m = e.getMessage();
            throw new MessageException(INVALID_SETTING, e.setting(),
                    m.startsWith(prefix) ? m.substring(prefix.length()) : m);
        }
    }

    private static <T> T named(String setting, T value, String text, String names) {
        if (value == null) {
            throw new MessageException(INVALID_SETTING, setting, "must be " + names + ", not \"" + text + "\"");
        }
        return value;
    }
}
