package online.durak.table.auth;

import java.text.Normalizer;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * What a player's name may be: shown to every other player, so it must read as what it is. A name is normalised
 * (NFC, so one letter is one letter however it was typed) and trimmed; then it must hold 1 to
 * {@link #MAX_LENGTH} code points, none of them a control character (Cc), a format character (Cf: zero-width
 * spaces and joiners, direction overrides that show text in another order than it is), a surrogate (Cs: half
 * of a character), a private-use or an unassigned one, or a line or paragraph separator.
 */
public final class PlayerNames {
    public static final int MAX_LENGTH = 32;

    private PlayerNames() {
    }

    /** The name as it is kept and shown, or 400 {@code INVALID_NAME} saying what is wrong with it. */
    public static String check(String name) {
        if (name == null) {
            throw invalid("name: is required");
        }
        String n = Normalizer.normalize(name, Normalizer.Form.NFC).strip();
        int length = n.codePointCount(0, n.length());
        if (length == 0 || length > MAX_LENGTH) {
            throw invalid("name: must have 1 to " + MAX_LENGTH + " characters, not " + length);
        }
        for (int i = 0; i < n.length(); ) {
            int c = n.codePointAt(i);
            String what = refused(c);
            if (what != null) {
                throw invalid(String.format("name: must not hold %s (U+%04X at character %d)", what, c,
                        n.codePointCount(0, i) + 1));
            }
            i += Character.charCount(c);
        }
        return n;
    }

    /** Why a code point may not be in a name, or null when it may. */
    private static String refused(int c) {
        return switch (Character.getType(c)) {
            case Character.CONTROL -> "a control character";
            case Character.FORMAT -> "an invisible formatting character";
            case Character.SURROGATE -> "half of a character (a lone surrogate)";
            case Character.PRIVATE_USE -> "a private-use character";
            case Character.UNASSIGNED -> "an unassigned character";
            case Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> "a line break";
            default -> null;
        };
    }

    private static ApiException invalid(String message) {
        return ApiException.badRequest(ErrorCodes.INVALID_NAME, message);
    }
}
