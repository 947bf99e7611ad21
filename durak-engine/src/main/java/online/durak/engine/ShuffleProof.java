package online.durak.engine;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The seal of a deal's shuffle (docs/fairness.md, "provably fair"). When a deal starts every seat sees the
 * {@code commitment}: the lowercase hex SHA-256 of the UTF-8 text {@code SALT:DECK}, where DECK is the deck order, first
 * card dealt first, as {@link Card#text()}s joined by {@code ,}, and SALT 32 random bytes in lowercase hex drawn with
 * the shuffle. Once the deal is over its replay publishes salt and deck order, so anyone can recompute the hash and
 * replay the deal: the cards were fixed before the first move.
 */
public record ShuffleProof(String commitment, String salt, List<Card> deckOrder) {
    private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");
    private static final HexFormat HEX = HexFormat.of();

    public ShuffleProof {
        deckOrder = List.copyOf(deckOrder);
    }

    /** The proof of a dealt deal, or null for a deal dealt without a salt (events older than the seal). */
    public static ShuffleProof of(Event.DealStarted d) {
        return d.salt() == null ? null : new ShuffleProof(commitment(d.salt(), d.deckOrder()), d.salt(), d.deckOrder());
    }

    /** Whether the commitment is the hash of this salt and deck order. */
    public boolean holds() {
        return isSalt(salt) && commitment.equals(commitment(salt, deckOrder));
    }

    /** SHA-256 of {@code SALT:DECK} in lowercase hex. */
    public static String commitment(String salt, List<Card> deckOrder) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HEX.formatHex(sha.digest((salt + ":" + deckText(deckOrder)).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** The deck order as the commitment hashes it: card texts joined by {@code ,}, e.g. {@code 6S,KD,...}. */
    public static String deckText(List<Card> deckOrder) {
        StringBuilder b = new StringBuilder(deckOrder.size() * 3);
        for (Card c : deckOrder) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(c.text());
        }
        return b.toString();
    }

    /** A salt's form: 64 lowercase hex digits (32 bytes). */
    public static boolean isSalt(String s) {
        return s != null && HEX64.matcher(s).matches();
    }

    /** A commitment's form: 64 lowercase hex digits (a SHA-256). */
    public static boolean isCommitment(String s) {
        return isSalt(s);
    }
}
