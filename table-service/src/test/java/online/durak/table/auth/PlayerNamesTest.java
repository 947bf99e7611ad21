package online.durak.table.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import online.durak.service.api.ApiException;
import org.junit.jupiter.api.Test;

class PlayerNamesTest {

    private static String shown(String raw) {
        return PlayerNames.check(raw).shown();
    }

    @Test
    void aName_isNormalisedToNfkcAndTrimmed() {
        assertEquals("Zoë", shown("  Zoe\u0308\t"), "e + combining diaeresis is one letter");
        assertEquals("Анна Петрова", shown("Анна Петрова"));
        assertEquals("Anna", shown("\uFF21\uFF4E\uFF4E\uFF41"), "full-width letters are the plain ones");
        assertEquals("Anna", shown("Anna\u00A0"), "a trailing no-break space is a space, trimmed");
        assertEquals("O'Brien-Smith Jr.", shown("O'Brien-Smith Jr."));
        assertEquals("\uD840\uDC00 x", shown("\uD840\uDC00 x"), "a letter beyond the BMP is fine");
    }

    @Test
    void theLength_isCountedInCodePoints() {
        String wide = "\uD840\uDC00".repeat(32);
        assertEquals(wide, shown(wide), "32 characters of two chars each");
        refused("\uD840\uDC00".repeat(33), "not 33");
        refused("x".repeat(33), "1 to 32 characters");
    }

    @Test
    void invisibleOrMisleadingCharacters_areRefused() {
        refused("\u200B", "an invisible character (U+200B at character 1)");
        refused("\u202Eevil", "an invisible character (U+202E at character 1)");
        refused("An\u200Dna", "U+200D at character 3");
        refused("Ann\u3164", "an invisible character (U+1160 at character 4)"); // NFKC makes it U+1160, a filler too
        refused("Ann\u2800", "a character a name does not need (U+2800 at character 4)");
        refused("a\u0000b", "a control character");
        refused("a\u007Fb", "a control character");
        refused("ab\uD800", "lone surrogate");
        refused("\uDC00ab", "lone surrogate");
        refused("a\uE000", "private-use");
        refused("a\u0378", "unassigned");
        refused("a\u2028b", "a line break");
        refused("An  na", "two spaces in a row");
        refused("\uD83C\uDCA1 ace", "a character a name does not need");
        refused("Ann<script>", "a character a name does not need (U+003C at character 4)");
    }

    @Test
    void onlyMarks_orNoLetter_areRefused() {
        refused("\u0301\u0301\u0301", "a mark that does not follow a letter (U+0301 at character 1)");
        refused("...", "must have a letter or a digit");
        assertEquals("\u00E1", shown("a\u0301"), "a mark after a letter is fine");
    }

    @Test
    void reservedNames_andTheirLookAlikes_are409() {
        for (String n : new String[] {"house", "HOUSE", "H\u043Euse", "system", "admin", "Strong bot 1", "strong bot 1",
                "Easy bot 3", "Strong bot"}) {
            ApiException e = assertThrows(ApiException.class, () -> PlayerNames.check(n), n);
            assertEquals(409, e.status(), n);
            assertEquals("NAME_RESERVED", e.code(), n);
            assertTrue(e.getMessage().startsWith("name: \""), e.getMessage());
        }
        assertEquals("Housemate", shown("Housemate"));
    }

    @Test
    void lookAlikes_haveOneSkeleton() {
        String ann = PlayerNames.skeleton("Ann");
        assertEquals(ann, PlayerNames.skeleton("\u0410nn"), "a Cyrillic А");
        assertEquals(ann, PlayerNames.skeleton("ANN"));
        assertEquals(PlayerNames.skeleton("paypal"), PlayerNames.skeleton("p\u0430yp\u0430l"));
        assertNotEquals(ann, PlayerNames.skeleton("Anna"));
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
