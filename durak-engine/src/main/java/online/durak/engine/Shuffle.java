package online.durak.engine;

/**
 * What shuffles a deal, drawn by the service for each command that may deal one: randomness enters the engine here,
 * never inside it.
 *
 * @param seed        the deck order of an ordinary table's deal
 * @param salt        seals the deck order ({@link ShuffleProof}): 64 lowercase hex digits (32 random bytes), or null
 *                    for a deal without a seal
 * @param dailySecret the installation's daily secret: a daily table's deck orders derive from it and the date
 *                    whatever the seed ({@link Daily#shuffleSeed}); null where there is none, and a daily table is then
 *                    not dealt
 */
public record Shuffle(long seed, String salt, DailySecret dailySecret) {

    public Shuffle {
        if (salt != null && !ShuffleProof.isSalt(salt)) {
            throw new IllegalArgumentException("a salt is 64 lowercase hex digits");
        }
    }

    /** An ordinary table's shuffle without a seal. */
    public static Shuffle of(long seed) {
        return new Shuffle(seed, null, null);
    }

    /** The seed of deal {@code dealNumber} at a table of {@code rules}: the daily game's from its date and the secret. */
    long seedFor(Rules rules, int dealNumber) {
        Daily daily = rules.daily();
        if (daily == null) {
            return seed;
        }
        if (dailySecret == null) {
            throw new IllegalStateException("a daily table is dealt only with the installation's daily secret");
        }
        return daily.shuffleSeed(dailySecret, dealNumber);
    }
}
