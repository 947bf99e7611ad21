package online.durak.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service processes a launcher started, one line each in {@code <data>/services.pids}: pid, name and the last
 * argument of its command line (the service's jar). A launcher killed with -9 cannot stop its services; they keep
 * its ports and follow a broker that is gone. The next launcher on the same data folder stops them first, as it
 * stops an orphaned postmaster. The last argument guards against a pid that now belongs to another program.
 */
final class ServicePids {
    static final String FILE = "services.pids";
    private static final Logger LOG = LoggerFactory.getLogger(ServicePids.class);

    private ServicePids() {
    }

    /** Adds a started process to the data folder's list. */
    static synchronized void record(Path dataDir, String name, Process process) {
        try {
            Files.writeString(dataDir.resolve(FILE), line(name, process), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dataDir.resolve(FILE), e);
        }
    }

    /** A service was started again: its line in the list now names the new process (written atomically). */
    static synchronized void replace(Path dataDir, String name, Process process) {
        Path file = dataDir.resolve(FILE);
        try {
            StringBuilder sb = new StringBuilder();
            if (Files.isRegularFile(file)) {
                for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    String[] f = l.split("\t", 3);
                    if (!(f.length >= 2 && f[1].equals(name))) {
                        sb.append(l).append('\n');
                    }
                }
            }
            sb.append(line(name, process));
            Path tmp = dataDir.resolve(FILE + ".tmp");
            Files.writeString(tmp, sb.toString(), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static String line(String name, Process process) {
        String last = process.info().arguments().filter(a -> a.length > 0).map(a -> a[a.length - 1]).orElse("");
        return process.pid() + "\t" + name + "\t" + last + "\n";
    }

    /** The list is done with: every process on it was stopped. */
    static void clear(Path dataDir) {
        try {
            Files.deleteIfExists(dataDir.resolve(FILE));
        } catch (IOException e) {
            LOG.warn("cannot delete {}: {}", dataDir.resolve(FILE), e.toString());
        }
    }

    /**
     * Stops every listed process still running the same program (SIGTERM, then a kill after {@code grace}) and
     * clears the list; returns how many it stopped.
     */
    static int stopOrphans(Path dataDir, Duration grace) {
        Path file = dataDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return 0;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        List<ProcessHandle> orphans = new java.util.ArrayList<>();
        for (String line : lines) {
            String[] f = line.split("\t", 3);
            if (f.length < 3) {
                continue;
            }
            long pid;
            try {
                pid = Long.parseLong(f[0]);
            } catch (NumberFormatException e) {
                continue;
            }
            Optional<ProcessHandle> h = ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .filter(p -> p.pid() != ProcessHandle.current().pid())
                .filter(p -> p.info().arguments().filter(a -> a.length > 0 && a[a.length - 1].equals(f[2])).isPresent());
            if (h.isPresent()) { // else it ended, or the pid belongs to another program now
                LOG.warn("Stopping orphaned {} (pid {}) of a launcher that did not stop it", f[1], pid);
                h.get().destroy(); // all asked at once, then waited for
                orphans.add(h.get());
            }
        }
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle h : orphans) {
            try {
                h.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                h.destroyForcibly();
            }
        }
        int stopped = orphans.size();
        clear(dataDir);
        return stopped;
    }
}
