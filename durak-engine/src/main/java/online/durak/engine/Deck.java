package online.durak.engine;

/** The three decks: 24 (9–A), 36 (6–A), 52 (2–A). */
public enum Deck {
    D24(24, Rank.NINE), D36(36, Rank.SIX), D52(52, Rank.TWO);

    private final int size;
    private final Rank lowest;
    private final long mask;

    Deck(int size, Rank lowest) {
        this.size = size;
        this.lowest = lowest;
        int ranks = (0x1FFF >>> lowest.ordinal()) << lowest.ordinal();
        this.mask = CardSet.cardsOfRanks(ranks);
    }

    public int size() {
        return size;
    }

    public Rank lowest() {
        return lowest;
    }

    public CardSet cards() {
        return new CardSet(mask);
    }

    long mask() {
        return mask;
    }

    public static Deck ofSize(int size) {
        for (Deck d : values()) {
            if (d.size == size) {
                return d;
            }
        }
        throw new InvalidSettingException("deck", "deck must be 24, 36 or 52 cards, not " + size);
    }
}
