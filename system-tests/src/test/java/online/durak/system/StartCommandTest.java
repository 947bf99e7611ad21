package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import online.durak.client.Api;
import online.durak.client.Moves;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The one-command start, as a user runs it: {@code bash deploy/start.sh --no-build} on a fresh data folder and
 * free ports starts Kafka, PostgreSQL and all five services; two guests play a few moves through its API; a
 * SIGTERM stops everything (no process of it is left), and a second start on the same folder still has the
 * table. Needs the build (the services' jars, deploy's class path), as {@code mvn verify} makes it.
 */
class StartCommandTest {

    private static final Pattern API = Pattern.compile("^API\\s*:\\s*(http://\\S+)/api\\s*$");

    /** One run of start.sh: its process, its output (also in a file), and the API's base URL once ready. */
    private static final class Started {
        final Process process;
        final StringBuffer out = new StringBuffer();
        final CompletableFuture<String> ready = new CompletableFuture<>();
        final CompletableFuture<Void> ended = new CompletableFuture<>();

        Started(Path data, Path outFile) throws IOException {
            ProcessBuilder pb = new ProcessBuilder("bash", SystemUnderTest.home().resolve("deploy/start.sh").toString(),
                "--no-build", "--data", data.toString(), "--http-port-base", "0", "--kafka-port", "0", "--pg-port", "0",
                "--partitions", "3", "--watch-pid", Long.toString(ProcessHandle.current().pid()))
                .directory(SystemUnderTest.home().toFile())
                .redirectErrorStream(true);
            pb.environment().keySet().removeIf(k -> k.startsWith("DURAK_"));
            process = pb.start();
            Thread reader = new Thread(() -> read(outFile), "start.sh output");
            reader.setDaemon(true);
            reader.start();
        }

        private void read(Path outFile) {
            String api = null;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                 PrintWriter w = new PrintWriter(Files.newBufferedWriter(outFile, StandardCharsets.UTF_8), true)) {
                for (String line; (line = r.readLine()) != null; ) {
                    w.println(line);
                    out.append(line).append('\n');
                    Matcher m = API.matcher(line);
                    if (m.matches()) {
                        api = m.group(1);
                    }
                    if (line.startsWith("DURAK READY")) {
                        ready.complete(api);
                    }
                }
            } catch (IOException e) {
                // the process ended
            } finally {
                ready.completeExceptionally(new AssertionError("start.sh ended before DURAK READY:\n" + out));
                ended.complete(null);
            }
        }

        String awaitReady() throws Exception {
            try {
                return ready.get(300, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                process.toHandle().destroy();
                fail("no DURAK READY within 300 s:\n" + out);
                return null;
            }
        }

        /** SIGTERM, then everything it started must end; returns the exit code. */
        int stop() throws Exception {
            List<ProcessHandle> children = process.descendants().toList();
            assertFalse(children.isEmpty(), "the launcher has service processes");
            // SIGTERM to the launcher JVM (start.sh exec's it); Process.destroy() would also close our end of its output
            process.toHandle().destroy();
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), "start.sh did not end within 120 s of SIGTERM:\n" + out);
            ended.get(10, TimeUnit.SECONDS);
            for (ProcessHandle c : children) {
                c.onExit().get(10, TimeUnit.SECONDS);
                assertFalse(c.isAlive(), "left running: " + c.pid() + " " + c.info().commandLine().orElse(""));
            }
            return process.exitValue();
        }
    }

    @Test
    @Timeout(900)
    void startSh_runsTheWholeSystem_andStopsEverythingOnSigterm() throws Exception {
        Path target = SystemUnderTest.home().resolve("system-tests/target");
        Path data = Files.createTempDirectory(Files.createDirectories(target), "start-command-data-");
        Started first = new Started(data, target.resolve("start-command-1.out"));
        String base = first.awaitReady();
        assertNotNull(base, "start.sh printed no API line:\n" + first.out);
        assertTrue(first.out.toString().contains("/q/swagger-ui"), first.out.toString());
        for (String service : List.of("table-service", "rules-service", "matchmaking-service", "leaderboard-service",
            "bot-service")) {
            assertTrue(Files.size(data.resolve("logs").resolve(service + ".log")) > 0, service + " logs");
        }
        Api api = new Api(base);
        assertEquals(200, api.get("/q/openapi", null).status());
        List<Api.Guest> g = Players.signIn(api, "Ann", "Bob");
        String table = Players.openTable(api, g, Api.object().put("players", 2).putNull("turnClock"));
        String path = "/api/tables/" + table;
        JsonNode view = api.post(path + "/start", g.get(0).token(), Api.object()).body().get("view");
        Random random = new Random();
        long seq = 0;
        for (int i = 0; i < 6 && !Moves.finished(view) && !Moves.onBoard(view); i++) {
            int seat = Moves.toAct(view);
            JsonNode mine = api.get(path + "/view", g.get(seat).token()).body();
            Api.Response r = api.post(path + "/moves", g.get(seat).token(),
                Players.moveBody(UUID.randomUUID().toString(), Moves.random(mine, random)));
            assertEquals(200, r.status(), r.toString());
            view = r.body().get("view");
            seq = view.get("seq").asLong();
        }
        long postgres = postmasterPid(data).orElseThrow();

        // an operator's service token, made from the data folder's key, opens leaderboard-service's /admin paths
        Matcher port = Pattern.compile("leaderboard-service ready on port (\\d+)").matcher(first.out);
        assertTrue(port.find(), first.out.toString());
        Api leaderboard = new Api("http://127.0.0.1:" + port.group(1));
        assertEquals(401, leaderboard.get("/admin/rebuild", null).status());
        assertEquals(403, leaderboard.get("/admin/rebuild", g.get(0).token()).status(), "a player's token");
        Process minted = new ProcessBuilder("bash", SystemUnderTest.home().resolve("deploy/service-token.sh").toString(),
            "--data", data.toString(), "--subject", "start-command-test").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String token = new String(minted.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, minted.waitFor(), "service-token.sh");
        Api.Response status = leaderboard.get("/admin/rebuild", token);
        assertEquals(200, status.status(), status.toString());
        assertTrue(status.body().has("running"), status.toString());

        int code = first.stop();
        assertTrue(code == 0 || code == 143, "exit code " + code + ":\n" + first.out);
        assertTrue(first.out.toString().contains("DURAK STOPPED"), "exit code " + code + ":\n" + first.out);
        assertFalse(ProcessHandle.of(postgres).map(ProcessHandle::isAlive).orElse(false), "postgres still runs");
        assertFalse(Files.exists(data.resolve("infra.properties")), "infra.properties is removed on a clean stop");

        // the same folder again: the table and its moves are still there
        Started second = new Started(data, target.resolve("start-command-2.out"));
        Api again = new Api(second.awaitReady());
        JsonNode after = again.get(path + "/view", g.get(0).token()).body();
        assertEquals(seq, after.get("seq").asLong(), "the table continues where it stopped: " + after);
        int code2 = second.stop();
        assertTrue(code2 == 0 || code2 == 143, "exit code " + code2 + ":\n" + second.out);
        deleteRecursively(data); // kept when the test fails, for its logs
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** The postmaster's pid from {@code postmaster.pid}, while it runs. */
    private static Optional<Long> postmasterPid(Path data) throws IOException {
        Path f = data.resolve("postgres/pgdata/postmaster.pid");
        if (!Files.exists(f)) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(Files.readAllLines(f).get(0).trim()));
    }
}
