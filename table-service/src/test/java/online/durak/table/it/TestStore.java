package online.durak.table.it;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import online.durak.testkit.TestEventStore;

/**
 * Writes events straight into the event store, as the rules service does (the table service itself only
 * reads it); see {@link TestEventStore}.
 */
@ApplicationScoped
public class TestStore extends TestEventStore {

    public TestStore(Pool pool) {
        super(pool);
    }
}
