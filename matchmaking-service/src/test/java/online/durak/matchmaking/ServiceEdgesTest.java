package online.durak.matchmaking;

import io.quarkus.test.junit.QuarkusTest;
import online.durak.testkit.ServiceEdgesContract;

/** The still empty application's edges: health, info, metrics and the shared JSON errors. */
@QuarkusTest
class ServiceEdgesTest extends ServiceEdgesContract {
    @Override
    protected String service() {
        return "matchmaking-service";
    }
}
