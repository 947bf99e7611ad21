package online.durak.table.it;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import online.durak.testkit.TestInfra;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Commands and replies of these tests go through topics of their own, so that no rules service of another
 * build sharing the broker answers them (a command nobody answers is what RULES_TIMEOUT is tested with, and
 * {@link FakeRules} answers the rest). Table events use the real {@code durak.table-events}.
 */
public class TestTopics implements QuarkusTestResourceLifecycleManager {
    static final String PREFIX = "table-service-test-" + UUID.randomUUID().toString().substring(0, 8);
    public static final String COMMANDS = PREFIX + ".commands";
    public static final String REPLIES = PREFIX + ".replies";

    @Override
    public Map<String, String> start() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.shared().bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(List.of(new NewTopic(COMMANDS, 3, (short) 1), new NewTopic(REPLIES, 3, (short) 1)))
                    .all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("could not create the test topics", e);
            }
        } catch (Exception e) {
            throw new IllegalStateException("could not create the test topics", e);
        }
        return Map.of("durak.topics.commands", COMMANDS, "durak.topics.replies", REPLIES);
    }

    @Override
    public void stop() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.shared().bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            admin.deleteTopics(List.of(COMMANDS, REPLIES)).all().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the broker is shared and stops with the build anyway
        }
    }
}
