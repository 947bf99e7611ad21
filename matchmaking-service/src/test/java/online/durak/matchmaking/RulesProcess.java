package online.durak.matchmaking;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import online.durak.deploy.ServiceProcess;
import online.durak.testkit.TestInfra;
import online.durak.testkit.TestKeys;

/**
 * The real rules-service, started from its build ({@code ../rules-service/target/quarkus-app}) as deploy starts it,
 * on these tests' own topics and consumer group, against the shared test Kafka and PostgreSQL.
 */
public final class RulesProcess {
    private RulesProcess() {
    }

    /** The environment of the shared test infrastructure, the tests' token key pair and the test JVM's own daily secret. */
    public static Map<String, String> environment() {
        TestInfra infra = TestInfra.shared();
        Map<String, String> env = new LinkedHashMap<>(ServiceProcess.infraEnvironment(infra.bootstrapServers(),
                infra.reactiveUrl(), infra.jdbcUrl(), infra.user(), infra.password(), 3));
        env.putAll(TestKeys.environment());
        env.put("DURAK_DAILY_SECRET_FILE", TestInfra.dailySecretFile().toString());
        return env;
    }

    public static ServiceProcess start(Map<String, String> topics, Path log) {
        Map<String, String> props = new LinkedHashMap<>(topics);
        props.put("durak.kafka.consumers.commands.group", "rules-service-mm-test-" + UUID.randomUUID());
        props.put("durak.kafka.consumers.commands.threads", "1");
        Path jar = ServiceProcess.jarOf(Path.of("..").toAbsolutePath().normalize(), "rules-service");
        return ServiceProcess.start("rules-service", jar, ServiceProcess.freePort(), environment(),
                ServiceProcess.defaultJavaOpts(), props, log).awaitReady(Duration.ofSeconds(120));
    }
}
