package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a launcher killed with -9 left running is stopped by the next launcher on the same data folder. */
class ServicePidsTest {

    @Test
    void listedProcessesStillRunningTheirProgramAreStopped(@TempDir Path data) throws Exception {
        Process orphan = new ProcessBuilder("sleep", "3000").start();
        try {
            ServicePids.record(data, "table-service", orphan);
            assertTrue(Files.readString(data.resolve(ServicePids.FILE)).contains("\ttable-service\t3000"));
            assertEquals(1, ServicePids.stopOrphans(data, Duration.ofSeconds(5)));
            assertTrue(orphan.waitFor(5, TimeUnit.SECONDS), "the orphan was stopped");
            assertFalse(Files.exists(data.resolve(ServicePids.FILE)), "the list is cleared");
            assertEquals(0, ServicePids.stopOrphans(data, Duration.ofSeconds(5)), "nothing listed any more");
        } finally {
            orphan.destroyForcibly();
        }
    }

    @Test
    void aPidThatNowRunsAnotherProgramIsLeftAlone(@TempDir Path data) throws Exception {
        Process other = new ProcessBuilder("sleep", "3000").start();
        try {
            // the pid was a service's once; now it runs something else (another last argument)
            Files.writeString(data.resolve(ServicePids.FILE), other.pid() + "\trules-service\t/x/quarkus-run.jar\n"
                + ProcessHandle.current().pid() + "\tbot-service\t/y/quarkus-run.jar\n" + "garbage line\n");
            assertEquals(0, ServicePids.stopOrphans(data, Duration.ofSeconds(5)));
            assertTrue(other.isAlive());
            assertFalse(Files.exists(data.resolve(ServicePids.FILE)));
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void aRestartedServiceReplacesItsLine(@TempDir Path data) throws Exception {
        Process first = new ProcessBuilder("sleep", "3001").start();
        Process other = new ProcessBuilder("sleep", "3002").start();
        Process again = new ProcessBuilder("sleep", "3003").start();
        try {
            ServicePids.record(data, "rules-service", first);
            ServicePids.record(data, "bot-service", other);
            ServicePids.replace(data, "rules-service", again);
            assertEquals(java.util.List.of(other.pid() + "\tbot-service\t3002", again.pid() + "\trules-service\t3003"),
                Files.readAllLines(data.resolve(ServicePids.FILE)));
            assertEquals(2, ServicePids.stopOrphans(data, Duration.ofSeconds(5)));
            assertTrue(first.isAlive(), "no longer listed");
        } finally {
            first.destroyForcibly();
            other.destroyForcibly();
            again.destroyForcibly();
        }
    }
}
