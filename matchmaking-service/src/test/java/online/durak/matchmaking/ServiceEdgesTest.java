package online.durak.matchmaking;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.ServiceEdgesContract;

/** The service's edges: health, info, metrics (its own among them) and the shared JSON errors. */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(WithRulesService.class)
class ServiceEdgesTest extends ServiceEdgesContract {
    @Override
    protected String service() {
        return "matchmaking-service";
    }

    @Override
    protected List<String> metrics() {
        return List.of("durak_matchmaking_tables_formed_total", "durak_matchmaking_tickets_dropped_total",
                "durak_matchmaking_tables_refused_total", "durak_matchmaking_wait_seconds");
    }
}
