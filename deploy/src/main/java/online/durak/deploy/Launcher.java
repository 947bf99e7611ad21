package online.durak.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
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

    /** The most instances of one service (their ports are 10 apart). */
    static final int MAX_INSTANCES = 9;

    /**
     * What the command line asks for; {@code instances}: how many of each service ({@code table-service}: the edges,
     * HAProxy in front of more than one).
     */
    record Options(Path home, int httpPortBase, int managementPortBase, List<String> services,
                   Map<String, Integer> instances, Duration readyTimeout, RestartPolicy restartPolicy,
                   InfraMain.Options infra) {
    }

    /**
     * One process the launcher runs: an instance of a service (the first has the service's name), or HAProxy; its HTTP
     * port and its management port (health, metrics).
     */
    record Instance(String name, String service, int port, int managementPort) {
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

        @Option(names = "--edges", paramLabel = "N", descriptionKey = "DURAK_EDGES", defaultValue = "1",
                description = "table-service instances; more than one: HAProxy on the edge port in front of them, edge k "
                        + "on the port base + 10k (DURAK_EDGES; default ${DEFAULT-VALUE})")
        int edges;

        @Option(names = "--instances", paramLabel = "SERVICE=N", descriptionKey = "DURAK_INSTANCES", split = ",",
                description = "more instances of a service, e.g. rules-service=2,bot-service=2; instance k on the "
                        + "service's port + 10(k-1) (DURAK_INSTANCES; default one each)")
        List<String> instances;

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
    /** The processes of the start that answered ready. */
    private final Set<ServiceProcess> ready = new HashSet<>();
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
        List<Instance> instances = instances(options.instances(), options.httpPortBase(), options.managementPortBase());
        Map<String, Integer> ports = entryPorts(instances);
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
        System.out.println("Infrastructure ready; starting " + String.join(", ", instances.stream()
            .map(Instance::name).toList()) + " (logs in " + logDir + ") ...");
        List<ServiceProcess> started = new ArrayList<>();
        List<String> javaOpts = ServiceProcess.defaultJavaOpts();
        long deadline = System.nanoTime() + options.readyTimeout().toNanos();
        List<Haproxy.Edge> edges = new ArrayList<>();
        for (Instance i : instances) {
            if (i.name().equals(Haproxy.NAME)) {
                awaitReady(started, deadline);
                Path cfg = Haproxy.writeConfig(infra.dataDir().resolve(Haproxy.NAME), i.port(), i.managementPort(),
                    edges);
                if (!start(() -> ServiceProcess.run(i.name(), Haproxy.command(cfg), cfg.getParent(), i.port(),
                        i.managementPort(), Map.of(), logDir.resolve(i.name() + ".log")), started)) {
                    return;
                }
                continue;
            }
            if (i.service().equals("table-service")) {
                edges.add(new Haproxy.Edge(i.name(), i.port(), i.managementPort()));
            }
            if (!start(() -> ServiceProcess.start(i.name(), ServiceProcess.jarOf(options.home(), i.service()), i.port(),
                    i.managementPort(), env, javaOpts, Map.of(), logDir.resolve(i.name() + ".log")), started)) {
                return;
            }
        }
        awaitReady(started, deadline);
        synchronized (this) {
            if (stopping) {
                return;
            }
            for (ServiceProcess s : started) {
                supervisors.add(supervise(s));
            }
        }
        infra.supervisePostgres(options.restartPolicy(), Launcher::console);
        printReady(p, instances, ports, (System.nanoTime() - t0) / 1_000_000);
    }

    /** Starts a process unless the system is stopping (false then), and records it to be stopped with the others. */
    private synchronized boolean start(Supplier<ServiceProcess> process,
                                       List<ServiceProcess> started) {
        if (stopping) {
            return false;
        }
        ServiceProcess s = process.get();
        running.put(s.name(), s);
        started.add(s);
        ServicePids.record(infra.dataDir(), s.name(), s.process());
        return true;
    }

    /** Waits until every process started and not yet waited for is ready; says so for each. */
    private void awaitReady(List<ServiceProcess> started, long deadline) {
        for (ServiceProcess s : started) {
            if (ready.add(s)) {
                s.awaitReady(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
                System.out.println("  " + s.name() + " ready on port " + s.port());
            }
        }
    }

    /** Starts {@code first} again, the same way, whenever it exits on its own (see the class comment). */
    private Supervisor supervise(ServiceProcess first) {
        String name = first.name();
        Supervisor.Target target = () -> {
            ServiceProcess next;
            synchronized (this) {
                if (stopping) {
                    throw new IllegalStateException("the system is stopping");
                }
                next = first.again();
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

    private void printReady(Map<String, String> p, List<Instance> instances, Map<String, Integer> ports, long millis) {
        String services = list(instances, Instance::port);
        System.out.println();
        if (ports.containsKey("table-service")) {
            String base = "http://localhost:" + ports.get("table-service");
            System.out.println("Web client : " + base + "/");
            System.out.println("API        : " + base + "/api");
            System.out.println("OpenAPI    : " + base + "/q/openapi");
            System.out.println("Swagger UI : " + base + "/q/swagger-ui");
        }
        System.out.println("Services   : " + services);
        System.out.println("Management : " + list(instances, Instance::managementPort)
            + " (/q/health, /q/metrics; 127.0.0.1)");
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
    private static String list(List<Instance> instances, ToIntFunction<Instance> port) {
        StringBuilder b = new StringBuilder();
        instances.forEach(i -> b.append(b.length() == 0 ? "" : ", ").append(i.name()).append(" :")
            .append(port.applyAsInt(i)));
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
        return ports(services, base, List.of());
    }

    /** {@link #ports(List, int)}, free ports other than {@code avoid} (picked already, not yet bound). */
    static Map<String, Integer> ports(List<String> services, int base, Collection<Integer> avoid) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        List<Integer> taken = new ArrayList<>(avoid);
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

    /**
     * The port each service is reached on, as the instances were given theirs (free ports are picked once, there): its
     * first instance's, and table-service's HAProxy's when there are several edges.
     */
    static Map<String, Integer> entryPorts(List<Instance> instances) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (Instance i : instances) {
            if (i.name().equals(i.service()) || i.name().equals(Haproxy.NAME)) {
                ports.put(i.service(), i.port()); // HAProxy comes last, so it wins over edge 1
            }
        }
        return ports;
    }

    /** How many instances of each service: {@code --edges} for table-service, {@code --instances} for the others. */
    static Map<String, Integer> counts(List<String> services, int edges, List<String> instances) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        services.forEach(s -> counts.put(s, 1));
        if (edges < 1 || edges > MAX_INSTANCES) {
            throw new IllegalArgumentException("--edges must be 1 to " + MAX_INSTANCES + ": " + edges);
        }
        counts.computeIfPresent("table-service", (s, n) -> edges);
        for (String item : instances == null ? List.<String>of() : instances) {
            String[] kv = item.trim().split("=", 2);
            int n;
            try {
                n = kv.length == 2 ? Integer.parseInt(kv[1].trim()) : -1;
            } catch (NumberFormatException e) {
                n = -1;
            }
            String service = kv[0].trim();
            if (n < 1 || n > MAX_INSTANCES) {
                throw new IllegalArgumentException("--instances takes SERVICE=N with N from 1 to " + MAX_INSTANCES
                    + ", not " + item);
            }
            if (service.equals("table-service")) {
                throw new IllegalArgumentException("table-service's instances are the edges: --edges " + n);
            }
            if (!counts.containsKey(service)) {
                throw new IllegalArgumentException("--instances names " + service + ", which is not started (known: "
                    + String.join(", ", services) + ")");
            }
            counts.put(service, n);
        }
        return counts;
    }

    /**
     * Every process to run, in start order, with its ports: instance k of a service on its ports ({@link #ports}) +
     * 10(k-1); with several edges HAProxy takes table-service's ports (its management port answers its own health) and
     * edge k is on the bases + 10k (free ports when a base is 0). The first instance has the service's own name, the
     * others {@code <service>-<k>}.
     */
    static List<Instance> instances(Map<String, Integer> counts, int base, int managementBase) {
        List<Instance> list = new ArrayList<>();
        List<String> services = List.copyOf(counts.keySet());
        Map<String, Integer> ports = ports(services, base);
        Map<String, Integer> managementPorts = ports(services, managementBase, ports.values());
        List<Integer> taken = new ArrayList<>(ports.values());
        taken.addAll(managementPorts.values());
        counts.forEach((service, n) -> {
            boolean behindHaproxy = service.equals("table-service") && n > 1;
            for (int k = 1; k <= n; k++) {
                int offset = behindHaproxy ? 10 * k : 10 * (k - 1);
                int port = port(base, ports.get(service), offset, k > 1 || behindHaproxy, taken);
                int management = port(managementBase, managementPorts.get(service), offset, k > 1 || behindHaproxy,
                    taken);
                list.add(new Instance(k == 1 ? service : service + "-" + k, service, port, management));
            }
        });
        // last: it forwards only to edges that are ready, and they are by then
        Integer edges = counts.get("table-service");
        if (edges != null && edges > 1) {
            list.add(new Instance(Haproxy.NAME, "table-service", ports.get("table-service"),
                managementPorts.get("table-service")));
        }
        return list;
    }

    /** {@code first} + {@code offset}, or a free port (noted in {@code taken}) when the base is 0 and it is not the first. */
    private static int port(int base, int first, int offset, boolean another, List<Integer> taken) {
        if (base == 0 && another) {
            int port = ServiceProcess.freePort(taken.stream().mapToInt(Integer::intValue).toArray());
            taken.add(port);
            return port;
        }
        return first + offset;
    }

    static Options parse(String[] args, Map<String, String> env) {
        Line line = Cli.parse(new Line(), args, env);
        if (line.httpPortBase < 0 || line.httpPortBase > 65535 - 10 * MAX_INSTANCES - ServiceProcess.SERVICES.size()) {
            throw new IllegalArgumentException("http port base out of range: " + line.httpPortBase);
        }
        int managementBase = line.managementPortBase != null ? line.managementPortBase
            : line.httpPortBase == 0
                || line.httpPortBase + MANAGEMENT_OFFSET > 65535 - 10 * MAX_INSTANCES - ServiceProcess.SERVICES.size()
                ? 0 : line.httpPortBase + MANAGEMENT_OFFSET;
        if (managementBase < 0 || managementBase > 65535 - 10 * MAX_INSTANCES - ServiceProcess.SERVICES.size()) {
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
            counts(chosen, line.edges, line.instances), Duration.ofSeconds(line.readyTimeout),
            RestartPolicy.limit(line.maxRestarts, Duration.ofSeconds(line.restartWindow)), line.infra.options());
    }
}
