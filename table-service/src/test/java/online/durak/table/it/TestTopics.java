package online.durak.table.it;

import java.util.Map;
import online.durak.testkit.TestTopicsResource;

/**
 * Commands and replies of these tests go through topics of their own, so that no rules service of another
 * build sharing the broker answers them (a command nobody answers is what RULES_TIMEOUT is tested with, and
 * {@link FakeRules} answers the rest). Table events use the real {@code durak.table-events}.
 */
public class TestTopics extends TestTopicsResource {
    static final String PREFIX = prefix("table-service");
    public static final String COMMANDS = PREFIX + ".commands";
    public static final String REPLIES = PREFIX + ".replies";

    public TestTopics() {
        super(Map.of("durak.kafka.topics.commands", COMMANDS, "durak.kafka.topics.replies", REPLIES));
    }
}
