package online.durak.table.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import online.durak.service.api.ApiException;
import org.junit.jupiter.api.Test;

class TokenServiceTest {
    private final TokenService tokens = new TokenService("a-test-secret-of-enough-length");

    @Test
    void aTokenNamesItsPlayer() {
        Player p = tokens.newGuest("  Anna  ");
        assertEquals("Anna", p.name());
        assertEquals(p, tokens.verify(tokens.issue(p)));
        assertEquals(p, tokens.fromAuthorization("Bearer " + tokens.issue(p)));
        assertEquals(p, tokens.fromAuthorization("bearer " + tokens.issue(p)));
    }

    @Test
    void namesWithDotsAndUnicodeSurvive() {
        Player p = new Player("id.with.dots", "Борис.Ö");
        assertEquals(p, tokens.verify(tokens.issue(p)));
    }

    @Test
    void forgedTokensAreRefused() {
        Player p = tokens.newGuest("Anna");
        String token = tokens.issue(p);
        String[] parts = token.split("\\.");
        String otherName = tokens.issue(new Player(p.playerId(), "Mallory")).split("\\.")[2];
        unauthorized(parts[0] + "." + parts[1] + "." + otherName + "." + parts[3]);
        unauthorized(token.substring(0, token.length() - 2));
        unauthorized(token + "x");
        unauthorized(new TokenService("another-secret-of-enough-length").issue(p));
        unauthorized("v1.a.b");
        unauthorized("v2." + token.substring(3));
        unauthorized("");
        unauthorized("%%%.%%%.%%%.%%%");
    }

    @Test
    void missingOrMalformedHeadersAreRefused() {
        String token = tokens.issue(tokens.newGuest("Anna"));
        for (String h : new String[] {null, "", "Basic abc", token, "Bearer", "Bearer "}) {
            ApiException e = assertThrows(ApiException.class, () -> tokens.fromAuthorization(h));
            assertEquals(401, e.status());
            assertEquals("UNAUTHORIZED", e.code());
        }
    }

    @Test
    void namesAreChecked() {
        for (String bad : new String[] {null, "", "   ", "x".repeat(33), "a\u0000b"}) {
            ApiException e = assertThrows(ApiException.class, () -> tokens.newGuest(bad));
            assertEquals(400, e.status());
            assertEquals("INVALID_NAME", e.code());
        }
    }

    @Test
    void aShortSecretIsRefused() {
        assertThrows(IllegalStateException.class, () -> new TokenService("short"));
    }

    private void unauthorized(String token) {
        ApiException e = assertThrows(ApiException.class, () -> tokens.verify(token));
        assertEquals(401, e.status());
    }
}
