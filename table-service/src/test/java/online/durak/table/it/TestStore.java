package online.durak.table.it;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import online.durak.testkit.TestEventStore;

/**
 * Writes events straight into the event store, as the rules service does (the table service itself only
 * reads it); see {@link TestEventStore}.
 */
@ApplicationScoped
public class TestStore extends TestEventStore {
    private final Pool pool;

    public TestStore(Pool pool) {
        super(pool);
        this.pool = pool;
    }

    /** How many events of this type the table's log holds. */
    public long count(String tableId, String type) {
        ensureSchema();
        return pool.preparedQuery("select count(*) as n from table_events where table_id = $1 and type = $2")
                .execute(Tuple.of(tableId, type)).await().atMost(Duration.ofSeconds(20)).iterator().next().getLong("n");
    }
}
