package online.durak.deploy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small line protocol on a loopback-only TCP port, so that a test can restart the infrastructure it shares
 * ({@code durak-testkit}'s {@code TestInfra.restartKafka()}, {@code restartPostgres()}): one command per line, one
 * answer line each, several commands per connection.
 *
 * <pre>
 * restart kafka      → ok &lt;millis&gt;   once the broker answers again on the same address and every partition of
 *                                       the system's topics has a leader (the data, topics and offsets are kept)
 * restart postgres   → ok &lt;millis&gt;   once the embedded server accepts connections again on the same port
 * ping               → ok 0
 * anything else      → error &lt;what is wrong&gt;
 * </pre>
 *
 * The millis are the downtime: from the stop until the component was up again. Only 127.0.0.1 is bound; anyone
 * on this machine may connect (as anyone may to the broker and the database themselves).
 */
public final class InfraControl implements AutoCloseable {

    /** The key of its port in {@code infra.properties}. */
    public static final String KEY_PORT = "control.port";
    static final String HELP = "known commands: restart kafka, restart postgres, ping";
    private static final int MAX_LINE = 200;
    private static final int IDLE_TIMEOUT_MS = 10 * 60 * 1000;
    private static final Logger LOG = LoggerFactory.getLogger(InfraControl.class);

    private final Infra infra;
    private final ServerSocket server;
    private volatile boolean closed;

    private InfraControl(Infra infra, ServerSocket server) {
        this.infra = infra;
        this.server = server;
    }

    /** Listens on 127.0.0.1:{@code port} (0 = a free port) for commands about {@code infra}. */
    public static InfraControl open(Infra infra, int port) {
        try {
            ServerSocket s = new ServerSocket(port, 10, InetAddress.getLoopbackAddress());
            InfraControl c = new InfraControl(infra, s);
            Thread t = new Thread(c::accept, "durak-infra-control");
            t.setDaemon(true);
            t.start();
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port + " for control commands", e);
        }
    }

    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = server.accept();
                Thread t = new Thread(() -> serve(client), "durak-infra-control-" + client.getPort());
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!closed) {
                    LOG.warn("control port: {}", e.toString());
                }
            }
        }
    }

    private void serve(Socket client) {
        try (client;
             BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(client.getOutputStream(), true, StandardCharsets.UTF_8)) {
            client.setSoTimeout(IDLE_TIMEOUT_MS);
            String line;
            while ((line = in.readLine()) != null) {
                out.print(answer(line) + "\n");
                out.flush();
            }
        } catch (SocketTimeoutException | SocketException e) {
            // idle too long, or the client went away
        } catch (IOException e) {
            LOG.debug("control connection", e);
        }
    }

    /** The answer to one command line. */
    String answer(String line) {
        if (line.length() > MAX_LINE) {
            return "error command too long (" + line.length() + " characters); " + HELP;
        }
        String command = line.trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        try {
            return switch (command) {
                case "restart kafka" -> {
                    LOG.info("control: restarting Kafka");
                    yield "ok " + infra.restartKafka();
                }
                case "restart postgres" -> {
                    LOG.info("control: restarting PostgreSQL");
                    yield "ok " + infra.restartPostgres();
                }
                case "ping" -> "ok 0";
                case "" -> "error empty command; " + HELP;
                default -> "error unknown command \"" + printable(line.trim()) + "\"; " + HELP;
            };
        } catch (RuntimeException e) {
            LOG.warn("control: {} failed", command, e);
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            return "error " + command + " failed: " + m.replace('\n', ' ').replace('\r', ' ');
        }
    }

    private static String printable(String s) {
        return s.codePoints().map(c -> c < 0x20 || c == 0x7f ? '?' : c)
            .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
