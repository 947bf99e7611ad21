package online.durak.table.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.build.Jwt;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import online.durak.service.api.ApiException;
import online.durak.table.it.TestTopics;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/** The tokens are signed JWTs: what they hold, and every kind of token the service must refuse. */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class TokenServiceTest {
    @Inject
    TokenService tokens;
    @Inject
    Accounts accounts;
    @Inject
    JWTParser parser;

    @Test
    void aTokenNamesItsPlayer() {
        Player p = accounts.newGuest("  Anna  ");
        assertEquals("Anna", p.name());
        assertEquals(p, tokens.verify(tokens.issue(p)));
        assertEquals(p, tokens.fromAuthorization("Bearer " + tokens.issue(p)));
        assertEquals(p, tokens.fromAuthorization("bearer " + tokens.issue(p)));
    }

    @Test
    void aTokenIsAStandardJwt_withSubNameIssuerAndExpiry() throws Exception {
        Player p = accounts.newGuest("Anna");
        String[] parts = tokens.issue(p).split("\\.");
        assertEquals(3, parts.length);
        ObjectMapper json = new ObjectMapper();
        JsonNode header = json.readTree(Base64.getUrlDecoder().decode(parts[0]));
        JsonNode claims = json.readTree(Base64.getUrlDecoder().decode(parts[1]));
        assertEquals("RS256", header.get("alg").textValue());
        assertEquals(p.playerId(), claims.get("sub").textValue());
        assertEquals("Anna", claims.get("name").textValue());
        assertEquals(Tokens.ISSUER, claims.get("iss").textValue());
        long ttl = claims.get("exp").longValue() - Instant.now().getEpochSecond();
        assertTrue(ttl > 24 * 3600 - 60 && ttl <= 24 * 3600, "expires in 24 h (durak.auth.token-lifespan): " + ttl);
    }

    @Test
    void anAccountsTokenSaysSo_aGuestsDoesNot() throws Exception {
        Player account = new Player("acc-1", "Anna", true);
        assertEquals(account, tokens.verify(tokens.issue(account)));
        Player guest = new Player("g-1", "Boris");
        assertEquals(guest, tokens.verify(tokens.issue(guest)));
        JsonNode claims = new ObjectMapper().readTree(Base64.getUrlDecoder().decode(tokens.issue(guest).split("\\.")[1]));
        assertTrue(claims.get("account") == null, "a guest's token has no account claim");
        assertTrue(claims.get("jti").textValue().length() > 0, "every token has an id");
    }

    @Test
    void namesWithDotsAndUnicodeSurvive() {
        Player p = new Player("id.with.dots", "Борис.Ö");
        assertEquals(p, tokens.verify(tokens.issue(p)));
    }

    @Test
    void forgedTokensAreRefused() {
        Player p = accounts.newGuest("Anna");
        String token = tokens.issue(p);
        String[] parts = token.split("\\.");
        String otherClaims = tokens.issue(new Player(p.playerId(), "Mallory")).split("\\.")[1];
        unauthorized(parts[0] + "." + otherClaims + "." + parts[2]);
        unauthorized(token.substring(0, token.length() - 2));
        unauthorized(token + "x");
        unauthorized(Tokens.signedByAnotherKey(p));
        unauthorized(parts[0] + "." + parts[1]);
        unauthorized("");
        unauthorized("%%%.%%%.%%%");
        unauthorized("v1.a.b.c");
        // the algorithm is the verifier's, never the token's: an unsigned one or one "signed" with HMAC is refused
        unauthorized(b64("{\"alg\":\"none\"}") + "." + parts[1] + ".");
        unauthorized(Jwt.issuer(Tokens.ISSUER).subject(p.playerId()).claim("name", "Anna").expiresIn(3600)
                .jws().algorithm(SignatureAlgorithm.HS256)
                .signWithSecret("a-secret-of-enough-length-for-hs256-0123456789"));
    }

    @Test
    void aVerifiedTokenIsRemembered_butAChangedOneIsVerifiedAfresh() throws Exception {
        Player p = accounts.newGuest("Anna");
        String token = tokens.issue(p);
        assertEquals(p, tokens.verify(token));
        assertSame(parser.parse(token), parser.parse(token), "the second parse is the remembered one");
        String[] parts = token.split("\\.");
        String otherClaims = tokens.issue(new Player(p.playerId(), "Mallory")).split("\\.")[1];
        unauthorized(parts[0] + "." + otherClaims + "." + parts[2]);
        unauthorized(token.substring(0, token.length() - 2));
        unauthorized(token + "x");
        assertEquals(p, tokens.verify(token));
    }

    @Test
    void aRememberedTokenStillEndsAtItsExpiry() throws Exception {
        Player p = accounts.newGuest("Anna");
        Instant exp = Instant.now().plusSeconds(2);
        String token = Jwt.issuer(Tokens.ISSUER).subject(p.playerId()).claim(TokenService.NAME_CLAIM, p.name())
                .expiresAt(exp).sign();
        assertEquals(p, tokens.verify(token));
        // the test profile allows 1 s of clock skew (mp.jwt.verify.clock.skew): past exp + 1 s it is refused
        Thread.sleep(Math.max(0, exp.plusMillis(1500).toEpochMilli() - System.currentTimeMillis()));
        unauthorized(token);
    }

    @Test
    void expiredTokensAreRefused() {
        unauthorized(Tokens.expired(accounts.newGuest("Anna")));
    }

    @Test
    void tokensOfAnotherIssuer_orWithoutAPlayer_areRefused() {
        unauthorized(Jwt.issuer("someone-else").subject("p").claim("name", "Anna").expiresIn(3600).sign());
        unauthorized(Jwt.issuer(Tokens.ISSUER).claim("name", "Anna").expiresIn(3600).sign());
        unauthorized(Jwt.issuer(Tokens.ISSUER).subject("p").expiresIn(3600).sign());
    }

    @Test
    void missingOrMalformedHeadersAreRefused() {
        String token = tokens.issue(accounts.newGuest("Anna"));
        for (String h : new String[] {null, "", "Basic abc", token, "Bearer", "Bearer "}) {
            ApiException e = assertThrows(ApiException.class, () -> tokens.fromAuthorization(h));
            assertEquals(401, e.status());
            assertEquals("UNAUTHORIZED", e.code());
        }
    }

    @Test
    void namesAreChecked() {
        for (String bad : new String[] {null, "", "   ", "x".repeat(33), "a\u0000b"}) {
            ApiException e = assertThrows(ApiException.class, () -> accounts.newGuest(bad));
            assertEquals(400, e.status());
            assertEquals("INVALID_NAME", e.code());
        }
    }

    private static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private void unauthorized(String token) {
        ApiException e = assertThrows(ApiException.class, () -> tokens.verify(token));
        assertEquals(401, e.status());
        assertEquals("UNAUTHORIZED", e.code());
    }
}
