package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real processes (a shell that sleeps) killed with SIGKILL, and what the supervisor makes of it. */
class SupervisorTest {

    /** Short delays, so the test is quick: 100 ms, 200 ms, 400 ms at most; 2 restarts within a minute. */
    private static final RestartPolicy QUICK = new RestartPolicy(2, Duration.ofMinutes(1), Duration.ofMillis(100),
        Duration.ofMillis(400));

    @TempDir
    Path dir;
    private final List<Process> started = new CopyOnWriteArrayList<>();
    private final BlockingQueue<String> console = new LinkedBlockingQueue<>();
    private final AtomicInteger starts = new AtomicInteger();

    @AfterEach
    void killAll() {
        started.forEach(Process::destroyForcibly);
    }

    /** Each run writes its start number and its environment's DURAK_SAME to a file, then sleeps. */
    private Process sleeper() throws IOException {
        int n = starts.incrementAndGet();
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", "echo \"$DURAK_SAME\" > start-" + n + "; exec sleep 300")
            .directory(dir.toFile());
        pb.environment().put("DURAK_SAME", "env-" + 42);
        Process p = pb.start();
        started.add(p);
        return p;
    }

    private Supervisor.Run run(Process p) {
        return Supervisor.Run.of("(pid " + p.pid() + ")", p);
    }

    private String next() throws InterruptedException {
        String line = console.poll(10, TimeUnit.SECONDS);
        assertTrue(line != null, "a console line within 10 s");
        return line;
    }

    @Test
    void aKilledProcessComesBackWithTheSameEnvironment_untilTheLimit_thenStaysDown() throws Exception {
        CountDownLatch gaveUp = new CountDownLatch(1);
        Supervisor s = new Supervisor("sleeper", () -> run(sleeper()), QUICK, console::add, gaveUp::countDown);
        Process first = sleeper();
        s.supervise(run(first));

        first.destroyForcibly(); // SIGKILL
        assertEquals("sleeper exited with code 137; restarting (restart 1 of 2 in 1 min) in 100 ms", next());
        String ready = next();
        Process second = started.get(1);
        assertEquals("sleeper ready again (pid " + second.pid() + ") after restart 1", ready.replaceAll(" \\(\\d[^)]*\\)$", ""));
        assertTrue(second.isAlive());
        assertNotEquals(first.pid(), second.pid());
        awaitFile(dir.resolve("start-2"));
        assertEquals("env-42", Files.readString(dir.resolve("start-2")).trim(), "the same environment");

        second.destroyForcibly();
        assertEquals("sleeper exited with code 137; restarting (restart 2 of 2 in 1 min) in 200 ms", next());
        assertTrue(next().startsWith("sleeper ready again"));
        Process third = started.get(2);
        assertEquals(2, s.restarts());

        third.destroyForcibly();
        assertEquals("sleeper exited with code 137; restarted 2 times in 1 min already: giving up, it stays down",
            next());
        assertTrue(gaveUp.await(5, TimeUnit.SECONDS));
        assertTrue(s.gaveUp());
        assertNull(console.poll(500, TimeUnit.MILLISECONDS), "nothing more");
        assertEquals(3, started.size(), "not started again");
    }

    @Test
    void aStartThatFails_countsAsOneMoreEnd() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        Supervisor s = new Supervisor("flaky", () -> {
            if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("flaky exited with code 1 while starting; the end of its log:\nboom");
            }
            return run(sleeper());
        }, new RestartPolicy(3, Duration.ofMinutes(1), Duration.ofMillis(50), Duration.ofMillis(400)), console::add,
            () -> { });
        Process first = sleeper();
        s.supervise(run(first));
        first.destroy(); // SIGTERM
        assertEquals("flaky exited with code 143; restarting (restart 1 of 3 in 1 min) in 50 ms", next());
        assertEquals("flaky did not start again (flaky exited with code 1 while starting; the end of its log:);"
            + " restarting (restart 2 of 3 in 1 min) in 100 ms", next());
        assertTrue(next().startsWith("flaky ready again"));
        assertTrue(started.get(1).isAlive());
    }

    @Test
    void afterStop_anEndIsExpected_andNothingIsStarted() throws Exception {
        Supervisor s = new Supervisor("sleeper", () -> run(sleeper()), QUICK, console::add, () -> { });
        Process first = sleeper();
        s.supervise(run(first));
        s.stop();
        first.destroyForcibly();
        first.waitFor(5, TimeUnit.SECONDS);
        assertNull(console.poll(500, TimeUnit.MILLISECONDS));
        assertEquals(1, started.size());
        assertFalse(s.gaveUp());
    }

    @Test
    void aStopDuringTheBackoff_callsTheRestartOff() throws Exception {
        Supervisor s = new Supervisor("sleeper", () -> run(sleeper()),
            new RestartPolicy(2, Duration.ofMinutes(1), Duration.ofMillis(800), Duration.ofMillis(800)), console::add,
            () -> { });
        Process first = sleeper();
        s.supervise(run(first));
        first.destroyForcibly();
        assertTrue(next().endsWith("in 800 ms"));
        s.stop();
        assertNull(console.poll(1500, TimeUnit.MILLISECONDS));
        assertEquals(1, started.size());
    }

    @Test
    void restartsAreOff_withZero() throws Exception {
        CountDownLatch gaveUp = new CountDownLatch(1);
        Supervisor s = new Supervisor("once", () -> run(sleeper()), RestartPolicy.limit(0, Duration.ofMinutes(10)),
            console::add, gaveUp::countDown);
        Process first = sleeper();
        s.supervise(run(first));
        first.destroyForcibly();
        assertEquals("once exited with code 137; not restarted (restarts are off)", next());
        assertTrue(gaveUp.await(5, TimeUnit.SECONDS));
    }

    private static void awaitFile(Path f) throws InterruptedException {
        for (int i = 0; i < 100 && !Files.exists(f); i++) {
            Thread.sleep(50);
        }
    }
}
