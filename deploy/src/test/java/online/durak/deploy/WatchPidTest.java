package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --watch-pid}: parsing, and which processes keep the launcher alive. No servers here. */
class WatchPidTest {

    @Test
    void watchPidsComeFromOptionsOrEnvironment() {
        assertEquals(List.of(), InfraMain.parseOptions(new String[0], Map.of()).watchPids());
        assertEquals(List.of(42L, 43L),
            InfraMain.parseOptions(new String[] {"--watch-pid", "42", "--watch-pid=43"}, Map.of()).watchPids());
        assertEquals(List.of(7L), InfraMain.parseOptions(new String[0], Map.of("DURAK_WATCH_PID", "7")).watchPids());
        assertEquals(List.of(8L), InfraMain.parseOptions(new String[] {"--watch-pid", "8"},
            Map.of("DURAK_WATCH_PID", "7")).watchPids());
        var withPorts = InfraMain.parseOptions(new String[] {"--kafka-port", "0", "--pg-port", "0", "--watch-pid", "9"},
            Map.of());
        assertEquals(0, withPorts.config().kafkaPort());
        assertEquals(0, withPorts.config().pgPort());
        assertThrows(IllegalArgumentException.class,
            () -> InfraMain.parseOptions(new String[] {"--watch-pid", "x"}, Map.of()));
        assertThrows(IllegalArgumentException.class,
            () -> InfraMain.parseOptions(new String[] {"--watch-pid", "0"}, Map.of()));
    }

    @Test
    void aliveWhileAnyWatchedProcessLives(@TempDir Path dir) throws Exception {
        long me = ProcessHandle.current().pid();
        long dead = deadPid();
        Path watchers = dir.resolve(InfraMain.WATCHERS_DIR);
        assertTrue(InfraMain.anyAlive(List.of(me), watchers));
        assertFalse(InfraMain.anyAlive(List.of(dead), watchers));

        Files.createDirectories(watchers);
        Files.createFile(watchers.resolve(Long.toString(me)));
        Files.createFile(watchers.resolve(Long.toString(dead)));
        Files.createFile(watchers.resolve("not-a-pid"));
        assertTrue(InfraMain.anyAlive(List.of(dead), watchers));
        assertEquals(Set.of(me), InfraMain.watcherPids(watchers));
        assertFalse(Files.exists(watchers.resolve(Long.toString(dead))), "an ended process's file is removed");
    }

    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }
}
