package online.durak.leaderboard;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import online.durak.testkit.TestEventStore;

/** Writes events straight into the event store, as the rules service does (this service only reads it). */
@ApplicationScoped
public class TestStore extends TestEventStore {

    public TestStore(Pool pool) {
        super(pool);
    }
}
