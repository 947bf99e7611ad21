package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The operator's service token: signed by the data folder's key, in the services' group, for the stated time. */
class ServiceTokenMainTest {
    @TempDir
    Path data;

    @Test
    void signsAnRs256TokenInTheServiceGroupThatThePublicKeyVerifies() throws Exception {
        TokenKeys.environment(data);
        ServiceTokenMain command = Cli.parse(new ServiceTokenMain(),
                new String[] {"--data", data.toString(), "--subject", "ops-1", "--minutes", "5"}, Map.of());
        Instant now = Instant.parse("2026-12-03T12:00:00Z");
        String[] parts = command.sign(now).split("\\.");
        assertEquals(3, parts.length);

        byte[] der = Base64.getMimeDecoder().decode(
                Files.readString(data.resolve(TokenKeys.PUBLIC_FILE)).replaceAll("-----[A-Z ]+-----", ""));
        PublicKey key = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der));
        Signature rs256 = Signature.getInstance("SHA256withRSA");
        rs256.initVerify(key);
        rs256.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
        assertTrue(rs256.verify(Base64.getUrlDecoder().decode(parts[2])), "signed with the data folder's key");

        String header = new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8);
        String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        assertTrue(header.contains("\"alg\":\"RS256\""), header);
        assertTrue(claims.contains("\"iss\":\"durak-online\""), claims);
        assertTrue(claims.contains("\"sub\":\"ops-1\""), claims);
        assertTrue(claims.contains("\"groups\":[\"durak-service\"]"), claims);
        assertTrue(claims.contains("\"iat\":" + now.getEpochSecond()), claims);
        assertTrue(claims.contains("\"exp\":" + now.plusSeconds(300).getEpochSecond()), claims);
        assertFalse(parts[2].contains("="), "base64url without padding");
    }

    @Test
    void refusesASubjectOrLifetimeOutOfBounds() throws Exception {
        TokenKeys.environment(data);
        for (String[] bad : new String[][] {{"--subject", "a\"b"}, {"--minutes", "0"}, {"--minutes", "61"}}) {
            ServiceTokenMain command = Cli.parse(new ServiceTokenMain(), bad, Map.of());
            command.data = data;
            assertThrows(IllegalArgumentException.class, command::check, String.join(" ", bad));
        }
        ServiceTokenMain good = Cli.parse(new ServiceTokenMain(), new String[] {"--minutes", "60"}, Map.of());
        good.data = data;
        assertEquals(good, good.check(), "60 minutes as operator: fine");
        good.data = data.resolve("elsewhere");
        assertThrows(IllegalArgumentException.class, good::check, "no key there");
    }
}
