package online.durak.rules;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.ServiceEdgesContract;

@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
class ServiceEdgesTest extends ServiceEdgesContract {
    @Override
    protected String service() {
        return "rules-service";
    }

    @Override
    protected List<String> metrics() {
        return List.of("durak_rules_commands_total", "durak_rules_decide_commit_seconds",
                // the Kafka clients' own: how far behind the commands each consumer is, the producer's latency
                "kafka_consumer_fetch_manager_records_lag_max", "kafka_producer_request_latency_avg");
    }
}
