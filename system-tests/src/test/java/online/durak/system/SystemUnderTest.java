package online.durak.system;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import online.durak.client.Api;
import online.durak.deploy.DailySecretFile;
import online.durak.deploy.ServiceProcess;
import online.durak.deploy.TokenKeys;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The system under test: rules-, bot-, leaderboard-, matchmaking- and table-service, each started from its built
 * {@code target/quarkus-app/quarkus-run.jar} as a JVM of its own, on free ports, pointed at the build's shared
 * Kafka and PostgreSQL ({@link TestInfra#shared()}), their output in {@code target/service-logs/}. Started once
 * per test JVM by the first test class that uses this extension, stopped when the test JVM ends.
 *
 * <pre>
 * &#64;ExtendWith(SystemUnderTest.class)
 * class SomeTest { Api api = SystemUnderTest.api(); ... }
 * </pre>
 */
public final class SystemUnderTest implements BeforeAllCallback {

    // the leaderboard and matchmaking services too: the edge forwards their paths there (RestMatchTest, WebClientTest,
    // DailySystemTest)
    static final List<String> SERVICES = List.of("rules-service", "bot-service", "leaderboard-service",
        "matchmaking-service", "table-service");
    /** How long a quick-match ticket waits before bots fill its table here (20 s in production). */
    public static final Duration FILL_AFTER = Duration.ofSeconds(6);
    /**
     * The heartbeats, shortened for tests (10 s, 30 s, 5 s and 5 s in production): table-service pings every second
     * and closes a socket that answered none for 3 s (checked every second), its TCP connection 2 s after the close
     * frame at the latest.
     */
    static final Duration PING = Duration.ofSeconds(1);
    static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(3);
    static final Duration HEARTBEAT_CHECK = Duration.ofSeconds(1);
    static final Duration CLOSING_TIMEOUT = Duration.ofSeconds(2);
    /** The grace after a turn clock runs out, shortened for tests (rules.md says 10 s). */
    public static final Duration GRACE = Duration.ofSeconds(2);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(180);

    private static Running running;
    private static RuntimeException failure;

    @Override
    public void beforeAll(ExtensionContext context) {
        start();
    }

    /**
     * Starts the services on the first call; a JVM shutdown hook stops them, since surefire may run each test
     * class in a JUnit execution of its own. A failed start fails every later class at once.
     */
    private static synchronized void start() {
        if (failure != null) {
            throw new IllegalStateException("the services did not start (see the first failure)", failure);
        }
        if (running == null) {
            try {
                running = Running.start();
            } catch (RuntimeException e) {
                failure = e;
                throw e;
            }
            Runtime.getRuntime().addShutdownHook(new Thread(running::close, "system-tests-services-stop"));
        }
    }

    /** The table service's API, once the extension has started the system. */
    public static Api api() {
        return new Api(running().table().baseUrl());
    }

    static synchronized Running running() {
        if (running == null) {
            throw new IllegalStateException("@ExtendWith(SystemUnderTest.class) is missing");
        }
        return running;
    }

    /** A JDBC connection to the event store. */
    public static Connection database() throws SQLException {
        TestInfra infra = TestInfra.shared();
        return DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password());
    }

    /** The repository root, where the services' jars are. */
    static Path home() {
        return Path.of(System.getProperty("durak.home", "..")).toAbsolutePath().normalize();
    }

    static Path logDir() {
        return Path.of(System.getProperty("durak.service-logs", "target/service-logs")).toAbsolutePath();
    }

    /** The environment every service gets here: the shared infrastructure, the token key pair and the daily secret. */
    static Map<String, String> environment(Map<String, Integer> ports) {
        TestInfra infra = TestInfra.shared();
        Map<String, String> env = new LinkedHashMap<>(ServiceProcess.infraEnvironment(infra.bootstrapServers(),
            infra.reactiveUrl(), infra.jdbcUrl(), infra.user(), infra.password(), 12));
        env.putAll(TokenKeys.environment(logDir().resolveSibling("token-keys"))); // these tests' own key pair
        env.putAll(DailySecretFile.environment(logDir().resolveSibling("daily-secret"))); // and daily secret
        env.put("DURAK_CLOCK_GRACE", GRACE.toMillis() + "ms");
        env.put("DURAK_BOT_THINK", "0ms");
        env.put("DURAK_BOT_TEMPO", "false"); // the web client sends a solo tempo: these tests' bots never think
        env.put("DURAK_BOT_URL", "http://127.0.0.1:" + ports.get("bot-service"));
        // the edge forwards the boards there (matchmaking asks it for ratings)
        env.put("DURAK_LEADERBOARD_URL", "http://127.0.0.1:" + ports.get("leaderboard-service"));
        env.put("DURAK_MATCHMAKING_URL", "http://127.0.0.1:" + ports.get("matchmaking-service")); // quick match
        env.put("DURAK_MATCHMAKING_FILL_AFTER", FILL_AFTER.toMillis() + "ms");
        env.put("DURAK_WEBSOCKET_PING", PING.toMillis() + "ms");
        env.put("DURAK_WEBSOCKET_HEARTBEAT_TIMEOUT", HEARTBEAT_TIMEOUT.toMillis() + "ms");
        env.put("DURAK_WEBSOCKET_HEARTBEAT_CHECK", HEARTBEAT_CHECK.toMillis() + "ms");
        env.put("DURAK_WEBSOCKET_CLOSING_TIMEOUT", CLOSING_TIMEOUT.toMillis() + "ms");
        env.put("DURAK_RATE_LIMITS", "off"); // these tests play faster than any person (docs/accounts.md "Rate limits")
        env.put("DURAK_BOT_MAX_AGE", "2m"); // leave alone the tables other modules' tests left mid-deal on the shared broker
        return env;
    }

    /**
     * Stops a service (SIGTERM, as an operator would) and starts it again on the same port, waiting until it is
     * ready: for tests that show state survives a restart.
     */
    public static synchronized void restart(String name) {
        running().restart(name);
        awaitCircuitClosed(name);
    }

    /**
     * Kills a service at once (SIGKILL: no shutdown, no last commit) and starts it again on the same port, waiting
     * until it is ready: for tests that show a crash loses nothing committed and applies nothing twice. Returns
     * when it had died ({@link System#nanoTime}).
     */
    public static synchronized long crash(String name) {
        long died = running().crash(name);
        awaitCircuitClosed(name);
        return died;
    }

    /**
     * After the rules service was down, the table service's circuit breaker may still be open (it fails commands
     * fast with 503 until its probe is answered, a few seconds): the next test starts once it is closed again.
     */
    private static void awaitCircuitClosed(String restarted) {
        if (!restarted.equals("rules-service")) {
            return;
        }
        Api api = api();
        long end = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < end) {
            Api.Response r = new Api(running().table().managementUrl()).get("/q/health/ready", null);
            if (r.body() != null) {
                for (com.fasterxml.jackson.databind.JsonNode check : r.body().path("checks")) {
                    if ("rules-service".equals(check.path("name").asText())
                            && "CLOSED".equals(check.path("data").path("circuit").asText())) {
                        return;
                    }
                }
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new IllegalStateException("the table service's circuit breaker did not close again");
    }

    /**
     * Starts one more instance of a service (another member of its consumer group) on a free port, waiting until it
     * is ready; stopped with the others at the end unless a test kills it first.
     */
    public static synchronized ServiceProcess startExtra(String name) {
        return running().startExtra(name);
    }

    /** Kills an instance at once (SIGKILL), without starting it again. */
    public static void kill(ServiceProcess instance) {
        instance.process().destroyForcibly();
        try {
            if (!instance.process().waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new IllegalStateException(instance.name() + " did not die");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The running services, by name (and extra instances started by tests). */
    record Running(Map<String, ServiceProcess> services, List<ServiceProcess> extra) implements AutoCloseable {

        static Running start() {
            long t0 = System.nanoTime();
            Map<String, ServiceProcess> started = new LinkedHashMap<>();
            try {
                Map<String, Integer> ports = new LinkedHashMap<>();
                for (String name : SERVICES) {
                    ports.put(name, ServiceProcess.freePort());
                }
                Map<String, String> env = environment(ports);
                for (String name : SERVICES) {
                    started.put(name, launch(name, ports.get(name), env));
                }
                // all start at once; wait for each in its own thread so a failure of any shows at once
                CompletableFuture.allOf(started.values().stream()
                    .map(s -> CompletableFuture.runAsync(() -> s.awaitReady(READY_TIMEOUT)))
                    .toArray(CompletableFuture[]::new)).join();
            } catch (RuntimeException e) {
                started.values().forEach(s -> s.stop(Duration.ofSeconds(10)));
                throw e;
            }
            System.err.printf("[system-tests] %s ready in %d ms (logs in %s)%n", started.entrySet().stream()
                    .map(e -> e.getKey() + " :" + e.getValue().port()).toList(),
                (System.nanoTime() - t0) / 1_000_000, logDir());
            return new Running(new LinkedHashMap<>(started), new java.util.concurrent.CopyOnWriteArrayList<>());
        }

        private static ServiceProcess launch(String name, int port, Map<String, String> env) {
            return ServiceProcess.start(name, ServiceProcess.jarOf(home(), name), port, env,
                ServiceProcess.defaultJavaOpts(), Map.of(), logDir().resolve(name + ".log"));
        }

        Map<String, Integer> ports() {
            Map<String, Integer> ports = new LinkedHashMap<>();
            services.forEach((name, s) -> ports.put(name, s.port()));
            return ports;
        }

        ServiceProcess table() {
            return services.get("table-service");
        }

        ServiceProcess rules() {
            return services.get("rules-service");
        }

        void restart(String name) {
            ServiceProcess old = services.get(name);
            old.stop(Duration.ofSeconds(20));
            Map<String, String> env = environment(ports());
            ServiceProcess fresh = launch(name, old.port(), env);
            services.put(name, fresh);
            fresh.awaitReady(READY_TIMEOUT);
        }

        ServiceProcess startExtra(String name) {
            int n = extra.size() + 2;
            ServiceProcess s = ServiceProcess.start(name, ServiceProcess.jarOf(home(), name), ServiceProcess.freePort(),
                environment(ports()), ServiceProcess.defaultJavaOpts(), Map.of(),
                logDir().resolve(name + "-" + n + ".log"));
            extra.add(s);
            s.awaitReady(READY_TIMEOUT);
            return s;
        }

        long crash(String name) {
            ServiceProcess old = services.get(name);
            kill(old);
            long died = System.nanoTime();
            ServiceProcess fresh = launch(name, old.port(), environment(ports()));
            services.put(name, fresh);
            fresh.awaitReady(READY_TIMEOUT);
            return died;
        }

        @Override
        public void close() {
            List<ServiceProcess> all = new java.util.ArrayList<>(services.values());
            all.addAll(extra);
            all.forEach(s -> s.process().destroy());
            all.forEach(s -> s.stop(Duration.ofSeconds(20)));
        }
    }
}
