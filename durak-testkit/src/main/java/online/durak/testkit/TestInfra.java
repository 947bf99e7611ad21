package online.durak.testkit;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The Kafka broker and PostgreSQL server of a test run: one per Maven run, shared by every module and test
 * JVM of it, stopped when Maven ends. Tests isolate by unique table ids and consumer groups, never by fresh
 * brokers.
 *
 * <p>{@link #shared()} looks, in this order, for
 * <ol>
 * <li>the {@code infra.properties} named by the environment variable {@value #ENV} (infrastructure started by
 * someone else, e.g. {@code deploy/run-infra.sh}; nothing is started or stopped);</li>
 * <li>{@code <root>/target/test-infra/infra.properties} whose {@code pid} is alive (started by an earlier
 * module of this build, or by a build still running);</li>
 * <li>else it starts deploy's {@code InfraMain} in a JVM of its own ({@code -Xmx384m}, classes from
 * {@code deploy/target/classes} and {@code deploy/target/classpath.txt}) on free ports with
 * {@code --watch-pid <the Maven JVM>} and {@code --unsafe-no-fsync} (a test's data need not survive a power loss), output to {@code target/test-infra/infra.out}, and waits up to
 * {@value #START_TIMEOUT_SECONDS} s for {@code infra.properties}.</li>
 * </ol>
 * The root is the first folder upwards from {@code user.dir} that holds {@code .ci/}, else the topmost one whose
 * {@code pom.xml} is the parent POM. A build that reuses a running launcher registers its own Maven pid in
 * {@code target/test-infra/watchers/}, so the launcher lives until the last such build ends.
 *
 * <p>A launcher started here listens on a loopback control port ({@value #KEY_CONTROL_PORT} in
 * {@code infra.properties}), so that a fault-injection test can restart the broker or the database on the same
 * addresses: {@link #restartKafka()}, {@link #restartPostgres()}. Plain sockets: no Kafka jar is needed here.
 */
public final class TestInfra {

    /** Environment variable: path of an {@code infra.properties} to use instead of starting anything. */
    public static final String ENV = "DURAK_TEST_INFRA";
    public static final int START_TIMEOUT_SECONDS = 120;

    static final String KEY_BOOTSTRAP = "kafka.bootstrap.servers";
    static final String KEY_JDBC_URL = "pg.jdbc.url";
    static final String KEY_REACTIVE_URL = "pg.reactive.url";
    static final String KEY_PG_USER = "pg.user";
    static final String KEY_PG_PASSWORD = "pg.password";
    static final String KEY_PID = "pid";
    /** deploy's {@code InfraControl.KEY_PORT}: where the launcher takes {@code restart kafka} and the like. */
    public static final String KEY_CONTROL_PORT = "control.port";
    /** How long a restart may take before {@link #restartKafka()} / {@link #restartPostgres()} give up waiting. */
    public static final int RESTART_TIMEOUT_SECONDS = 180;
    static final String MAIN_CLASS = "online.durak.deploy.InfraMain";

    /** durak-service's {@code DailySecrets.PROPERTY}: the file of the installation's daily secret. */
    static final String DAILY_SECRET_PROPERTY = "durak.daily.secret-file";

    private static TestInfra shared;
    private static Path dailySecret;

    private final Path propertiesFile;
    private final Properties properties;

    TestInfra(Path propertiesFile, Properties properties) {
        this.propertiesFile = propertiesFile;
        this.properties = properties;
        for (String key : List.of(KEY_BOOTSTRAP, KEY_REACTIVE_URL, KEY_JDBC_URL, KEY_PG_USER, KEY_PG_PASSWORD)) {
            if (properties.getProperty(key) == null) {
                throw new IllegalStateException(propertiesFile + " has no " + key);
            }
        }
    }

    /** The infrastructure of this test run, found or started on the first call (see the class comment). */
    public static synchronized TestInfra shared() {
        if (shared == null) {
            String env = System.getenv(ENV);
            if (env != null && !env.isBlank()) {
                Path file = Path.of(env).toAbsolutePath();
                shared = new TestInfra(file, load(file));
            } else {
                shared = findOrStart(findRoot(Path.of(System.getProperty("user.dir"))));
            }
        }
        return shared;
    }

    public String bootstrapServers() {
        return properties.getProperty(KEY_BOOTSTRAP);
    }

    /** {@code postgresql://host:port/db}, for {@code quarkus.datasource.reactive.url}. */
    public String reactiveUrl() {
        return properties.getProperty(KEY_REACTIVE_URL);
    }

    /** {@code jdbc:postgresql://host:port/db}. */
    public String jdbcUrl() {
        return properties.getProperty(KEY_JDBC_URL);
    }

    public String user() {
        return properties.getProperty(KEY_PG_USER);
    }

    public String password() {
        return properties.getProperty(KEY_PG_PASSWORD);
    }

    public Path propertiesFile() {
        return propertiesFile;
    }

    /**
     * Stops the Kafka broker of this test run and starts it again on the same address with the same data (topics,
     * records, committed offsets); returns once it answers again and every partition of the system's topics has a
     * leader, with the milliseconds it was down. Clients keep their bootstrap address and reconnect by themselves.
     * Every build and test JVM that shares this infrastructure sees the restart.
     *
     * @throws IllegalStateException when this infrastructure has no control port (e.g. {@value #ENV} names one started
     *                               without {@code --control-port}), or the restart failed
     */
    public long restartKafka() {
        return control("restart kafka");
    }

    /**
     * Stops the embedded PostgreSQL of this test run and starts it again on the same port with the same data; returns
     * once it accepts connections again, with the milliseconds it was down. Open connections are closed by the
     * restart; pools reconnect to the same URL.
     *
     * @throws IllegalStateException as {@link #restartKafka()}, and when PostgreSQL is an external server
     */
    public long restartPostgres() {
        return control("restart postgres");
    }

    /** Whether {@link #restartKafka()} and {@link #restartPostgres()} can work here (a control port is known). */
    public boolean canRestart() {
        return properties.getProperty(KEY_CONTROL_PORT) != null;
    }

    /** One command to the launcher's control port; {@code ok <millis>} is the answer wanted. */
    long control(String command) {
        String port = properties.getProperty(KEY_CONTROL_PORT);
        if (port == null) {
            throw new IllegalStateException("cannot " + command + ": the test infrastructure of " + propertiesFile
                + " has no " + KEY_CONTROL_PORT + " (" + (System.getenv(ENV) != null && !System.getenv(ENV).isBlank()
                ? ENV + " names infrastructure started without --control-port, e.g. by deploy/run-infra.sh; add "
                + "--control-port 0 there" : "it was started by an older build; it stops when that build ends") + ")");
        }
        long t0 = System.nanoTime();
        String answer;
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(port.trim()))) {
            s.setSoTimeout(RESTART_TIMEOUT_SECONDS * 1000);
            s.getOutputStream().write((command + "\n").getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            answer = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
        } catch (SocketTimeoutException e) {
            throw new IllegalStateException("no answer to '" + command + "' from the test infrastructure's control port "
                + port + " within " + RESTART_TIMEOUT_SECONDS + " s", e);
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("cannot " + command + " through the test infrastructure's control port "
                + port + " (" + propertiesFile + "): " + e, e);
        }
        if (answer == null) {
            throw new IllegalStateException("the test infrastructure's control port " + port + " closed without"
                + " answering '" + command + "'");
        }
        if (answer.startsWith("ok ")) {
            try {
                long ms = Long.parseLong(answer.substring(3).trim());
                log(command + ": back after " + ms + " ms (" + (System.nanoTime() - t0) / 1_000_000 + " ms here)");
                return ms;
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
        }
        throw new IllegalStateException("the test infrastructure could not " + command + ": " + answer);
    }

    /** The configuration a Durak service reads, pointed at this infrastructure. */
    public Map<String, String> quarkusConfig() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("kafka.bootstrap.servers", bootstrapServers());
        m.put("quarkus.datasource.reactive.url", reactiveUrl());
        m.put("quarkus.datasource.jdbc.url", jdbcUrl());
        m.put("quarkus.datasource.username", user());
        m.put("quarkus.datasource.password", password());
        m.put(DAILY_SECRET_PROPERTY, dailySecretFile().toString());
        return m;
    }

    /**
     * A daily secret of this test JVM's own (docs/daily.md): 32 random bytes in a temporary file readable by its owner
     * only, made on first use. The services that deal or play the daily game do not start without one; tests never
     * share a secret with an installation.
     */
    public static synchronized Path dailySecretFile() {
        if (dailySecret == null) {
            try {
                Path file = Files.createTempFile("durak-daily-secret", "",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                byte[] key = new byte[32];
                new SecureRandom().nextBytes(key);
                Files.write(file, key);
                file.toFile().deleteOnExit();
                dailySecret = file;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make a daily secret for the tests", e);
            }
        }
        return dailySecret;
    }

    @Override
    public String toString() {
        return "TestInfra{kafka=" + bootstrapServers() + ", pg=" + reactiveUrl() + ", from " + propertiesFile + "}";
    }

    // ---- finding the repository ----

    /** The repository root above {@code start}: the folder with {@code .ci/}, else the topmost parent POM. */
    static Path findRoot(Path start) {
        Path topPom = null;
        for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(".ci"))) {
                return dir;
            }
            if (isParentPom(dir.resolve("pom.xml"))) {
                topPom = dir;
            }
        }
        if (topPom == null) {
            throw new IllegalStateException("no Durak repository root (a folder with .ci/ or the parent pom.xml)"
                + " above " + start);
        }
        return topPom;
    }

    private static boolean isParentPom(Path pom) {
        if (!Files.isRegularFile(pom)) {
            return false;
        }
        try {
            String text = Files.readString(pom, StandardCharsets.UTF_8);
            return text.contains("<artifactId>durak-parent</artifactId>") && !text.contains("<parent>");
        } catch (IOException e) {
            return false;
        }
    }

    // ---- finding or starting the launcher ----

    private static TestInfra findOrStart(Path root) {
        Path dir = root.resolve("target").resolve("test-infra");
        Path props = dir.resolve("infra.properties");
        long watched = buildPid();
        try {
            Files.createDirectories(dir);
            // one JVM at a time decides and starts (parallel builds, several test JVMs)
            try (FileChannel ch = FileChannel.open(dir.resolve("launch.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = ch.lock()) {
                Optional<TestInfra> running = running(props);
                if (running.isEmpty()) {
                    running = waitForEarlierLauncher(dir, props);
                }
                if (running.isPresent()) {
                    registerWatcher(dir, watched);
                    return running.get();
                }
                return start(root, dir, props, watched);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the test infrastructure in " + dir, e);
        }
    }

    /** The infrastructure described by {@code props} if the file exists and its launcher lives. */
    static Optional<TestInfra> running(Path props) {
        if (!Files.isRegularFile(props)) {
            return Optional.empty();
        }
        Properties p;
        try {
            p = load(props);
        } catch (UncheckedIOException e) {
            return Optional.empty();
        }
        if (!alive(p.getProperty(KEY_PID))) {
            try {
                Files.deleteIfExists(props); // left by a launcher that was killed
            } catch (IOException e) {
                // the new launcher replaces it anyway
            }
            return Optional.empty();
        }
        return Optional.of(new TestInfra(props, p));
    }

    /** A launcher started by a JVM that died while waiting may still be starting: wait for it. */
    private static Optional<TestInfra> waitForEarlierLauncher(Path dir, Path props) throws IOException {
        Path pidFile = dir.resolve("launcher.pid");
        if (!Files.isRegularFile(pidFile)) {
            return Optional.empty();
        }
        String pid = Files.readString(pidFile).trim();
        long deadline = System.nanoTime() + Duration.ofSeconds(START_TIMEOUT_SECONDS).toNanos();
        while (alive(pid) && System.nanoTime() < deadline) {
            Optional<TestInfra> r = running(props);
            if (r.isPresent()) {
                return r;
            }
            sleep(200);
        }
        return Optional.empty();
    }

    private static TestInfra start(Path root, Path dir, Path props, long watched) throws IOException {
        Path deployTarget = root.resolve("deploy").resolve("target");
        Path classes = deployTarget.resolve("classes");
        Path cpFile = deployTarget.resolve("classpath.txt");
        if (!Files.isDirectory(classes.resolve("online/durak/deploy")) || !Files.isRegularFile(cpFile)) {
            throw new IllegalStateException("deploy is not built (" + classes + ", " + cpFile + " missing): run "
                + "`mvn -pl deploy -am install -DskipTests` first, or set " + ENV + " to a running infra.properties");
        }
        String cp = classes + File.pathSeparator + Files.readString(cpFile, StandardCharsets.UTF_8).trim();
        List<String> cmd = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-cp", cp, MAIN_CLASS,
            "--data", dir.toString(), "--kafka-port", "0", "--pg-port", "0", "--unsafe-no-fsync",
            "--watch-pid", Long.toString(watched), "--control-port", "0"));
        Path out = dir.resolve("infra.out");
        Files.deleteIfExists(props);
        long t0 = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(cmd)
            .directory(root.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.to(out.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        // the services' own settings must not leak into the launcher
        pb.environment().keySet().removeIf(k -> k.startsWith("DURAK_"));
        Process process = pb.start();
        Files.writeString(dir.resolve("launcher.pid"), Long.toString(process.pid()));
        log("starting Kafka and PostgreSQL for this build (launcher pid " + process.pid() + ", watching pid "
            + watched + ", output in " + out + ")");
        long deadline = t0 + Duration.ofSeconds(START_TIMEOUT_SECONDS).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<TestInfra> r = running(props);
            if (r.isPresent() && Long.toString(process.pid()).equals(r.get().properties.getProperty(KEY_PID))) {
                log("ready in " + (System.nanoTime() - t0) / 1_000_000 + " ms: " + r.get());
                return r.get();
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("the test infrastructure launcher exited with "
                    + process.exitValue() + ":\n" + tail(out));
            }
            sleep(200);
        }
        process.destroy();
        throw new IllegalStateException("the test infrastructure was not ready within " + START_TIMEOUT_SECONDS
            + " s:\n" + tail(out));
    }

    /** Keeps a running launcher alive while this build runs too (InfraMain reads {@code watchers/}). */
    private static void registerWatcher(Path dir, long pid) {
        try {
            Path watchers = dir.resolve("watchers");
            Files.createDirectories(watchers);
            Path f = watchers.resolve(Long.toString(pid));
            if (!Files.exists(f)) {
                Files.createFile(f);
            }
        } catch (IOException e) {
            log("could not register pid " + pid + " as a watcher: " + e);
        }
    }

    /**
     * The Maven JVM this test JVM belongs to: the nearest ancestor that runs Maven (surefire may start the
     * fork through a shell), else the parent, else this JVM.
     */
    static long buildPid() {
        ProcessHandle self = ProcessHandle.current();
        for (Optional<ProcessHandle> p = self.parent(); p.isPresent(); p = p.get().parent()) {
            String line = p.get().info().commandLine().orElse("");
            if (line.contains("org.codehaus.plexus.classworlds") || line.contains("plexus-classworlds")) {
                return p.get().pid();
            }
        }
        return self.parent().map(ProcessHandle::pid).orElse(self.pid());
    }

    static boolean alive(String pid) {
        if (pid == null) {
            return false;
        }
        try {
            return ProcessHandle.of(Long.parseLong(pid.trim())).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static Properties load(Path file) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return p;
    }

    private static String tail(Path out) {
        try {
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the test infrastructure", e);
        }
    }

    private static void log(String message) {
        System.err.println("[durak-testkit] " + message);
    }
}
