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
import online.durak.deploy.ServiceProcess;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The system under test: rules-service and table-service, each started from its built
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

    /** The secret the table service signs tokens with in these tests. */
    static final String AUTH_SECRET = "system-tests-secret-0123456789abcdef";
    static final List<String> SERVICES = List.of("rules-service", "table-service");
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

    /** The environment every service gets here: the shared infrastructure and the token secret. */
    static Map<String, String> environment() {
        TestInfra infra = TestInfra.shared();
        Map<String, String> env = new LinkedHashMap<>(ServiceProcess.infraEnvironment(infra.bootstrapServers(),
            infra.reactiveUrl(), infra.jdbcUrl(), infra.user(), infra.password(), 12));
        env.put("DURAK_AUTH_SECRET", AUTH_SECRET);
        return env;
    }

    /** The running services. */
    record Running(ServiceProcess rules, ServiceProcess table) implements AutoCloseable {

        static Running start() {
            Map<String, String> env = environment();
            long t0 = System.nanoTime();
            Map<String, ServiceProcess> started = new LinkedHashMap<>();
            try {
                for (String name : SERVICES) {
                    int port = ServiceProcess.freePort();
                    started.put(name, ServiceProcess.start(name, ServiceProcess.jarOf(home(), name), port, env,
                        ServiceProcess.defaultJavaOpts(), Map.of(), logDir().resolve(name + ".log")));
                }
                // both start at once; wait for each in its own thread so a failure of either shows at once
                CompletableFuture.allOf(started.values().stream()
                    .map(s -> CompletableFuture.runAsync(() -> s.awaitReady(READY_TIMEOUT)))
                    .toArray(CompletableFuture[]::new)).join();
            } catch (RuntimeException e) {
                started.values().forEach(s -> s.stop(Duration.ofSeconds(10)));
                throw e;
            }
            System.err.printf("[system-tests] rules-service :%d and table-service :%d ready in %d ms (logs in %s)%n",
                started.get("rules-service").port(), started.get("table-service").port(),
                (System.nanoTime() - t0) / 1_000_000, logDir());
            return new Running(started.get("rules-service"), started.get("table-service"));
        }

        @Override
        public void close() {
            table.process().destroy();
            rules.process().destroy();
            table.stop(Duration.ofSeconds(20));
            rules.stop(Duration.ofSeconds(20));
        }
    }
}
