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
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The whole system on one machine: the infrastructure ({@link Infra}, in this JVM) and every service as its
 * own JVM, until Ctrl-C or SIGTERM. {@code deploy/start.sh} builds what is needed and runs this.
 *
 * <p>Its options ({@link Line}, read by picocli through {@link Cli}; each also from an environment variable, an option
 * wins; {@code deploy/start.sh --help} lists them): {@code --home}, {@code --http-port-base}, {@code --services},
 * {@code --ready-timeout}, {@code --max-restarts}, {@code --restart-window}, and the infrastructure's
 * ({@link InfraOptions}: {@code --data}, {@code --kafka-port}, {@code --pg-port}, ...).
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
 * {@code /q/health/ready} on its management port ({@code --management-port-base}: health and metrics are never served
 * on the public ports) it prints the API's addresses and the line {@value #READY_LINE}. On Ctrl-C or
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
    record Options(Path home, int httpPortBase, int managementPortBase, List<String> services, Duration readyTimeout,
                   RestartPolicy restartPolicy, InfraMain.Options infra) {
    }

    /** How far the management ports (health, metrics) are from the HTTP ports unless given: 8080 → 9080. */
    static final int MANAGEMENT_OFFSET = 1000;

    /** The command line (see README.md "Start the system"). */
    @Command(name = "deploy/start.sh", sortOptions = false, usageHelpWidth = 110,
            customSynopsis = "deploy/start.sh [--no-build] [OPTION]...",
            description = "Starts Kafka, PostgreSQL and the five services on this machine until Ctrl-C or SIGTERM "
                    + "(building first unless --no-build, or when every jar is newer than the sources).",
            footer = {"Each option also from its environment variable; an option wins. Also read: "
                    + "DURAK_SERVICE_JAVA_OPTS (each service's JVM, default \"" + ServiceProcess.DEFAULT_JAVA_OPTS
                    + "\"), DURAK_LAUNCHER_JAVA_OPTS; DURAK_BOT_URL, DURAK_LEADERBOARD_URL, DURAK_MATCHMAKING_URL "
                    + "(default: the bot, leaderboard and matchmaking services' ports here).",
                "Logs: <data>/logs/<service>.log; Ctrl-C or SIGTERM stops everything."})
    static final class Line {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this and exit")
        boolean help;

        @Option(names = "--home", paramLabel = "DIR", descriptionKey = "DURAK_HOME", defaultValue = ".",
                description = "the repository, where the services' jars are (DURAK_HOME; deploy/start.sh gives it)")
        Path home;

        @Option(names = "--http-port-base", paramLabel = "N", descriptionKey = "DURAK_HTTP_PORT_BASE",
                defaultValue = "" + DEFAULT_HTTP_PORT_BASE,
                description = "table-service on N, rules N+1, matchmaking N+2, leaderboard N+3, bot N+4; 0 = free "
                        + "ports (DURAK_HTTP_PORT_BASE; default ${DEFAULT-VALUE})")
        int httpPortBase;

        @Option(names = "--management-port-base", paramLabel = "N", descriptionKey = "DURAK_MANAGEMENT_PORT_BASE",
                description = "health and metrics (/q/health, /q/metrics; on 127.0.0.1 only) of table-service on N, "
                        + "rules N+1, ... as above; 0 = free ports (DURAK_MANAGEMENT_PORT_BASE; default the HTTP base "
                        + "+ " + MANAGEMENT_OFFSET + ", 9080, and free ports when the HTTP ports are)")
        Integer managementPortBase;

        @Option(names = "--services", paramLabel = "SERVICE", descriptionKey = "DURAK_SERVICES", split = ",",
                description = "start only these (DURAK_SERVICES; default all five: table-service, rules-service, "
                        + "matchmaking-service, leaderboard-service, bot-service)")
        List<String> services;

        @Option(names = "--ready-timeout", paramLabel = "S", descriptionKey = "DURAK_READY_TIMEOUT",
                defaultValue = "240",
                description = "seconds to wait for the services (DURAK_READY_TIMEOUT; default ${DEFAULT-VALUE})")
        int readyTimeout;

        @Option(names = "--max-restarts", paramLabel = "N", descriptionKey = "DURAK_MAX_RESTARTS",
                defaultValue = "" + RestartPolicy.DEFAULT_MAX_RESTARTS,
                description = "restarts of one service (or of PostgreSQL) within the window, after 1 s, 2 s, 4 s ... "
                        + "at most 30 s; 0 = never restart (DURAK_MAX_RESTARTS; default ${DEFAULT-VALUE})")
        int maxRestarts;

        @Option(names = "--restart-window", paramLabel = "S", descriptionKey = "DURAK_RESTART_WINDOW",
                defaultValue = "600",
                description = "that window, in seconds (DURAK_RESTART_WINDOW; default ${DEFAULT-VALUE})")
        int restartWindow;

        @Mixin
        InfraOptions infra;
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
        Options options = Cli.orExit(new Line(), System.getenv(), () -> {
            Options o = parse(args, System.getenv());
            for (String s : o.services()) {
                Path jar = ServiceProcess.jarOf(o.home(), s);
                if (!Files.isRegularFile(jar)) {
                    throw new IllegalArgumentException(jar + " is missing: build first "
                        + "(mvn -B -ntp -DskipTests install, or deploy/start.sh without --no-build)");
                }
            }
            return o;
        });
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
        Map<String, Integer> managementPorts = ports(options.services(), options.managementPortBase());
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
                    ports.get(name), managementPorts.get(name), env, javaOpts, Map.of(), logDir.resolve(name + ".log"));
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
        printReady(p, ports, managementPorts, (System.nanoTime() - t0) / 1_000_000);
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
                next = ServiceProcess.start(name, first.jar(), first.port(), first.managementPort(), env, javaOpts,
                    Map.of(), first.log());
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

    private void printReady(Map<String, String> p, Map<String, Integer> ports, Map<String, Integer> managementPorts,
                            long millis) {
        String services = list(ports);
        System.out.println();
        if (ports.containsKey("table-service")) {
            String base = "http://localhost:" + ports.get("table-service");
            System.out.println("Web client : " + base + "/");
            System.out.println("API        : " + base + "/api");
            System.out.println("OpenAPI    : " + base + "/q/openapi");
            System.out.println("Swagger UI : " + base + "/q/swagger-ui");
        }
        System.out.println("Services   : " + services);
        System.out.println("Management : " + list(managementPorts) + " (/q/health, /q/metrics; 127.0.0.1)");
        System.out.println("Logs       : " + logDir);
        System.out.println("Kafka      : " + p.get(Infra.KEY_BOOTSTRAP) + " (" + options.infra().config().partitions()
            + " partitions per topic)");
        System.out.println("PostgreSQL : " + p.get(Infra.KEY_JDBC_URL)
            + (infra.postgres().isExternal() ? " (external)" : " (embedded)"));
        System.out.println("Data folder: " + infra.dataDir());
        System.out.println(READY_LINE + " in " + millis / 1000 + " s (Ctrl-C or SIGTERM stops everything)");
        System.out.flush();
    }

    /** {@code table-service :8080, rules-service :8081, ...} */
    private static String list(Map<String, Integer> ports) {
        StringBuilder b = new StringBuilder();
        ports.forEach((name, port) -> b.append(b.length() == 0 ? "" : ", ").append(name).append(" :").append(port));
        return b.toString();
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
        Line line = Cli.parse(new Line(), args, env);
        if (line.httpPortBase < 0 || line.httpPortBase > 65535 - ServiceProcess.SERVICES.size()) {
            throw new IllegalArgumentException("http port base out of range: " + line.httpPortBase);
        }
        int managementBase = line.managementPortBase != null ? line.managementPortBase
            : line.httpPortBase == 0 || line.httpPortBase + MANAGEMENT_OFFSET > 65535 - ServiceProcess.SERVICES.size()
                ? 0 : line.httpPortBase + MANAGEMENT_OFFSET;
        if (managementBase < 0 || managementBase > 65535 - ServiceProcess.SERVICES.size()) {
            throw new IllegalArgumentException("management port base out of range: " + managementBase);
        }
        List<String> chosen = new ArrayList<>();
        for (String s : line.services == null ? ServiceProcess.SERVICES : line.services) {
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
        if (line.maxRestarts < 0 || line.restartWindow < 1) {
            throw new IllegalArgumentException("max restarts must be >= 0 and the restart window >= 1 s: "
                + line.maxRestarts + ", " + line.restartWindow);
        }
        return new Options(line.home.toAbsolutePath().normalize(), line.httpPortBase, managementBase, List.copyOf(chosen),
            Duration.ofSeconds(line.readyTimeout),
            RestartPolicy.limit(line.maxRestarts, Duration.ofSeconds(line.restartWindow)), line.infra.options());
    }
}
