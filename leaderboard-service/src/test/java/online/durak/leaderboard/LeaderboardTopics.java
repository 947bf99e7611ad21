package online.durak.leaderboard;

import java.util.Map;
import online.durak.testkit.TestTopicsResource;

/**
 * The table events of these tests go through a topic of their own: the broker is shared with the other modules'
 * tests, whose tables must not reach this leaderboard. The test stands in for the rules service: it writes the events
 * to {@code table_events} and publishes them.
 */
public class LeaderboardTopics extends TestTopicsResource {
    public static final String EVENTS = prefix("leaderboard-service") + ".table-events";

    public LeaderboardTopics() {
        super(Map.of("durak.kafka.topics.table-events", EVENTS));
    }
}
