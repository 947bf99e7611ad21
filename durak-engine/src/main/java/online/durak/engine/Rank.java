package online.durak.engine;

/** Ranks low to high; {@link #ordinal()} is the rank's position within its suit's 13 bits. */
public enum Rank {
    TWO("2"), THREE("3"), FOUR("4"), FIVE("5"), SIX("6"), SEVEN("7"), EIGHT("8"), NINE("9"), TEN("10"),
    JACK("J"), QUEEN("Q"), KING("K"), ACE("A");

    private static final Rank[] ALL = values();
    private final String text;

    Rank(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    public static Rank of(int index) {
        return ALL[index];
    }

    /** The four cards of this rank as a bit mask. */
    public long mask() {
        return CardSet.rankMask(ordinal());
    }

    public static Rank parse(String text) {
        for (Rank r : ALL) {
            if (r.text.equals(text)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown rank '" + text + "'");
    }
}
