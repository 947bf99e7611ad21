package online.durak.engine;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** An immutable set of cards as a 52-bit mask: bit {@code suit * 13 + rank}. */
public record CardSet(long bits) {
    public static final CardSet EMPTY = new CardSet(0L);
    private static final long RANK_BITS = 1L | 1L << 13 | 1L << 26 | 1L << 39;

    public static CardSet of(Card... cards) {
        long m = 0;
        for (Card c : cards) {
            m |= c.bit();
        }
        return new CardSet(m);
    }

    public static CardSet of(Collection<Card> cards) {
        long m = 0;
        for (Card c : cards) {
            m |= c.bit();
        }
        return new CardSet(m);
    }

    /** Parses card texts; throws IllegalArgumentException naming an unknown card. */
    public static CardSet parse(String... texts) {
        long m = 0;
        for (String t : texts) {
            m |= Card.parse(t).bit();
        }
        return new CardSet(m);
    }

    public int size() {
        return Long.bitCount(bits);
    }

    public boolean isEmpty() {
        return bits == 0;
    }

    public boolean contains(Card c) {
        return (bits & c.bit()) != 0;
    }

    public boolean containsAll(CardSet other) {
        return (other.bits & ~bits) == 0;
    }

    public CardSet with(CardSet other) {
        return new CardSet(bits | other.bits);
    }

    public CardSet without(CardSet other) {
        return new CardSet(bits & ~other.bits);
    }

    /** The cards in ascending index order (suit, then rank). */
    public List<Card> cards() {
        List<Card> list = new ArrayList<>(size());
        for (long m = bits; m != 0; m &= m - 1) {
            list.add(Card.of(Long.numberOfTrailingZeros(m)));
        }
        return list;
    }

    /** The first card of the set, or null when empty. */
    public Card first() {
        return bits == 0 ? null : Card.of(Long.numberOfTrailingZeros(bits));
    }

    @Override
    public String toString() {
        return cards().toString();
    }

    // ---- bit-mask helpers shared by the engine ----

    /** The four cards of rank index {@code r}. */
    static long rankMask(int r) {
        return RANK_BITS << r;
    }

    /** Which ranks (13-bit mask of rank indices) occur in a card mask. */
    static int ranksOf(long m) {
        return (int) ((m | m >>> 13 | m >>> 26 | m >>> 39) & 0x1FFF);
    }

    /** All cards whose rank is in the 13-bit rank mask. */
    static long cardsOfRanks(int ranks) {
        long r = ranks & 0x1FFFL;
        return r | r << 13 | r << 26 | r << 39;
    }

    static long suitMask(int suit) {
        return 0x1FFFL << (13 * suit);
    }

    /** Every card that beats card {@code index} when {@code trump} is trump. */
    static long beaters(int index, int trump) {
        int suit = index / 13;
        long higherSameSuit = suitMask(suit) & (-1L << (index + 1));
        return suit == trump ? higherSameSuit : higherSameSuit | suitMask(trump);
    }
}
