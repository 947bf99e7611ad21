package online.durak.service.chips;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.Executors;
import online.durak.testkit.FakeHttp;

/**
 * A JDK HTTP server standing in for the wallet, at {@code quarkus.rest-client.chips-wallet.url}. It answers as each
 * request's body tells it ({@code "answer": {"status", "body"}}; {@code "sleep": ms} first; {@code "drop": true}
 * closes the connection without an answer), and else 200 with what it was sent: {@code {path, authorization,
 * contentType, body}}. So the tests need no state shared with it (it runs in another class loader).
 */
public class WalletStandIn implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper JSON = new ObjectMapper();
    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "wallet-stand-in");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", x -> {
            String sent = FakeHttp.read(x);
            JsonNode told = JSON.readTree(sent.isEmpty() ? "{}" : sent);
            if (told.has("sleep")) {
                try {
                    Thread.sleep(told.get("sleep").asLong());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (told.path("drop").asBoolean()) {
                throw new IOException("dropped"); // the JDK server closes the connection without an answer
            }
            JsonNode answer = told.get("answer");
            if (answer != null) {
                FakeHttp.answer(x, answer.get("status").asInt(), answer.path("body").asText());
                return;
            }
            ObjectNode echo = JSON.createObjectNode().put("path", x.getRequestURI().getPath())
                    .put("authorization", x.getRequestHeaders().getFirst("Authorization"))
                    .put("contentType", x.getRequestHeaders().getFirst("Content-Type")).put("body", sent);
            FakeHttp.answer(x, 200, JSON.writeValueAsString(echo));
        });
        server.start();
        // a trailing slash, as an operator may write it
        return Map.of("quarkus.rest-client.chips-wallet.url",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
