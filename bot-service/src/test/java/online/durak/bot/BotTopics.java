package online.durak.bot;

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
 * The table events, commands and replies of these tests go through topics of their own: the broker is shared with the
 * other modules' tests (and builds running at the same time), whose rules services would otherwise act on the
 * commands of these made-up tables, and whose tables this bot service would otherwise play at. The test
 * stands in for the rules service: it writes the events to {@code table_events} and to the events topic.
 */
public class BotTopics implements QuarkusTestResourceLifecycleManager {
    static final String PREFIX = "bot-service-test-" + UUID.randomUUID().toString().substring(0, 8);
    public static final String EVENTS = PREFIX + ".table-events";
    public static final String COMMANDS = PREFIX + ".commands";
    public static final String REPLIES = PREFIX + ".replies";

    @Override
    public Map<String, String> start() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.shared().bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(List.of(new NewTopic(EVENTS, 3, (short) 1), new NewTopic(COMMANDS, 3, (short) 1),
                            new NewTopic(REPLIES, 3, (short) 1)))
                    .all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("could not create the test topics", e);
            }
        } catch (Exception e) {
            throw new IllegalStateException("could not create the test topics", e);
        }
        return Map.of("durak.bot.topics.table-events", EVENTS, "durak.bot.topics.commands", COMMANDS,
                "durak.bot.topics.replies", REPLIES);
    }

    @Override
    public void stop() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.shared().bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            admin.deleteTopics(List.of(EVENTS, COMMANDS, REPLIES)).all().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the broker is shared and stops with the build anyway
        }
    }
}
