package online.durak.service.chips;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import online.durak.service.api.ApiException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The wallet's answers as {@link WalletClient} reads them, against a JDK HTTP server standing in for the wallet. */
class WalletClientTest {
    private static final String DOWN = "stake: the chips cannot be held now; nothing was done, try again";
    private HttpServer server;
    /** What the stand-in answers at each path: status and body. */
    private final Map<String, Object[]> answers = new ConcurrentHashMap<>();
    /** What it was sent, by path: the Authorization header, the content type and the body. */
    private final Map<String, String[]> seen = new ConcurrentHashMap<>();
    private WalletClient wallet;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", x -> {
            String path = x.getRequestURI().getPath();
            seen.put(path, new String[] {x.getRequestHeaders().getFirst("Authorization"),
                x.getRequestHeaders().getFirst("Content-Type"),
                new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)});
            Object[] a = answers.getOrDefault(path, new Object[] {404, ""});
            byte[] body = ((String) a[1]).getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders((int) a[0], body.length == 0 ? -1 : body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
        wallet = new WalletClient("http://127.0.0.1:" + server.getAddress().getPort() + "//", Duration.ofSeconds(5),
                Duration.ofSeconds(2), () -> "signed", DOWN);
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aPost_carriesTheTokenAndTheJsonBody_toTheHoldsPath() {
        answers.put("/internal/chips/holds/move", new Object[] {200, "{\"moved\":true}"});
        HttpResponse<String> r = wallet.post(WalletClient.MOVE, Map.of("playerId", "p1"));
        assertEquals(200, r.statusCode());
        assertEquals(true, WalletClient.body(r).path("moved").asBoolean());
        String[] sent = seen.get("/internal/chips/holds/move");
        assertEquals("Bearer signed", sent[0]);
        assertEquals("application/json", sent[1]);
        assertEquals("{\"playerId\":\"p1\"}", sent[2]);
    }

    @Test
    void aRefusalWithItsCode_isThatCode_anythingElseIs503() {
        answers.put("/internal/chips/holds", new Object[] {409,
            "{\"code\":\"INSUFFICIENT_CHIPS\",\"message\":\"stake: 500 chips, the balance is 100\"}"});
        ApiException refused = wallet.refusal(wallet.post(WalletClient.HOLD, Map.of()));
        assertEquals(409, refused.status());
        assertEquals("INSUFFICIENT_CHIPS", refused.code());
        assertEquals("stake: 500 chips, the balance is 100", refused.getMessage());

        for (Object[] other : new Object[][] {{409, "{\"message\":\"no code\"}"}, {409, "not json"}, {500, ""},
            {401, "{\"code\":\"UNAUTHORIZED\"}"}}) {
            answers.put("/internal/chips/holds/release", other);
            HttpResponse<String> r = wallet.post(WalletClient.RELEASE, Map.of());
            assertNull(WalletClient.code(r), other[0] + " " + other[1]);
            ApiException down = wallet.refusal(r);
            assertEquals(503, down.status());
            assertEquals("CHIPS_UNAVAILABLE", down.code());
            assertEquals(DOWN, down.getMessage());
        }
    }

    @Test
    void aWalletThatDoesNotAnswer_is503_blockingAndAsync() {
        server.stop(0);
        ApiException blocking = assertThrows(ApiException.class, () -> wallet.post(WalletClient.HOLD, Map.of()));
        assertEquals(503, blocking.status());
        assertEquals("CHIPS_UNAVAILABLE", blocking.code());
        CompletionException async = assertThrows(CompletionException.class,
                () -> wallet.postAsync(WalletClient.HOLD, Map.of()).join());
        ApiException cause = assertInstanceOf(ApiException.class, async.getCause());
        assertEquals(503, cause.status());
        assertEquals(DOWN, cause.getMessage());
    }
}
