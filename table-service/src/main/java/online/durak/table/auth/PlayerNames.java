package online.durak.table.auth;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import com.ibm.icu.text.Normalizer2;
import com.ibm.icu.text.SpoofChecker;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import online.durak.engine.BotLevel;
import online.durak.engine.table.TableDecider;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * What a player's name may be: shown to every other player, so it must read as what it is and as nobody else
 * (docs/accounts.md "Names"). A name is normalised (NFKC: one letter is one letter however it was typed, and the
 * compatibility forms, full-width letters, ligatures, a no-break space, become the plain ones) and trimmed; then:
 *
 * <ul>
 *   <li>it has 1 to {@link #MAX_LENGTH} characters (code points);</li>
 *   <li>every character is a letter, a digit, a mark (an accent) after a letter, a single space between two other
 *       characters, or one of {@value #PUNCTUATION}; never an invisible one (Unicode's default-ignorable code points,
 *       such as the Hangul filler U+3164, the zero-width space, a direction override);</li>
 *   <li>it has a letter or a digit;</li>
 *   <li>it does not look like a name the system keeps for itself ({@link #RESERVED}, the bots' names "Strong bot 1"
 *       ...): its confusable skeleton (Unicode TR39, ICU4J's {@link SpoofChecker}, of the name with its case folded and its accents left out)
 *       is not one of theirs (409 {@code NAME_RESERVED}).</li>
 * </ul>
 *
 * Two names are the same account name when their keys are equal ({@link Name#key()}: the case folded), and look alike
 * when their skeletons are ({@link Name#skeleton()}: "Ann", "ANN", the Cyrillic "Аnn" and "Ánn" all have "ann"); the
 * accounts keep both, each under a unique index (AccountStore).
 */
public final class PlayerNames {
    public static final int MAX_LENGTH = 32;
    /** The punctuation a name may hold besides letters, digits, marks and single spaces. */
    public static final String PUNCTUATION = ".-_'";
    /** Names nobody may take, nor anything that looks like them (besides the bots' names). */
    public static final List<String> RESERVED = List.of("house", "~house", "system", "admin", "administrator",
            "moderator", "support", "bot", "durak");

    private static final Normalizer2 NFKC = Normalizer2.getNFKCInstance();
    private static final Normalizer2 NFD = Normalizer2.getNFDInstance();
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final SpoofChecker SPOOF = new SpoofChecker.Builder().build();
    /** The skeletons of every reserved name and of every bot name ("Easy bot 0" to "Strong bot 9", "Strong bot"). */
    private static final Set<String> RESERVED_SKELETONS = reservedSkeletons();

    private PlayerNames() {
    }

    /**
     * A name as it is kept and shown ({@code shown}), with what makes two names one account name ({@code key}: the
     * case folded, upper then lower case, so "ß", "SS" and "ss" are one) and what makes them look alike
     * ({@code skeleton}).
     */
    public record Name(String shown, String key, String skeleton) {
    }

    /** The name as it is kept, or 400 {@code INVALID_NAME} / 409 {@code NAME_RESERVED} saying which rule it breaks. */
    public static Name check(String raw) {
        if (raw == null) {
            throw invalid("name: is required");
        }
        String n = normalize(raw);
        int length = n.codePointCount(0, n.length());
        if (length == 0 || length > MAX_LENGTH) {
            throw invalid("name: must have 1 to " + MAX_LENGTH + " characters, not " + length);
        }
        boolean letterOrDigit = false;
        int previous = ' ';
        for (int i = 0; i < n.length(); ) {
            int c = n.codePointAt(i);
            int at = n.codePointCount(0, i) + 1;
            String why = refused(c, previous);
            if (why != null) {
                throw invalid(String.format("name: must not hold %s (U+%04X at character %d); a name is letters, "
                        + "digits, accents after a letter, single spaces and %s", why, c, at, PUNCTUATION));
            }
            letterOrDigit |= UCharacter.isLetterOrDigit(c);
            previous = UCharacter.getType(c) == UCharacter.NON_SPACING_MARK
                    || UCharacter.getType(c) == UCharacter.ENCLOSING_MARK
                    || UCharacter.getType(c) == UCharacter.COMBINING_SPACING_MARK ? previous : c;
            i += Character.charCount(c);
        }
        if (!letterOrDigit) {
            throw invalid("name: must have a letter or a digit");
        }
        Name name = new Name(n, key(n), skeleton(n));
        if (RESERVED_SKELETONS.contains(name.skeleton())) {
            throw new ApiException(409, ErrorCodes.NAME_RESERVED, "name: \"" + n + "\" is, or looks like, a name the "
                    + "system keeps for itself (a bot's, or one of " + String.join(", ", RESERVED) + ")");
        }
        return name;
    }

    /** The name as typed, normalised (NFKC) and trimmed: what an account's name is looked up by. */
    public static String normalize(String raw) {
        return NFKC.normalize(raw).strip();
    }

    /** What makes two names one account name: the case folded, upper then lower case ({@link Locale#ROOT}). */
    public static String key(String name) {
        return name.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    }

    /**
     * What makes two names look alike: the TR39 skeleton of the name with its case folded and its accents (the marks
     * after a letter) left out, so that "Ánn" looks like "Ann" as the Cyrillic "Аnn" does.
     */
    public static String skeleton(String name) {
        return SPOOF.getSkeleton(MARKS.matcher(NFD.normalize(key(name))).replaceAll(""));
    }

    /** Why {@code c} (after {@code previous}, the last character that is not a mark) may not be in a name, or null. */
    private static String refused(int c, int previous) {
        if (UCharacter.hasBinaryProperty(c, UProperty.DEFAULT_IGNORABLE_CODE_POINT)) {
            return "an invisible character";
        }
        switch (UCharacter.getType(c)) {
            case UCharacter.UPPERCASE_LETTER, UCharacter.LOWERCASE_LETTER, UCharacter.TITLECASE_LETTER,
                 UCharacter.MODIFIER_LETTER, UCharacter.OTHER_LETTER, UCharacter.DECIMAL_DIGIT_NUMBER -> {
                return null;
            }
            case UCharacter.NON_SPACING_MARK, UCharacter.ENCLOSING_MARK, UCharacter.COMBINING_SPACING_MARK -> {
                return UCharacter.isLetter(previous) ? null : "a mark that does not follow a letter";
            }
            default -> {
                if (c == ' ') {
                    return previous == ' ' ? "two spaces in a row" : null;
                }
                if (PUNCTUATION.indexOf(c) >= 0) {
                    return null;
                }
                return switch (UCharacter.getType(c)) {
                    case UCharacter.CONTROL -> "a control character";
                    case UCharacter.SURROGATE -> "half of a character (a lone surrogate)";
                    case UCharacter.PRIVATE_USE -> "a private-use character";
                    case UCharacter.UNASSIGNED -> "an unassigned character";
                    case UCharacter.LINE_SEPARATOR, UCharacter.PARAGRAPH_SEPARATOR -> "a line break";
                    case UCharacter.SPACE_SEPARATOR -> "a space other than the plain one";
                    default -> "a character a name does not need";
                };
            }
        }
    }

    private static Set<String> reservedSkeletons() {
        Set<String> s = new HashSet<>();
        RESERVED.forEach(n -> s.add(skeleton(n)));
        for (BotLevel level : BotLevel.values()) {
            String bot = TableDecider.botName(0, level);
            s.add(skeleton(bot.substring(0, bot.lastIndexOf(' '))));
            for (int seat = 0; seat <= 9; seat++) {
                s.add(skeleton(TableDecider.botName(seat, level)));
            }
        }
        return Set.copyOf(s);
    }

    private static ApiException invalid(String message) {
        return ApiException.badRequest(ErrorCodes.INVALID_NAME, message);
    }
}
