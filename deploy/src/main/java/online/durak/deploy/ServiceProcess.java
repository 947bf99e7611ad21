package online.durak.deploy;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One Quarkus service run as its own JVM from its built {@code target/quarkus-app/quarkus-run.jar}, its
 * output appended to a log file. Used by {@link Launcher} and by the system tests, so that both start a
 * service the same way.
 *
 * <p>The service learns where the infrastructure is from the environment ({@link #infraEnvironment}):
 * every service's {@code application.properties} reads {@code ${DURAK_KAFKA:...}},
 * {@code ${DURAK_PG_REACTIVE_URL:...}} and so on. Its HTTP port is given as {@code -Dquarkus.http.port}, and the port of
 * its management interface (health, metrics: loopback only) as {@code -Dquarkus.management.port}.
 *
 * <p>No logging framework here on purpose: the system tests use this class without Kafka's or slf4j's jars.
 */
public final class ServiceProcess implements AutoCloseable {

    /** The services of the system, in the order they are started; the first one answers the API. */
    public static final List<String> SERVICES = List.of("table-service", "rules-service", "matchmaking-service",
        "leaderboard-service", "bot-service");

    public static final String ENV_KAFKA = "DURAK_KAFKA";
    public static final String ENV_PG_REACTIVE_URL = "DURAK_PG_REACTIVE_URL";
    public static final String ENV_PG_JDBC_URL = "DURAK_PG_JDBC_URL";
    public static final String ENV_PG_USER = "DURAK_PG_USER";
    public static final String ENV_PG_PASSWORD = "DURAK_PG_PASSWORD";
    public static final String ENV_PARTITIONS = "DURAK_PARTITIONS";

    /** The JVM options of each service unless {@code DURAK_SERVICE_JAVA_OPTS} says otherwise. */
    public static final String DEFAULT_JAVA_OPTS = "-Xmx256m -XX:+UseSerialGC";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final List<String> command;
    private final Path workDir;
    private final Map<String, String> env;
    private final int port;
    private final int managementPort;
    private final Path log;
    private final Process process;

    private ServiceProcess(String name, List<String> command, Path workDir, Map<String, String> env, int port,
                           int managementPort, Path log, Process process) {
        this.name = name;
        this.command = command;
        this.workDir = workDir;
        this.env = env;
        this.port = port;
        this.managementPort = managementPort;
        this.log = log;
        this.process = process;
    }

    /** The runnable jar of {@code service} in the repository at {@code home}. */
    public static Path jarOf(Path home, String service) {
        return home.resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
    }

    /**
     * The environment that points a service at the infrastructure.
     *
     * @param bootstrap  Kafka bootstrap servers
     * @param reactiveUrl PostgreSQL for the Vert.x reactive client ({@code postgresql://host:port/db})
     * @param jdbcUrl    the same database as a JDBC URL
     */
    public static Map<String, String> infraEnvironment(String bootstrap, String reactiveUrl, String jdbcUrl,
                                                       String user, String password, int partitions) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(ENV_KAFKA, bootstrap);
        env.put(ENV_PG_REACTIVE_URL, reactiveUrl);
        env.put(ENV_PG_JDBC_URL, jdbcUrl);
        env.put(ENV_PG_USER, user);
        env.put(ENV_PG_PASSWORD, password);
        env.put(ENV_PARTITIONS, String.valueOf(partitions));
        return env;
    }

    /** {@link #start(String, Path, int, int, Map, List, Map, Path)} with a free management port. */
    public static ServiceProcess start(String name, Path jar, int port, Map<String, String> env,
                                       List<String> javaOpts, Map<String, String> systemProperties, Path log) {
        return start(name, jar, port, freePort(port), env, javaOpts, systemProperties, log);
    }

    /**
     * Starts {@code java <javaOpts> -Dquarkus.http.port=<port> -Dquarkus.management.port=<managementPort> [-D...] -jar
     * <jar>} with {@code env} added to this process's environment, stdout and stderr appended to {@code log}. Does not
     * wait for readiness.
     */
    public static ServiceProcess start(String name, Path jar, int port, int managementPort, Map<String, String> env,
                                       List<String> javaOpts, Map<String, String> systemProperties, Path log) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(name + ": " + jar + " is missing; build it first "
                + "(mvn -B -ntp -DskipTests install from the repository root)");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(javaExecutable());
        cmd.addAll(javaOpts);
        cmd.add("-Dquarkus.http.port=" + port);
        cmd.add("-Dquarkus.management.port=" + managementPort);
        systemProperties.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.add("-jar");
        cmd.add(jar.toString());
        return run(name, cmd, jar.getParent(), port, managementPort, env, log);
    }

    /**
     * Starts any program that answers {@code /q/health/ready} on {@code managementPort} once it is ready (a service, or
     * HAProxy in front of several), {@code env} added to this process's environment, its output appended to
     * {@code log}.
     */
    public static ServiceProcess run(String name, List<String> cmd, Path workDir, int port, int managementPort,
                                     Map<String, String> env, Path log) {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.writeString(log, "==== " + Instant.now() + " starting " + name + " on port " + port + ": "
                    + String.join(" ", cmd) + System.lineSeparator(), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
            pb.environment().putAll(env);
            return new ServiceProcess(name, List.copyOf(cmd), workDir, Map.copyOf(env), port, managementPort, log,
                pb.start());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name, e);
        }
    }

    /** The same program started again: the same command, directory, environment, port and log. */
    public ServiceProcess again() {
        return run(name, command, workDir, port, managementPort, env, log);
    }

    /** JVM options from {@code DURAK_SERVICE_JAVA_OPTS}, else {@value #DEFAULT_JAVA_OPTS}. */
    public static List<String> defaultJavaOpts() {
        String opts = System.getenv("DURAK_SERVICE_JAVA_OPTS");
        return List.of((opts == null || opts.isBlank() ? DEFAULT_JAVA_OPTS : opts).trim().split("\\s+"));
    }

    /** A port free on the loopback interface right now. */
    public static int freePort(int... avoid) {
        return Ports.freePort(avoid);
    }

    /**
     * Waits until {@code /q/health/ready} (on the management port) answers 200. Fails early when the process ends, with the end of
     * its log in the message.
     */
    public ServiceProcess awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        HttpRequest request = HttpRequest.newBuilder(URI.create(managementUrl() + "/q/health/ready"))
            .timeout(Duration.ofSeconds(5)).GET().build();
        int lastStatus = -1;
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with code " + process.exitValue()
                    + " while starting; the end of " + log + ":\n" + tail(40));
            }
            try {
                HttpResponse<Void> r = HTTP.send(request, HttpResponse.BodyHandlers.discarding());
                lastStatus = r.statusCode();
                if (lastStatus == 200) {
                    return this;
                }
            } catch (IOException e) {
                // not listening yet, or starting up: try again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name, e);
            }
            if (System.nanoTime() > deadline) {
                break;
            }
            sleep(250);
        }
        throw new IllegalStateException(name + " was not ready within " + timeout.toSeconds() + " s (last status "
            + lastStatus + "); the end of " + log + ":\n" + tail(40));
    }

    /**
     * Asks the service to stop (SIGTERM, so Quarkus shuts down gracefully), waits up to {@code grace}, then
     * kills it and whatever it started. Returns the exit code (143 after SIGTERM, as a JVM reports it).
     */
    public int stop(Duration grace) {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                    System.err.println(name + " did not stop within " + grace.toSeconds() + " s; killing it");
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        return process.isAlive() ? -1 : process.exitValue();
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(20));
    }

    /** The last {@code lines} lines of the log. */
    public String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    /** The port of the management interface: health and metrics, on loopback. */
    public int managementPort() {
        return managementPort;
    }

    public Path log() {
        return log;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Process process() {
        return process;
    }

    /** {@code http://127.0.0.1:<port>} */
    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** {@code http://127.0.0.1:<managementPort>}: {@code /q/health}, {@code /q/metrics}. */
    public String managementUrl() {
        return "http://127.0.0.1:" + managementPort;
    }

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static File nullDevice() {
        return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
