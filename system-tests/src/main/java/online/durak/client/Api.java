package online.durak.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import online.durak.messages.Codec;

/** The table service's public API as a client sees it: plain HTTP and JSON. */
public final class Api {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final String base;

    public Api(String base) {
        this.base = base;
    }

    /** A signed-in guest. */
    public record Guest(String playerId, String name, String token) {
    }

    /** An answer: status and body (JSON, or null when the body is not JSON). */
    public record Response(int status, JsonNode body, String text) {
        /** The error code of an error answer. */
        public String code() {
            return body == null || body.get("code") == null ? null : body.get("code").asText();
        }

        @Override
        public String toString() {
            return status + " " + text;
        }
    }

    public String base() {
        return base;
    }

    public Guest signIn(String name) {
        Response r = post("/api/guests", null, "{\"name\":\"" + name + "\"}");
        if (r.status() != 201) {
            throw new IllegalStateException("sign-in failed: " + r);
        }
        return new Guest(r.body().get("playerId").asText(), r.body().get("name").asText(), r.body().get("token").asText());
    }

    public Response get(String path, String token) {
        return send(request(path, token).GET());
    }

    public Response post(String path, String token, String body) {
        return send(request(path, token).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body == null ? "" : body)));
    }

    /** A plain-text GET (e.g. /q/metrics in the Prometheus format), without a token. */
    public Response getText(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT).header("Accept", "text/plain").GET());
    }

    public Response delete(String path, String token) {
        return send(request(path, token).DELETE());
    }

    public Response post(String path, String token, JsonNode body) {
        return post(path, token, Codec.write(body));
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** Opens the table's WebSocket with the token as a query parameter. */
    public CompletableFuture<WebSocket> webSocket(String tableId, String token, WebSocket.Listener listener) {
        return openSocket("/api/tables/" + tableId + "/ws" + (token == null ? "" : "?token=" + token), listener);
    }

    /** Opens the lobby's WebSocket subscribed to {@code query} (GET /api/tables' parameters, e.g. "players=3"). */
    public CompletableFuture<WebSocket> lobbySocket(String query, String token, WebSocket.Listener listener) {
        return openSocket("/api/lobby/ws?token=" + token + (query.isEmpty() ? "" : "&" + query), listener);
    }

    private CompletableFuture<WebSocket> openSocket(String path, WebSocket.Listener listener) {
        return HTTP.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10))
            .buildAsync(URI.create(base.replaceFirst("^http", "ws") + path), listener);
    }

    private HttpRequest.Builder request(String path, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT)
            .header("Accept", "application/json");
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return b;
    }

    private static Response send(HttpRequest.Builder b) {
        try {
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = null;
            try {
                body = r.body().isBlank() ? null : Codec.parse(r.body());
            } catch (RuntimeException e) {
                // not JSON: the test looks at the text
            }
            return new Response(r.statusCode(), body, r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
