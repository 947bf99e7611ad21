package online.durak.deploy;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Starts the infrastructure and keeps it running until Ctrl-C or SIGTERM.
 *
 * <pre>
 * options (each also from the environment; an option wins):
 *   --data DIR          DURAK_DATA_DIR       data folder                 (default ./data)
 *   --kafka-port N      DURAK_KAFKA_PORT     Kafka client port, 0 = any  (default 9092)
 *   --pg-port N         DURAK_PG_PORT        PostgreSQL port, 0 = any    (default 5432)
 *   --partitions N      DURAK_PARTITIONS     partitions per topic        (default 12)
 *   --pg-url URL        DURAK_PG_URL         use this PostgreSQL instead of starting one
 *   --pg-user U         DURAK_PG_USER        its user     (default: from the URL, else durak)
 *   --pg-password P     DURAK_PG_PASSWORD    its password (default: from the URL, else durak)
 *   --watch-pid PID     DURAK_WATCH_PID      stop when that process ends (repeatable)
 *   --control-port N    DURAK_CONTROL_PORT   listen on 127.0.0.1:N for restart commands, 0 = any ({@link InfraControl})
 * </pre>
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

    public static void main(String[] args) throws InterruptedException {
        Infra.Config config;
        List<Long> watchPids;
        int controlPort;
        try {
            Options options = parseOptions(args, System.getenv());
            config = options.config();
            watchPids = options.watchPids();
            controlPort = options.controlPort();
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(usage());
            System.exit(2);
            return;
        }
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
        List<Long> watchPids = new ArrayList<>();
        if (env.get("DURAK_WATCH_PID") != null && !env.get("DURAK_WATCH_PID").isBlank()) {
            watchPids.add(pid(env.get("DURAK_WATCH_PID")));
        }
        boolean watchFromArgs = false;
        String data = env.getOrDefault("DURAK_DATA_DIR", "data");
        String kafkaPort = env.getOrDefault("DURAK_KAFKA_PORT", "9092");
        String pgPort = env.getOrDefault("DURAK_PG_PORT", "5432");
        String partitions = env.getOrDefault("DURAK_PARTITIONS", String.valueOf(Infra.DEFAULT_PARTITIONS));
        String pgUrl = env.get(EmbeddedPostgresServer.ENV_URL);
        String pgUser = env.get(EmbeddedPostgresServer.ENV_USER);
        String pgPassword = env.get(EmbeddedPostgresServer.ENV_PASSWORD);
        String controlPort = env.get("DURAK_CONTROL_PORT");
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                System.out.println(usage());
                System.exit(0);
            }
            String value;
            String name;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            } else {
                name = a;
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value for " + a);
                }
                value = args[++i];
            }
            switch (name) {
                case "--data" -> data = value;
                case "--kafka-port" -> kafkaPort = value;
                case "--pg-port" -> pgPort = value;
                case "--partitions" -> partitions = value;
                case "--pg-url" -> pgUrl = value;
                case "--pg-user" -> pgUser = value;
                case "--pg-password" -> pgPassword = value;
                case "--control-port" -> controlPort = value;
                case "--watch-pid" -> {
                    if (!watchFromArgs) { // options win over the environment
                        watchPids.clear();
                        watchFromArgs = true;
                    }
                    watchPids.add(pid(value));
                }
                default -> throw new IllegalArgumentException("unknown option " + name);
            }
        }
        Infra.Config config = new Infra.Config(Path.of(data), number("kafka port", kafkaPort),
            number("pg port", pgPort), number("partitions", partitions), blankToNull(pgUrl), blankToNull(pgUser),
            pgPassword);
        int control = blankToNull(controlPort) == null ? -1 : number("control port", controlPort);
        if (control < -1 || control > 65535) {
            throw new IllegalArgumentException("control port out of range: " + control);
        }
        return new Options(config, List.copyOf(watchPids), control);
    }

    private static long pid(String v) {
        try {
            long pid = Long.parseLong(v.trim());
            if (pid <= 0) {
                throw new IllegalArgumentException("watch pid must be positive: " + v);
            }
            return pid;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("watch pid is not a number: " + v);
        }
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

    private static int number(String what, String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " is not a number: " + v);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    static String usage() {
        return String.join("\n",
            "usage: InfraMain [--data DIR] [--kafka-port N] [--pg-port N] [--partitions N]",
            "                 [--pg-url URL [--pg-user U] [--pg-password P]] [--watch-pid PID ...]",
            "                 [--control-port N]",
            "  environment: DURAK_DATA_DIR, DURAK_KAFKA_PORT, DURAK_PG_PORT, DURAK_PARTITIONS,",
            "               DURAK_PG_URL, DURAK_PG_USER, DURAK_PG_PASSWORD, DURAK_WATCH_PID, DURAK_CONTROL_PORT",
            "               (options win)",
            "  defaults: --data data --kafka-port 9092 --pg-port 5432 --partitions 12; port 0 = any free port",
            "  --watch-pid: stop cleanly when that process (and every pid named by a file in <data>/watchers/) ended",
            "  --control-port: take 'restart kafka', 'restart postgres' on 127.0.0.1:N (0 = any; control.port in",
            "            infra.properties), answered 'ok <millis>' once it is up again, or 'error ...'");
    }
}
