package online.durak.service.chips;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.CompletionException;
import online.durak.service.api.ApiException;
import online.durak.service.client.Answer;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The wallet's answers as {@link WalletClient} reads them through the REST client {@link WalletApi}, against a JDK
 * HTTP server standing in for the wallet ({@link WalletStandIn}); the calls' timeout is 1 s here
 * (src/test/resources/application.properties).
 */
@QuarkusTest
@QuarkusTestResource(WalletStandIn.class)
class WalletClientTest {
    private static final String DOWN = "stake: the chips cannot be held now; nothing was done, try again";

    @Inject
    @RestClient
    WalletApi api;

    private WalletClient wallet;

    @BeforeEach
    void client() {
        wallet = new WalletClient(api, () -> "signed", DOWN);
    }

    @Test
    void aPost_carriesTheTokenAndTheJsonBody_toTheCallsPath() {
        for (var call : Map.of(WalletClient.Call.HOLD, "/internal/chips/holds",
                WalletClient.Call.RELEASE, "/internal/chips/holds/release",
                WalletClient.Call.MOVE, "/internal/chips/holds/move").entrySet()) {
            Answer r = wallet.post(call.getKey(), Map.of("playerId", "p1"));
            assertEquals(200, r.status());
            JsonNode sent = r.json();
            assertEquals(call.getValue(), sent.path("path").asText());
            assertEquals("Bearer signed", sent.path("authorization").asText());
            assertEquals("application/json", sent.path("contentType").asText());
            assertEquals("{\"playerId\":\"p1\"}", sent.path("body").asText());
        }
    }

    @Test
    void aRefusalWithItsCode_isThatCode_anythingElseIs503() {
        ApiException refused = wallet.refusal(wallet.post(WalletClient.Call.HOLD, answer(409,
                "{\"code\":\"INSUFFICIENT_CHIPS\",\"message\":\"stake: 500 chips, the balance is 100\"}")));
        assertEquals(409, refused.status());
        assertEquals("INSUFFICIENT_CHIPS", refused.code());
        assertEquals("stake: 500 chips, the balance is 100", refused.getMessage());

        for (Object[] other : new Object[][] {{409, "{\"message\":\"no code\"}"}, {409, "not json"}, {500, ""},
            {401, "{\"code\":\"UNAUTHORIZED\"}"}}) {
            Answer r = wallet.post(WalletClient.Call.RELEASE, answer((int) other[0], (String) other[1]));
            assertEquals(other[0], r.status());
            assertNull(WalletClient.code(r), other[0] + " " + other[1]);
            ApiException down = wallet.refusal(r);
            assertEquals(503, down.status());
            assertEquals("CHIPS_UNAVAILABLE", down.code());
            assertEquals(DOWN, down.getMessage());
        }
    }

    @Test
    void aWalletThatDoesNotAnswer_is503_blockingAndAsync() {
        assertUnavailable(assertThrows(ApiException.class,
                () -> wallet.post(WalletClient.Call.HOLD, Map.of("drop", true))));
        CompletionException async = assertThrows(CompletionException.class,
                () -> wallet.postAsync(WalletClient.Call.MOVE, Map.of("drop", true)).join());
        assertUnavailable(assertInstanceOf(ApiException.class, async.getCause()));
    }

    @Test
    void aWalletThatAnswersTooLate_is503_atTheTimeout() {
        long t0 = System.nanoTime();
        assertUnavailable(assertThrows(ApiException.class,
                () -> wallet.post(WalletClient.Call.HOLD, Map.of("sleep", 4000))));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < 3500, "answered at the 1 s timeout, not when the wallet did: " + ms + " ms");
    }

    private static Map<String, Object> answer(int status, String body) {
        return Map.of("answer", Map.of("status", status, "body", body));
    }

    private static void assertUnavailable(ApiException e) {
        assertEquals(503, e.status());
        assertEquals("CHIPS_UNAVAILABLE", e.code());
        assertEquals(DOWN, e.getMessage());
    }
}
