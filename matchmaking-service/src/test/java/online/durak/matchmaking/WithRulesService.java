package online.durak.matchmaking;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import online.durak.deploy.ServiceProcess;
import online.durak.testkit.TestTopicsResource;

/**
 * Topics of these tests' own (commands, replies, table events) and the real rules-service answering on them
 * ({@link RulesProcess}), so that a formed table is created and started as in production.
 */
public class WithRulesService extends TestTopicsResource {
    static final String PREFIX = prefix("matchmaking-service");
    static final Map<String, String> TOPICS = Map.of(
            "durak.kafka.topics.commands", PREFIX + ".commands",
            "durak.kafka.topics.replies", PREFIX + ".replies",
            "durak.kafka.topics.table-events", PREFIX + ".table-events");
    private ServiceProcess rules;

    public WithRulesService() {
        super(TOPICS);
    }

    @Override
    public Map<String, String> start() {
        Map<String, String> config = super.start();
        rules = RulesProcess.start(TOPICS, Path.of("target", "service-logs", "rules-service.log").toAbsolutePath());
        return config;
    }

    @Override
    public void stop() {
        if (rules != null) {
            rules.stop(Duration.ofSeconds(10));
        }
        super.stop();
    }
}
