package online.durak.testkit;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Topics of the tests' own on the shared broker ({@link TestInfra#shared()}), so that other modules' tests (and
 * builds running at the same time) neither see nor answer their records: created with 3 partitions when the
 * application starts, handed to it under the configuration properties given, deleted when it stops. A
 * subclass passes its properties and topic names, the names made unique with {@link #prefix}.
 */
public abstract class TestTopicsResource implements QuarkusTestResourceLifecycleManager {
    private final Map<String, String> topics;

    /** @param topics configuration property to topic name */
    protected TestTopicsResource(Map<String, String> topics) {
        this.topics = Map.copyOf(topics);
    }

    /** A prefix for the topics of one test run of a module: {@code <module>-test-<8 random hex digits>}. */
    public static String prefix(String module) {
        return module + "-test-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Override
    public Map<String, String> start() {
        List<NewTopic> create = topics.values().stream().map(t -> new NewTopic(t, 3, (short) 1)).toList();
        try (Admin admin = admin()) {
            admin.createTopics(create).all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("could not create the test topics", e);
            }
        } catch (Exception e) {
            throw new IllegalStateException("could not create the test topics", e);
        }
        return topics;
    }

    @Override
    public void stop() {
        try (Admin admin = admin()) {
            admin.deleteTopics(List.copyOf(topics.values())).all().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the broker is shared and stops with the build anyway
        }
    }

    private static Admin admin() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.shared().bootstrapServers());
        return Admin.create(p);
    }
}
