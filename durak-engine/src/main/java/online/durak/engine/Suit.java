package online.durak.engine;

/** The four suits, in the order used for card indices. */
public enum Suit {
    C, D, H, S;

    private static final Suit[] ALL = values();

    public static Suit of(int index) {
        return ALL[index];
    }

    /** All cards of this suit as a bit mask (see {@link Card#index()}). */
    public long mask() {
        return 0x1FFFL << (13 * ordinal());
    }

    public static Suit parse(String text) {
        if (text.length() == 1) {
            switch (text.charAt(0)) {
                case 'C': return C;
                case 'D': return D;
                case 'H': return H;
                case 'S': return S;
                default: break;
            }
        }
        throw new IllegalArgumentException("unknown suit '" + text + "' (C, D, H or S)");
    }
}
