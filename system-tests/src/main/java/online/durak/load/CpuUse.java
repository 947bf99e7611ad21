package online.durak.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * CPU time used by the processes of the system under load (the launcher JVM with Kafka, each service it
 * started, the embedded PostgreSQL) and by this tool: where a move's cost goes. Finds them from the data folder:
 * the launcher's pid in {@code infra.properties} and its children, the postmaster's pid in
 * {@code postgres/pgdata/postmaster.pid} and its children. Each of the launcher's children is named as the launcher's
 * {@code services.pids} names it ({@code table-service-2} for a second edge, {@code haproxy}), else by its jar.
 * Processes of the same user only.
 */
final class CpuUse {

    private static final List<String> SERVICES = List.of("table-service", "rules-service", "matchmaking-service",
        "leaderboard-service", "bot-service");

    private final Optional<ProcessHandle> launcher;
    private final Optional<ProcessHandle> postmaster;
    private final Path data;

    CpuUse(long launcherPid, Path data) {
        this.launcher = ProcessHandle.of(launcherPid);
        this.postmaster = postmasterPid(data).flatMap(ProcessHandle::of);
        this.data = data;
    }

    /** CPU time so far, by name. */
    Map<String, Duration> now() {
        Map<String, Duration> m = new TreeMap<>();
        add(m, "load tool", ProcessHandle.current());
        launcher.ifPresent(l -> {
            add(m, "launcher+kafka", l);
            Map<Long, String> names = names();
            l.children().forEach(c -> add(m, names.getOrDefault(c.pid(), serviceOf(c)), c));
        });
        postmaster.ifPresent(p -> {
            add(m, "postgres", p);
            p.children().forEach(c -> add(m, "postgres", c));
        });
        return m;
    }

    /** What each used between two snapshots. */
    static Map<String, Duration> between(Map<String, Duration> before, Map<String, Duration> after) {
        Map<String, Duration> d = new LinkedHashMap<>();
        after.forEach((k, v) -> d.put(k, v.minus(before.getOrDefault(k, Duration.ZERO))));
        return d;
    }

    private static void add(Map<String, Duration> m, String name, ProcessHandle p) {
        p.info().totalCpuDuration().ifPresent(d -> m.merge(name, d, Duration::plus));
    }

    private static String serviceOf(ProcessHandle p) {
        String line = p.info().commandLine().orElse("");
        return SERVICES.stream().filter(s -> line.contains("/" + s + "/")).findFirst().orElse("other");
    }

    /** The launcher's {@code services.pids}: pid, name, ... a line. */
    private Map<Long, String> names() {
        Map<Long, String> names = new TreeMap<>();
        try {
            for (String l : Files.readAllLines(data.resolve("services.pids"))) {
                String[] f = l.split("\t", 3);
                if (f.length >= 2) {
                    names.put(Long.parseLong(f[0].trim()), f[1]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return Map.of(); // not there (yet): by their jars
        }
        return names;
    }

    private static Optional<Long> postmasterPid(Path data) {
        try {
            List<String> lines = Files.readAllLines(data.resolve("postgres/pgdata/postmaster.pid"));
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty(); // an external PostgreSQL, or another user's
        }
    }
}
