package online.durak.engine;

import java.time.LocalDate;
import java.util.Objects;

/**
 * The daily game a table plays (rules.md §7, docs/daily.md): its date, and whether this attempt is practice (every
 * attempt of a player after the first of the day). The engine decides what follows from it like every other table
 * setting: the settings it fits ({@link Rules#daily}), and the shuffles, which derive from the date and the
 * installation's {@link DailySecret}, so that every player of the day meets the same deck orders, practice or not, and
 * nobody without the secret can know them ({@link #shuffleSeed}).
 */
public record Daily(LocalDate date, boolean practice) {
    public static final int PLAYERS = 3;
    public static final int DEALS = 3;
    static final String SHAPE = "the daily game is podkidnoi with 36 cards, 3 players, 3 deals, the default throw-in"
            + " rules, a visible discard, no clock and no stake";

    public Daily {
        Objects.requireNonNull(date, "date");
    }

    boolean fits(Variant variant, Deck deck, int players, boolean teams, ThrowIn throwIn, FirstBoutLimit limit,
                 boolean discardVisible, int deals, int clock, int stake) {
        return variant == Variant.PODKIDNOI && deck == Deck.D36 && players == PLAYERS && !teams
                && throwIn == ThrowIn.ALL && limit == FirstBoutLimit.FIRST_BOUT && discardVisible && deals == DEALS
                && clock == 0 && stake == 0;
    }

    /**
     * The seed that shuffles deal {@code dealNumber} (1-based) of this date's game at the installation whose daily
     * secret is {@code secret}: the same for every player there, and nothing anyone can compute without the secret.
     */
    public long shuffleSeed(DailySecret secret, int dealNumber) {
        return secret.seed(date + "/deal/" + dealNumber);
    }

    /**
     * A seed for a bot's decision at {@code seat} in the position {@code position} (any text that names the position
     * fully, the same on every run): the same position of the same day always meets the same answer at one
     * installation.
     */
    public long botSeed(DailySecret secret, int seat, String position) {
        return secret.seed(date + "/seat/" + seat + "/" + position);
    }
}
