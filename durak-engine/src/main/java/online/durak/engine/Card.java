package online.durak.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * One card. There are exactly 52 instances, so cards compare with {@code ==}; the index
 * {@code suit * 13 + rank} is the card's bit in a {@link CardSet}.
 */
public final class Card implements Comparable<Card> {
    private static final Card[] ALL = new Card[52];
    /** The cards by their text form, so that reading one is a lookup. */
    private static final Map<String, Card> BY_TEXT = new HashMap<>(104);

    static {
        for (int i = 0; i < 52; i++) {
            ALL[i] = new Card(i);
            BY_TEXT.put(ALL[i].text, ALL[i]);
        }
    }

    private final int index;
    private final String text;

    private Card(int index) {
        this.index = index;
        this.text = rank().text() + suit().name();
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
        Card card = text == null ? null : BY_TEXT.get(text);
        if (card == null) {
            throw new IllegalArgumentException("unknown card '" + text + "'");
        }
        return card;
    }

    /** The text form: rank then suit, {@code 10D}, {@code QS} (rules.md §2). */
    public String text() {
        return text;
    }

    @Override
    public int compareTo(Card o) {
        return Integer.compare(index, o.index);
    }

    @Override
    public String toString() {
        return text;
    }
}
