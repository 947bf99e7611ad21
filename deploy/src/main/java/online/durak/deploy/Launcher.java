package online.durak.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The whole system on one machine: the infrastructure ({@link Infra}, in this JVM) and every service as its
 * own JVM, until Ctrl-C or SIGTERM. {@code deploy/start.sh} builds what is needed and runs this.
 *
 * <pre>
 * options (the infrastructure's options and environment are {@link InfraMain}'s):
 *   --home DIR            DURAK_HOME            the repository, where the services' jars are (default .)
 *   --data DIR            DURAK_DATA_DIR        data folder: infrastructure and logs/ (default ./data)
 *   --http-port-base N    DURAK_HTTP_PORT_BASE  table-service on N, the others on N+1.. (default 8080; 0 = any)
 *   --services A,B        DURAK_SERVICES        which services (default: all five)
 *   --ready-timeout S     DURAK_READY_TIMEOUT   seconds to wait for every service (default 240)
 *   --max-restarts N      DURAK_MAX_RESTARTS    restarts of one service within the window (default 5; 0 = none)
 *   --restart-window S    DURAK_RESTART_WINDOW  that window in seconds (default 600)
 *   --kafka-port N, --pg-port N, --partitions N, --pg-url URL, --pg-user U, --pg-password P, --watch-pid PID,
 *   --control-port N (InfraControl: restart Kafka or PostgreSQL on request)
 * </pre>
 *
 * Each service gets the infrastructure's addresses in its environment ({@link ServiceProcess#infraEnvironment}) and
 * the token key pair ({@link TokenKeys}: {@code <data>/jwt-private.pem} and {@code jwt-public.pem}, made once per data
 * folder so tokens outlive a restart, passed as the paths {@value TokenKeys#ENV_PRIVATE_KEY} and
 * {@value TokenKeys#ENV_PUBLIC_KEY}) unless both are set, the daily secret ({@link DailySecretFile}:
 * {@code <data>/daily-secret}, made once, its path {@value DailySecretFile#ENV}) unless set,
 * and {@value #ENV_BOT_URL}, where the bot service listens (the table service asks it for hints), and
 * {@value #ENV_LEADERBOARD_URL}, where the leaderboard service listens (the table service forwards its paths there,
 * matchmaking asks it for ratings), and {@value #ENV_MATCHMAKING_URL}, where the matchmaking service listens (the
 * table service forwards quick match and the daily game there), unless set.
 * Each service's output goes to {@code <data>/logs/<service>.log}. Once every service answers
 * {@code /q/health/ready} it prints the API's addresses and the line {@value #READY_LINE}. On Ctrl-C or
 * SIGTERM it stops the services (SIGTERM to all at once, a grace period, then kill), then Kafka and PostgreSQL.
 *
 * <p>Supervision ({@link Supervisor}, {@link RestartPolicy}): a service that exits on its own once it was ready is
 * started again with the same command, port and environment after 1 s, 2 s, 4 s … (at most 30 s), at most
 * {@code --max-restarts} times within {@code --restart-window}; beyond that it stays down, said so on the
 * console, and the rest keeps running. The embedded PostgreSQL is supervised the same way, but when it cannot be
 * kept running, or the Kafka broker (in this JVM) stops unexpectedly, the whole system is stopped cleanly and the
 * launcher exits with status 1.
 */
public final class Launcher {

    public static final String READY_LINE = "DURAK READY";
    public static final String STOPPED_LINE = "DURAK STOPPED";
    public static final int DEFAULT_HTTP_PORT_BASE = 8080;
    /** The bot service's address, for the services that call it (the table service: hints). */
    public static final String ENV_BOT_URL = "DURAK_BOT_URL";
    /** The leaderboard service's address: the table service forwards board requests there, matchmaking reads ratings. */
    public static final String ENV_LEADERBOARD_URL = "DURAK_LEADERBOARD_URL";
    /** The matchmaking service's address: the table service forwards quick match and the daily game there. */
    public static final String ENV_MATCHMAKING_URL = "DURAK_MATCHMAKING_URL";
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    /** What the command line asks for. */
    record Options(Path home, int httpPortBase, List<String> services, Duration readyTimeout,
                   RestartPolicy restartPolicy, InfraMain.Options infra) {
    }

    private final Options options;
    private final Infra infra;
    private final Path logDir;
    /** The current process of each service started (a restart replaces it). */
    private final Map<String, ServiceProcess> running = new LinkedHashMap<>();
    private final List<Supervisor> supervisors = new ArrayList<>();
    private boolean stopping;

    private Launcher(Options options) {
        this.options = options;
        this.infra = new Infra(options.infra().config());
        this.logDir = infra.dataDir().resolve("logs");
    }

    public static void main(String[] args) throws InterruptedException {
        Options options;
        try {
            options = parse(args, System.getenv());
            for (String s : options.services()) {
                Path jar = ServiceProcess.jarOf(options.home(), s);
                if (!Files.isRegularFile(jar)) {
                    throw new IllegalArgumentException(jar + " is missing: build first "
                        + "(mvn -B -ntp -DskipTests install, or deploy/start.sh without --no-build)");
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(usage());
            System.exit(2);
            return;
        }
        Launcher launcher = new Launcher(options);
        Runtime.getRuntime().addShutdownHook(new Thread(launcher::stop, "durak-launcher-shutdown"));
        launcher.infra.onFailure(launcher::fatal);
        if (!options.infra().watchPids().isEmpty()) {
            InfraMain.watch(options.infra().watchPids(), launcher.infra.dataDir().resolve(InfraMain.WATCHERS_DIR));
        }
        try {
            launcher.start();
        } catch (RuntimeException e) {
            System.err.println("error: the system did not start: " + e.getMessage());
            System.exit(1);
            return;
        }
        new CountDownLatch(1).await(); // the shutdown hook does the rest
    }

    private void start() {
        long t0 = System.nanoTime();
        int orphans = ServicePids.stopOrphans(infra.dataDir(), STOP_GRACE); // left by a launcher killed with -9
        if (orphans > 0) {
            System.out.println("Stopped " + orphans + " service(s) left running by an earlier launcher");
        }
        if (options.infra().controlPort() >= 0) {
            InfraControl control = InfraControl.open(infra, options.infra().controlPort());
            infra.withProperty(InfraControl.KEY_PORT, String.valueOf(control.port()));
        }
        System.out.println("Starting Kafka and PostgreSQL (data in " + infra.dataDir() + ") ...");
        infra.start();
        Map<String, String> p = infra.properties();
        Map<String, String> env = ServiceProcess.infraEnvironment(p.get(Infra.KEY_BOOTSTRAP),
            p.get(Infra.KEY_REACTIVE_URL), p.get(Infra.KEY_JDBC_URL), p.get(Infra.KEY_PG_USER),
            p.get(Infra.KEY_PG_PASSWORD), options.infra().config().partitions());
        if (System.getenv(TokenKeys.ENV_PRIVATE_KEY) == null || System.getenv(TokenKeys.ENV_PUBLIC_KEY) == null) {
            env.putAll(TokenKeys.environment(infra.dataDir()));
        }
        if (System.getenv(DailySecretFile.ENV) == null) {
            env.putAll(DailySecretFile.environment(infra.dataDir()));
        }
        Map<String, Integer> ports = ports(options.services(), options.httpPortBase());
        String botUrl = botUrl(ports, options.httpPortBase());
        if (System.getenv(ENV_BOT_URL) == null && botUrl != null) {
            env.put(ENV_BOT_URL, botUrl);
        }
        String leaderboardUrl = serviceUrl(ports, options.httpPortBase(), "leaderboard-service");
        if (System.getenv(ENV_LEADERBOARD_URL) == null && leaderboardUrl != null) {
            env.put(ENV_LEADERBOARD_URL, leaderboardUrl);
        }
        String matchmakingUrl = serviceUrl(ports, options.httpPortBase(), "matchmaking-service");
        if (System.getenv(ENV_MATCHMAKING_URL) == null && matchmakingUrl != null) {
            env.put(ENV_MATCHMAKING_URL, matchmakingUrl);
        }
        System.out.println("Infrastructure ready; starting " + String.join(", ", options.services())
            + " (logs in " + logDir + ") ...");
        List<ServiceProcess> started = new ArrayList<>();
        List<String> javaOpts = ServiceProcess.defaultJavaOpts();
        for (String name : options.services()) {
            synchronized (this) {
                if (stopping) {
                    return;
                }
                ServiceProcess s = ServiceProcess.start(name, ServiceProcess.jarOf(options.home(), name),
                    ports.get(name), env, javaOpts, Map.of(), logDir.resolve(name + ".log"));
                running.put(name, s);
                started.add(s);
                ServicePids.record(infra.dataDir(), name, s.process());
            }
        }
        long deadline = System.nanoTime() + options.readyTimeout().toNanos();
        for (ServiceProcess s : started) {
            s.awaitReady(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            System.out.println("  " + s.name() + " ready on port " + s.port());
        }
        synchronized (this) {
            if (stopping) {
                return;
            }
            for (ServiceProcess s : started) {
                supervisors.add(supervise(s, env, javaOpts));
            }
        }
        infra.supervisePostgres(options.restartPolicy(), Launcher::console);
        printReady(p, ports, (System.nanoTime() - t0) / 1_000_000);
    }

    /** Starts {@code first}'s service again, the same way, whenever it exits on its own (see the class comment). */
    private Supervisor supervise(ServiceProcess first, Map<String, String> env, List<String> javaOpts) {
        String name = first.name();
        Supervisor.Target target = () -> {
            ServiceProcess next;
            synchronized (this) {
                if (stopping) {
                    throw new IllegalStateException("the system is stopping");
                }
                next = ServiceProcess.start(name, first.jar(), first.port(), env, javaOpts, Map.of(), first.log());
                running.put(name, next);
                ServicePids.replace(infra.dataDir(), name, next.process());
            }
            try {
                next.awaitReady(options.readyTimeout());
            } catch (RuntimeException e) {
                next.stop(Duration.ofSeconds(5));
                throw e;
            }
            return Supervisor.Run.of("on port " + next.port() + " (pid " + next.pid() + ")", next.process());
        };
        return new Supervisor(name, target, options.restartPolicy(), Launcher::console,
            () -> console("  " + name + ": see " + first.log() + "; the rest of the system keeps running"
                + " (stop it and start again to retry)"))
            .supervise(Supervisor.Run.of("on port " + first.port(), first.process()));
    }

    private static void console(String line) {
        System.out.println(line);
        System.out.flush();
    }

    /** The infrastructure cannot go on (the Kafka broker failed, PostgreSQL cannot be kept up): stop everything. */
    private void fatal(String message) {
        synchronized (this) {
            if (stopping) {
                return;
            }
        }
        System.err.println("error: " + message + "; stopping the whole system");
        System.err.flush();
        Thread t = new Thread(() -> System.exit(1), "durak-launcher-fatal"); // the shutdown hook stops everything
        t.setDaemon(true);
        t.start();
    }

    private void printReady(Map<String, String> p, Map<String, Integer> ports, long millis) {
        StringBuilder services = new StringBuilder();
        ports.forEach((name, port) -> services.append(services.length() == 0 ? "" : ", ").append(name)
            .append(" :").append(port));
        System.out.println();
        if (ports.containsKey("table-service")) {
            String base = "http://localhost:" + ports.get("table-service");
            System.out.println("Web client : " + base + "/");
            System.out.println("API        : " + base + "/api");
            System.out.println("OpenAPI    : " + base + "/q/openapi");
            System.out.println("Swagger UI : " + base + "/q/swagger-ui");
        }
        System.out.println("Services   : " + services);
        System.out.println("Logs       : " + logDir);
        System.out.println("Kafka      : " + p.get(Infra.KEY_BOOTSTRAP) + " (" + options.infra().config().partitions()
            + " partitions per topic)");
        System.out.println("PostgreSQL : " + p.get(Infra.KEY_JDBC_URL)
            + (infra.postgres().isExternal() ? " (external)" : " (embedded)"));
        System.out.println("Data folder: " + infra.dataDir());
        System.out.println(READY_LINE + " in " + millis / 1000 + " s (Ctrl-C or SIGTERM stops everything)");
        System.out.flush();
    }

    /** Services first (all asked at once, then waited for), then the infrastructure. */
    private void stop() {
        List<Supervisor> sups;
        synchronized (this) {
            sups = new ArrayList<>(supervisors);
        }
        sups.forEach(Supervisor::stop); // no restarts from now on
        List<ServiceProcess> toStop;
        synchronized (this) {
            stopping = true;
            toStop = new ArrayList<>(running.values());
        }
        long t0 = System.nanoTime();
        System.out.println("Stopping " + toStop.size() + " service(s) ...");
        for (ServiceProcess s : toStop) {
            s.process().destroy();
        }
        for (ServiceProcess s : toStop) {
            s.stop(STOP_GRACE);
        }
        ServicePids.clear(infra.dataDir());
        System.out.println("Services stopped in " + (System.nanoTime() - t0) / 1_000_000 + " ms; stopping Kafka and"
            + " PostgreSQL ...");
        infra.stop();
        System.out.println(STOPPED_LINE + " in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        System.out.flush();
    }

    /**
     * The bot service's address: its port among those started, else {@code base} + its place when ports are fixed
     * (a bot service started apart), else null (the services' own default).
     */
    static String botUrl(Map<String, Integer> ports, int base) {
        return serviceUrl(ports, base, "bot-service");
    }

    /** Where a service listens: its port here, or its default port after {@code base} when not started here. */
    static String serviceUrl(Map<String, Integer> ports, int base, String service) {
        Integer port = ports.get(service);
        if (port == null && base != 0) {
            port = base + ServiceProcess.SERVICES.indexOf(service);
        }
        return port == null ? null : "http://127.0.0.1:" + port;
    }

    /** table-service on {@code base}, the others after it in {@link ServiceProcess#SERVICES} order; 0 = free ports. */
    static Map<String, Integer> ports(List<String> services, int base) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        List<Integer> taken = new ArrayList<>();
        for (String s : services) {
            int port;
            if (base == 0) {
                port = ServiceProcess.freePort(taken.stream().mapToInt(Integer::intValue).toArray());
            } else {
                port = base + ServiceProcess.SERVICES.indexOf(s);
            }
            taken.add(port);
            ports.put(s, port);
        }
        return ports;
    }

    static Options parse(String[] args, Map<String, String> env) {
        Path home = Path.of(env.getOrDefault("DURAK_HOME", "."));
        String portBase = env.getOrDefault("DURAK_HTTP_PORT_BASE", String.valueOf(DEFAULT_HTTP_PORT_BASE));
        String services = env.getOrDefault("DURAK_SERVICES", String.join(",", ServiceProcess.SERVICES));
        String timeout = env.getOrDefault("DURAK_READY_TIMEOUT", "240");
        String maxRestarts = env.getOrDefault("DURAK_MAX_RESTARTS", String.valueOf(RestartPolicy.DEFAULT_MAX_RESTARTS));
        String window = env.getOrDefault("DURAK_RESTART_WINDOW", String.valueOf(RestartPolicy.DEFAULT_WINDOW.toSeconds()));
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                System.out.println(usage());
                System.exit(0);
            }
            int eq = a.indexOf('=');
            String name = a.startsWith("--") && eq > 0 ? a.substring(0, eq) : a;
            boolean own = switch (name) {
                case "--home", "--http-port-base", "--services", "--ready-timeout", "--max-restarts",
                    "--restart-window" -> true;
                default -> false;
            };
            if (!own) {
                rest.add(a);
                continue;
            }
            String value;
            if (eq > 0) {
                value = a.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new IllegalArgumentException("missing value for " + a);
            }
            switch (name) {
                case "--home" -> home = Path.of(value);
                case "--http-port-base" -> portBase = value;
                case "--services" -> services = value;
                case "--max-restarts" -> maxRestarts = value;
                case "--restart-window" -> window = value;
                default -> timeout = value;
            }
        }
        int base = number("http port base", portBase);
        if (base < 0 || base > 65535 - ServiceProcess.SERVICES.size()) {
            throw new IllegalArgumentException("http port base out of range: " + base);
        }
        List<String> chosen = new ArrayList<>();
        for (String s : services.split(",")) {
            String n = s.trim();
            if (n.isEmpty()) {
                continue;
            }
            if (!ServiceProcess.SERVICES.contains(n)) {
                throw new IllegalArgumentException("unknown service " + n + " (known: "
                    + String.join(", ", ServiceProcess.SERVICES) + ")");
            }
            if (!chosen.contains(n)) {
                chosen.add(n);
            }
        }
        // start in the fixed order, whatever order they were named in
        chosen.sort((x, y) -> ServiceProcess.SERVICES.indexOf(x) - ServiceProcess.SERVICES.indexOf(y));
        int restarts = number("max restarts", maxRestarts);
        int windowSeconds = number("restart window", window);
        if (restarts < 0 || windowSeconds < 1) {
            throw new IllegalArgumentException("max restarts must be >= 0 and the restart window >= 1 s: "
                + restarts + ", " + windowSeconds);
        }
        return new Options(home.toAbsolutePath().normalize(), base, List.copyOf(chosen),
            Duration.ofSeconds(number("ready timeout", timeout)),
            RestartPolicy.limit(restarts, Duration.ofSeconds(windowSeconds)),
            InfraMain.parseOptions(rest.toArray(String[]::new), env));
    }

    private static int number(String what, String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " is not a number: " + v);
        }
    }

    static String usage() {
        return String.join("\n",
            "usage: deploy/start.sh [--no-build] [--data DIR] [--http-port-base N] [--services A,B,...]",
            "                       [--ready-timeout S] [--kafka-port N] [--pg-port N] [--partitions N]",
            "                       [--pg-url URL [--pg-user U] [--pg-password P]] [--watch-pid PID]",
            "                       [--max-restarts N] [--restart-window S] [--control-port N]",
            "  defaults: --data data --http-port-base 8080 (table-service; rules 8081, matchmaking 8082,",
            "            leaderboard 8083, bot 8084) --kafka-port 9092 --pg-port 5432 --partitions 12",
            "            --max-restarts 5 --restart-window 600 (a service that exits is started again after",
            "            1 s, 2 s, 4 s ... at most 30 s, at most N times within S seconds; 0 = never);",
            "            port 0 = any free port; services: " + String.join(",", ServiceProcess.SERVICES),
            "  environment: DURAK_HOME, DURAK_DATA_DIR, DURAK_HTTP_PORT_BASE, DURAK_SERVICES, DURAK_READY_TIMEOUT,",
            "               DURAK_MAX_RESTARTS, DURAK_RESTART_WINDOW,",
            "               DURAK_KAFKA_PORT, DURAK_PG_PORT, DURAK_PARTITIONS, DURAK_PG_URL, DURAK_PG_USER,",
            "               DURAK_PG_PASSWORD, DURAK_SERVICE_JAVA_OPTS (default \"" + ServiceProcess.DEFAULT_JAVA_OPTS
                + "\"); options win; DURAK_BOT_URL, DURAK_LEADERBOARD_URL, DURAK_MATCHMAKING_URL",
            "               (default: the bot, leaderboard and matchmaking services' ports here)",
            "  logs: <data>/logs/<service>.log; Ctrl-C or SIGTERM stops everything");
    }
}
