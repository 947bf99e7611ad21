package online.durak.table.it;

import static online.durak.testkit.FakeHttp.answer;
import static online.durak.testkit.FakeHttp.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.Executors;
import online.durak.messages.Codec;

/**
 * A stand-in for the bot service's hint endpoint ({@code POST /api/hints}), on a free port given to the table
 * service as {@code durak.bot.url}. It answers the first legal move of the view it is sent. The tests steer it over
 * HTTP, on a port of its own ({@value #CONTROL}; it may run in another class loader than the test): {@code POST
 * /fake/mode} with one of {@code ok}, {@code error} (HTTP 500), {@code hang} (answers after 4 s, past the test's 2 s
 * timeout), {@code illegal} (a move that is not legal now), {@code garbage} (not JSON), {@code down} (nothing listens
 * at the hint port until the next mode); {@code GET /fake/last} gives the last hint request's body.
 */
public class FakeBots implements QuarkusTestResourceLifecycleManager {
    /** The test's property: where the stand-in is steered. */
    static final String CONTROL = "durak.test.fake-bots.control";
    private HttpServer control;
    private HttpServer server;
    private int port;
    private volatile String mode = "ok";
    private volatile String last = "null";

    @Override
    public Map<String, String> start() {
        try {
            control = server(0);
            control.createContext("/fake/mode", x -> {
                mode(read(x).strip());
                answer(x, 204, "");
            });
            control.createContext("/fake/last", x -> answer(x, 200, last));
            control.start();
            server = hints(0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        port = server.getAddress().getPort();
        return Map.of("durak.bot.url", "http://127.0.0.1:" + port + "/",
                CONTROL, "http://127.0.0.1:" + control.getAddress().getPort() + "/");
    }

    private HttpServer server(int on) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", on), 0);
        s.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-bots");
            t.setDaemon(true);
            return t;
        }));
        return s;
    }

    private HttpServer hints(int on) throws IOException {
        HttpServer s = server(on);
        s.createContext("/api/hints", this::hint);
        s.start();
        return s;
    }

    /** A new mode; {@code down} closes the hint port, any other opens it again (the same port). */
    private synchronized void mode(String next) throws IOException {
        if (next.equals("down") && server != null) {
            server.stop(0);
            server = null;
        } else if (!next.equals("down") && server == null) {
            server = hints(port);
        }
        mode = next;
    }

    private void hint(HttpExchange x) throws IOException {
        String body = read(x);
        last = body;
        JsonNode request = Codec.parse(body);
        JsonNode legal = request.at("/view/legalMoves");
        String m = mode;
        switch (m) {
            case "error" -> answer(x, 500, "{\"code\":\"BOOM\",\"message\":\"the fake bot fell over\"}");
            case "garbage" -> answer(x, 200, "this is not a hint");
            case "hang" -> {
                try {
                    Thread.sleep(4000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                answer(x, 200, Codec.write(hintFor(legal.get(0))));
            }
            case "illegal" -> {
                JsonNode take = JsonNodeFactory.instance.objectNode().put("type", "take");
                JsonNode pass = JsonNodeFactory.instance.objectNode().put("type", "pass");
                boolean takeLegal = false;
                for (JsonNode l : legal) {
                    takeLegal |= l.equals(take);
                }
                answer(x, 200, Codec.write(hintFor(takeLegal ? pass : take)));
            }
            default -> answer(x, 200, Codec.write(hintFor(legal.get(0))));
        }
    }

    private static ObjectNode hintFor(JsonNode move) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.set("move", move);
        o.put("reason", "the fake bot always plays its first legal move");
        o.putObject("reasons").put("en", "the fake bot always plays its first legal move")
                .put("de", "der falsche Bot spielt immer seinen ersten erlaubten Zug");
        o.put("clear", false);
        ObjectNode c = o.putArray("candidates").addObject();
        c.set("move", move);
        c.put("notDurakRate", 0.75);
        c.put("meanCardsLeftWhenDurak", 2.5);
        c.put("samples", 40);
        c.put("exact", false);
        c.put("extra", "not passed on");
        return o;
    }


    @Override
    public synchronized void stop() {
        for (HttpServer s : new HttpServer[] {server, control}) {
            if (s != null) {
                s.stop(0);
            }
        }
    }

    // ---- steering it from a test ----

    static void mode(String url, String mode) {
        send(HttpRequest.newBuilder(URI.create(url + "fake/mode")).POST(HttpRequest.BodyPublishers.ofString(mode)));
    }

    static JsonNode last(String url) {
        return Codec.parse(send(HttpRequest.newBuilder(URI.create(url + "fake/last")).GET()));
    }

    private static String send(HttpRequest.Builder b) {
        try {
            return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
