package online.durak.testkit;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Points a {@code @QuarkusTest} application at the test run's shared Kafka and PostgreSQL
 * ({@link TestInfra#shared()}): {@code kafka.bootstrap.servers}, {@code quarkus.datasource.reactive.url} and
 * {@code .jdbc.url}, {@code quarkus.datasource.username} and {@code quarkus.datasource.password}; and the test JVM's own
 * daily secret ({@code durak.daily.secret-file}, {@link TestInfra#dailySecretFile()}). Stopping does nothing: the
 * infrastructure outlives the application and stops when Maven ends.
 *
 * <pre>
 * &#64;QuarkusTest
 * &#64;QuarkusTestResource(DurakInfraResource.class)
 * class SomeTest { ... }
 * </pre>
 */
public class DurakInfraResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return TestInfra.shared().quarkusConfig();
    }

    @Override
    public void stop() {
        // shared by the whole build; InfraMain --watch-pid stops it when Maven ends
    }
}
