package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The launcher as an operator meets it ({@code bash deploy/start.sh --no-build}, its own Kafka and PostgreSQL on free
 * ports): a service killed with SIGKILL is started again on its port and {@code services.pids} names the new process;
 * killed once more than {@code --max-restarts} allows, it stays down and the rest keeps running; then, after a solo
 * match played to its end and with its player still connected, a SIGTERM stops the whole system within 10 s, and no
 * service logs an ERROR while it stops.
 */
class SupervisedStopTest {

    private static final List<String> SERVICES = List.of("table-service", "rules-service", "matchmaking-service",
        "leaderboard-service", "bot-service");
    private static final Duration STOP_LIMIT = Duration.ofSeconds(10);
    private static final Pattern SERVICES_LINE = Pattern.compile("^Services\\s*:\\s*(.*)$");
    /** The management ports (health, metrics): {@code Management : table-service :9080, ... (/q/health, ...)}. */
    private static final Pattern MANAGEMENT_LINE = Pattern.compile("^Management\\s*:\\s*(.*?)\\s*\\(.*$");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    @Timeout(900)
    void aKilledServiceComesBack_untilTheLimit_andTheSystemStopsWithin10sWithoutErrors() throws Exception {
        Path target = SystemUnderTest.home().resolve("system-tests/target");
        Path data = Files.createTempDirectory(Files.createDirectories(target), "supervised-stop-data-");
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        StringBuffer out = new StringBuffer();
        ProcessBuilder pb = new ProcessBuilder("bash", SystemUnderTest.home().resolve("deploy/start.sh").toString(),
            "--no-build", "--data", data.toString(), "--http-port-base", "0", "--kafka-port", "0", "--pg-port", "0",
            "--partitions", "3", "--services", String.join(",", SERVICES), "--max-restarts", "1",
            "--watch-pid", Long.toString(ProcessHandle.current().pid()))
            .directory(SystemUnderTest.home().toFile())
            .redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("DURAK_"));
        pb.environment().put("DURAK_BOT_THINK", "0ms"); // the solo match below is played at once
        Process launcher = pb.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    out.append(line).append('\n');
                    lines.add(line);
                }
            } catch (IOException e) {
                // ended
            }
        }, "start.sh output");
        reader.setDaemon(true);
        reader.start();
        try {
            Map<String, Integer> ports = new LinkedHashMap<>();
            Map<String, Integer> management = new LinkedHashMap<>();
            String ready = await(lines, out, "DURAK READY", Duration.ofSeconds(300), l -> {
                readPorts(SERVICES_LINE.matcher(l), ports);
                readPorts(MANAGEMENT_LINE.matcher(l), management);
            });
            assertTrue(ready.startsWith("DURAK READY"), ready);
            assertEquals(SERVICES, List.copyOf(ports.keySet()), out.toString());
            assertEquals(SERVICES, List.copyOf(management.keySet()), out.toString());

            // ---- killed: started again on its port, and services.pids names the new process ------------------
            long first = pid(data, "leaderboard-service");
            ProcessHandle.of(first).orElseThrow().destroyForcibly();
            assertEquals("leaderboard-service exited with code 137; restarting (restart 1 of 1 in 10 min) in 1 s",
                await(lines, out, "leaderboard-service exited", Duration.ofSeconds(30), l -> { }));
            String again = await(lines, out, "leaderboard-service ready again", Duration.ofSeconds(180), l -> { });
            int port = ports.get("leaderboard-service");
            assertTrue(again.startsWith("leaderboard-service ready again on port " + port + " (pid "), again);
            long second = pid(data, "leaderboard-service");
            assertNotEquals(first, second);
            assertTrue(again.contains("(pid " + second + ")"), again + " vs services.pids " + second);
            assertEquals(200, ready(management.get("leaderboard-service")));

            // ---- once more than --max-restarts allows: it stays down, the rest keeps running ---------------------
            ProcessHandle.of(second).orElseThrow().destroyForcibly();
            assertEquals("leaderboard-service exited with code 137; restarted 1 time in 10 min already: giving up, it"
                + " stays down", await(lines, out, "leaderboard-service exited", Duration.ofSeconds(30), l -> { }));
            Thread.sleep(2000);
            assertTrue(launcher.isAlive(), out.toString());
            assertEquals(-1, ready(management.get("leaderboard-service")), "leaderboard-service stays down");
            assertEquals(200, ready(management.get("rules-service")));

            // ---- a solo match played to its end, and a player still connected when the stop comes -----------------
            online.durak.client.Api api = new online.durak.client.Api("http://127.0.0.1:" + ports.get("table-service"));
            online.durak.client.Api.Guest me = api.signIn("Stopper");
            String table = playSoloMatch(api, me);
            java.net.http.WebSocket socket = api.webSocket(table, me.token(), new java.net.http.WebSocket.Listener() { })
                .join();
            assertTrue(!socket.isInputClosed(), "connected to the finished table");

            // ---- SIGTERM: everything ends within 10 s, and the logs of the stop have no ERROR ---------------------
            Map<String, Long> logStart = new LinkedHashMap<>();
            for (String s : SERVICES) {
                logStart.put(s, Files.size(log(data, s)));
            }
            List<ProcessHandle> children = launcher.descendants().toList();
            long t0 = System.nanoTime();
            launcher.toHandle().destroy();
            assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "start.sh did not end within 60 s:\n" + out);
            long millis = (System.nanoTime() - t0) / 1_000_000;
            System.err.printf("[system-tests] the launcher with %s stopped in %d ms%n", SERVICES, millis);
            reader.join(5000);
            assertTrue(out.toString().contains("DURAK STOPPED"), out.toString());
            assertTrue(millis < STOP_LIMIT.toMillis(), "stopped in " + millis + " ms, more than " + STOP_LIMIT.toSeconds()
                + " s:\n" + out);
            for (ProcessHandle c : children) {
                assertFalse(c.isAlive(), "left running: " + c.pid() + " " + c.info().commandLine().orElse(""));
            }
            List<String> errors = new ArrayList<>();
            for (String s : SERVICES) {
                for (String l : linesFrom(log(data, s), logStart.get(s))) {
                    if (l.contains(" ERROR ")) {
                        errors.add(s + ": " + l);
                    }
                }
            }
            assertEquals(List.of(), errors, "ERROR lines while stopping");
            deleteRecursively(data); // kept when the test fails, for its logs
        } finally {
            launcher.toHandle().destroy();
            if (!launcher.waitFor(60, TimeUnit.SECONDS)) {
                launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly();
            }
        }
    }

    /** The next line starting with {@code prefix}, every line before it shown to {@code seen}. */
    private static String await(BlockingQueue<String> lines, StringBuffer out, String prefix, Duration timeout,
                                java.util.function.Consumer<String> seen) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            String l = lines.poll(500, TimeUnit.MILLISECONDS);
            if (l == null) {
                continue;
            }
            seen.accept(l);
            if (l.startsWith(prefix)) {
                return l;
            }
        }
        return fail("no line starting with \"" + prefix + "\" within " + timeout.toSeconds() + " s:\n" + out);
    }

    /** One guest against an EASY bot, one deal, played to the end through REST; the table's id. */
    private static String playSoloMatch(online.durak.client.Api api, online.durak.client.Api.Guest me)
            throws InterruptedException {
        com.fasterxml.jackson.databind.node.ObjectNode body = online.durak.client.Api.object();
        body.set("settings", online.durak.client.Api.object().put("players", 2).put("dealsPerMatch", 1));
        body.putArray("bots").add("EASY");
        online.durak.client.Api.Response created = api.post("/api/tables/solo", me.token(), body);
        assertEquals(201, created.status(), created.toString());
        String table = created.body().get("tableId").asText();
        java.util.Random random = new java.util.Random(table.hashCode());
        long end = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (System.nanoTime() < end) {
            com.fasterxml.jackson.databind.JsonNode view = api.get("/api/tables/" + table + "/view", me.token()).body();
            if (online.durak.client.Moves.finished(view)) {
                return table;
            }
            com.fasterxml.jackson.databind.JsonNode move = online.durak.client.Moves.toAct(view) == 0
                ? online.durak.client.Moves.random(view, random) : null;
            if (move == null) {
                Thread.sleep(50); // the bot's turn
                continue;
            }
            api.post("/api/tables/" + table + "/moves", me.token(), Players.moveBody(java.util.UUID.randomUUID()
                .toString(), move));
        }
        return fail("the solo match at " + table + " did not end");
    }

    /** The service's pid in {@code services.pids}. */
    private static long pid(Path data, String service) throws IOException {
        for (String l : Files.readAllLines(data.resolve("services.pids"))) {
            String[] f = l.split("\t");
            if (f.length >= 2 && f[1].equals(service)) {
                return Long.parseLong(f[0]);
            }
        }
        return fail(service + " is not in services.pids");
    }

    /** {@code name :port, name :port} of a matching line into {@code ports}. */
    private static void readPorts(Matcher m, Map<String, Integer> ports) {
        if (m.matches()) {
            for (String part : m.group(1).split(",\\s*")) {
                String[] nameAndPort = part.trim().split("\\s*:");
                ports.put(nameAndPort[0], Integer.parseInt(nameAndPort[1].trim()));
            }
        }
    }

    /** The status of /q/health/ready on a management port, or -1 when nothing answers. */
    private static int ready(int port) throws InterruptedException {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/q/health/ready"))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        }
    }

    private static Path log(Path data, String service) {
        return data.resolve("logs").resolve(service + ".log");
    }

    private static List<String> linesFrom(Path file, long offset) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            f.seek(offset);
            byte[] rest = new byte[(int) (f.length() - offset)];
            f.readFully(rest);
            return new String(rest, StandardCharsets.UTF_8).lines().toList();
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
