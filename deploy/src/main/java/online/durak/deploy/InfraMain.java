package online.durak.deploy;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Starts the infrastructure and keeps it running until Ctrl-C or SIGTERM. Its options ({@link InfraOptions}, each also
 * from the environment; an option wins; {@code --help} lists them): {@code --data}, {@code --kafka-port},
 * {@code --pg-port}, {@code --partitions}, {@code --pg-url}, {@code --pg-user}, {@code --pg-password},
 * {@code --watch-pid}, {@code --control-port} ({@link InfraControl}).
 *
 * When everything is up it prints the addresses and the line {@value #READY_LINE}. With {@code --control-port}
 * the port is in {@code infra.properties} as {@value InfraControl#KEY_PORT}.
 *
 * <p>An embedded PostgreSQL whose postmaster dies is started again on the same port ({@link RestartPolicy#DEFAULT});
 * when it cannot be kept running, or the Kafka broker stops unexpectedly, everything is stopped and the JVM exits
 * with status 1.
 *
 * <p>With {@code --watch-pid} the launcher also reads {@code <data>/watchers/}: a file there named after a
 * process id (e.g. another Maven build that reuses this infrastructure) keeps it running as long as that
 * process lives. It stops cleanly (like SIGTERM) once every watched process has ended.
 */
public final class InfraMain {

    public static final String READY_LINE = "DURAK INFRA READY";

    private InfraMain() {
    }

    /** The folder under the data folder whose file names are further process ids to watch. */
    public static final String WATCHERS_DIR = "watchers";

    /**
     * What the command line asks for: the infrastructure, the processes whose end stops it, and the control port
     * (-1: none, 0: any free one).
     */
    record Options(Infra.Config config, List<Long> watchPids, int controlPort) {
    }

    /** The command line. */
    @Command(name = "InfraMain", sortOptions = false, usageHelpWidth = 110,
            description = "Starts Kafka (KRaft) and PostgreSQL and keeps them running until Ctrl-C or SIGTERM.",
            footer = "Each option also from its environment variable; an option wins. Port 0 = any free port.")
    static final class Line {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this and exit")
        boolean help;

        @Mixin
        InfraOptions infra;
    }

    public static void main(String[] args) throws InterruptedException {
        Options options = Cli.orExit(new Line(), System.getenv(), () -> parseOptions(args, System.getenv()));
        Infra.Config config = options.config();
        List<Long> watchPids = options.watchPids();
        int controlPort = options.controlPort();
        Infra infra = new Infra(config);
        infra.stopOnShutdown();
        infra.onFailure(InfraMain::fatal);
        if (controlPort >= 0) {
            InfraControl control = InfraControl.open(infra, controlPort);
            infra.withProperty(InfraControl.KEY_PORT, String.valueOf(control.port()));
        }
        if (!watchPids.isEmpty()) {
            // set up before starting, so that a build that ends while we start does not leave us behind;
            // System.exit runs the shutdown hook, which waits for start() and then stops everything
            watch(watchPids, config.dataDir().toAbsolutePath().normalize().resolve(WATCHERS_DIR));
        }
        try {
            infra.start();
        } catch (RuntimeException e) {
            System.err.println("error: infrastructure did not start: " + e);
            e.printStackTrace();
            System.exit(1);
            return;
        }
        infra.supervisePostgres(RestartPolicy.DEFAULT, line -> {
            System.out.println(line);
            System.out.flush();
        });
        Map<String, String> p = infra.properties();
        System.out.println();
        System.out.println("Kafka bootstrap servers : " + p.get(Infra.KEY_BOOTSTRAP));
        System.out.println("Topics                  : " + String.join(", ", Infra.TOPICS)
            + " (" + config.partitions() + " partitions)");
        System.out.println("PostgreSQL JDBC URL     : " + p.get(Infra.KEY_JDBC_URL)
            + (infra.postgres().isExternal() ? "  (external)" : "  (embedded)"));
        System.out.println("PostgreSQL reactive URL : " + p.get(Infra.KEY_REACTIVE_URL));
        System.out.println("PostgreSQL user/password: " + p.get(Infra.KEY_PG_USER) + " / " + p.get(Infra.KEY_PG_PASSWORD));
        System.out.println("Data folder             : " + infra.dataDir());
        if (p.containsKey(InfraControl.KEY_PORT)) {
            System.out.println("Control port            : 127.0.0.1:" + p.get(InfraControl.KEY_PORT)
                + " (restart kafka | restart postgres | ping)");
        }
        System.out.println("Addresses written to    : " + infra.propertiesFile());
        System.out.println(READY_LINE + " (Ctrl-C or SIGTERM stops it)");
        System.out.flush();
        // the shutdown hook stops Kafka and PostgreSQL; this thread only waits
        new CountDownLatch(1).await();
    }

    /** The infrastructure cannot go on: say so, and exit (the shutdown hook stops what still runs). */
    static void fatal(String message) {
        System.err.println("error: " + message + "; stopping");
        System.err.flush();
        Thread t = new Thread(() -> System.exit(1), "durak-infra-fatal");
        t.setDaemon(true);
        t.start();
    }

    static Infra.Config parse(String[] args, Map<String, String> env) {
        return parseOptions(args, env).config();
    }

    static Options parseOptions(String[] args, Map<String, String> env) {
        return Cli.parse(new Line(), args, env).infra.options();
    }

    /**
     * Exits (running the shutdown hook) once none of {@code pids} nor of the pids named by files in
     * {@code watchersDir} is alive. The given pids are followed with {@link ProcessHandle#onExit()}; the
     * folder is read every second (and again whenever a watched process ends).
     */
    static void watch(List<Long> pids, Path watchersDir) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "durak-infra-watch");
            t.setDaemon(true);
            return t;
        });
        Runnable check = () -> {
            if (!anyAlive(pids, watchersDir)) {
                System.out.println("Every watched process has ended " + pids + "; stopping");
                System.out.flush();
                System.exit(0);
            }
        };
        for (long pid : pids) {
            Optional<ProcessHandle> h = ProcessHandle.of(pid);
            h.ifPresent(p -> p.onExit().thenRun(() -> timer.execute(check)));
        }
        timer.scheduleWithFixedDelay(check, 0, 1, TimeUnit.SECONDS);
    }

    static boolean anyAlive(List<Long> pids, Path watchersDir) {
        Set<Long> all = new HashSet<>(pids);
        all.addAll(watcherPids(watchersDir));
        for (long pid : all) {
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return true;
            }
        }
        return false;
    }

    /** The process ids named by the files in {@code dir}; files of ended processes are removed. */
    static Set<Long> watcherPids(Path dir) {
        Set<Long> pids = new HashSet<>();
        if (!Files.isDirectory(dir)) {
            return pids;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                long pid;
                try {
                    pid = Long.parseLong(f.getFileName().toString());
                } catch (NumberFormatException e) {
                    continue;
                }
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    pids.add(pid);
                } else {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException e) {
            // an unreadable folder keeps nobody alive
        }
        return pids;
    }
}
