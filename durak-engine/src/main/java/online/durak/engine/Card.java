package online.durak.engine;

/**
 * One card. There are exactly 52 instances, so cards compare with {@code ==}; the index
 * {@code suit * 13 + rank} is the card's bit in a {@link CardSet}.
 */
public final class Card implements Comparable<Card> {
    private static final Card[] ALL = new Card[52];

    static {
        for (int i = 0; i < 52; i++) {
            ALL[i] = new Card(i);
        }
    }

    private final int index;

    private Card(int index) {
        this.index = index;
    }

    public static Card of(int index) {
        return ALL[index];
    }

    public static Card of(Rank rank, Suit suit) {
        return ALL[suit.ordinal() * 13 + rank.ordinal()];
    }

    public int index() {
        return index;
    }

    public Rank rank() {
        return Rank.of(index % 13);
    }

    public Suit suit() {
        return Suit.of(index / 13);
    }

    public long bit() {
        return 1L << index;
    }

    /** Same suit and higher, or a trump against a non-trump (rules.md §2). */
    public boolean beats(Card other, Suit trump) {
        return (CardSet.beaters(other.index, trump.ordinal()) & bit()) != 0;
    }

    /** Parses the text form: rank then suit, e.g. {@code 10D}, {@code QS}. */
    public static Card parse(String text) {
        if (text == null || text.length() < 2 || text.length() > 3) {
            throw new IllegalArgumentException("unknown card '" + text + "'");
        }
        try {
            Rank rank = Rank.parse(text.substring(0, text.length() - 1));
            Suit suit = Suit.parse(text.substring(text.length() - 1));
            return of(rank, suit);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown card '" + text + "'");
        }
    }

    @Override
    public int compareTo(Card o) {
        return Integer.compare(index, o.index);
    }

    @Override
    public String toString() {
        return rank().text() + suit().name();
    }
}
