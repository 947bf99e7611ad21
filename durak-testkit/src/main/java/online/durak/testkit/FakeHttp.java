package online.durak.testkit;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** The JDK HTTP server's exchanges as the tests' fake services (wallet, leaderboard, bots) read and answer them. */
public final class FakeHttp {
    private FakeHttp() {
    }

    /** The request's body as text. */
    public static String read(HttpExchange x) throws IOException {
        try (InputStream in = x.getRequestBody()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Answers with a JSON body (none when {@code body} is empty). */
    public static void answer(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }
}
