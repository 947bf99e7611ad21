package online.durak.table.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import online.durak.service.api.ApiException;
import org.junit.jupiter.api.Test;

class PlayerNamesTest {

    @Test
    void aName_isNormalisedToNfcAndTrimmed() {
        assertEquals("Zoë", PlayerNames.check("  Zoe\u0308\t"), "e + combining diaeresis is one letter");
        assertEquals("Анна Петрова", PlayerNames.check("Анна Петрова"));
        assertEquals("\uD83C\uDCA1 ace", PlayerNames.check("\uD83C\uDCA1 ace"), "a character beyond the BMP is fine");
    }

    @Test
    void theLength_isCountedInCodePoints() {
        String cards = "\uD83C\uDCA1".repeat(32);
        assertEquals(cards, PlayerNames.check(cards), "32 characters of two chars each");
        refused("\uD83C\uDCA1".repeat(33), "not 33");
        refused("x".repeat(33), "1 to 32 characters");
    }

    @Test
    void invisibleOrMisleadingCharacters_areRefused() {
        refused("\u200B", "invisible formatting character (U+200B at character 1)");
        refused("\u202Eevil", "invisible formatting character (U+202E at character 1)");
        refused("An\u200Dna", "U+200D at character 3");
        refused("a\u0000b", "a control character");
        refused("a\u007Fb", "a control character");
        refused("ab\uD800", "lone surrogate");
        refused("\uDC00ab", "lone surrogate");
        refused("a\uE000", "private-use");
        refused("a\u0378", "unassigned");
        refused("a\u2028b", "a line break");
    }

    @Test
    void emptyNames_areRefused_alsoWhenOnlyTrimmingLeftNothing() {
        refused(null, "name: is required");
        refused("", "not 0");
        refused(" \t\u3000 ", "not 0");
    }

    private static void refused(String name, String because) {
        ApiException e = assertThrows(ApiException.class, () -> PlayerNames.check(name), String.valueOf(name));
        assertEquals(400, e.status());
        assertEquals("INVALID_NAME", e.code());
        assertTrue(e.getMessage().startsWith("name: "), e.getMessage());
        assertTrue(e.getMessage().contains(because), e.getMessage());
    }
}
