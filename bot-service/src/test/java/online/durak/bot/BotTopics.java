package online.durak.bot;

import java.util.Map;
import online.durak.testkit.TestTopicsResource;

/**
 * The table events, commands and replies of these tests go through topics of their own: the broker is shared with the
 * other modules' tests (and builds running at the same time), whose rules services would otherwise act on the
 * commands of these made-up tables, and whose tables this bot service would otherwise play at. The test
 * stands in for the rules service: it writes the events to {@code table_events} and to the events topic.
 */
public class BotTopics extends TestTopicsResource {
    static final String PREFIX = prefix("bot-service");
    public static final String EVENTS = PREFIX + ".table-events";
    public static final String COMMANDS = PREFIX + ".commands";
    public static final String REPLIES = PREFIX + ".replies";

    public BotTopics() {
        super(Map.of("durak.kafka.topics.table-events", EVENTS, "durak.kafka.topics.commands", COMMANDS,
                "durak.kafka.topics.replies", REPLIES));
    }
}
