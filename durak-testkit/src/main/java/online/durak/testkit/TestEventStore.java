package online.durak.testkit;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.store.TableEvents;
import org.flywaydb.core.Flyway;

/**
 * Writes events straight into the event store, as the rules service does (the services that test with it
 * only read it). The schema is the rules service's: durak-store's migrations ({@link TableEvents#MIGRATIONS}), run
 * with Flyway as the rules service runs them at start (the same history, so either may come first). A plain
 * object: a service's tests make it a bean by extending it.
 */
public class TestEventStore {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private final Pool pool;
    private volatile boolean schema;

    public TestEventStore(Pool pool) {
        this.pool = pool;
    }

    /** For the client proxy of a subclass that is a normal-scoped bean only. */
    protected TestEventStore() {
        this(null);
    }

    public void ensureSchema() {
        if (!schema) {
            migrate(TestInfra.shared());
            schema = true;
        }
    }

    /** Runs the event store's migrations on the test run's database, as the rules service does at start. */
    public static void migrate(TestInfra infra) {
        Flyway.configure(TestEventStore.class.getClassLoader())
                .dataSource(infra.jdbcUrl(), infra.user(), infra.password())
                .locations(TableEvents.MIGRATIONS).table(TableEvents.HISTORY)
                .baselineOnMigrate(true).baselineVersion("0")
                .load().migrate();
    }

    /** Inserts the events as published (no outbox row). */
    public void insert(List<EventMessage> events) {
        ensureSchema();
        List<Tuple> rows = new ArrayList<>();
        for (EventMessage m : events) {
            rows.add(Tuple.tuple(Arrays.asList(m.tableId(), m.seq(), m.type(), Codec.toJson(m.event()), m.commandId(),
                    m.at().atOffset(ZoneOffset.UTC))));
        }
        pool.preparedQuery("insert into table_events (table_id, seq, type, event, command_id, at) "
                + "values ($1, $2, $3, $4::text::jsonb, $5, $6)").executeBatch(rows).await().atMost(WAIT);
    }

    /** How many events of the table are stored. */
    public long count(String tableId) {
        ensureSchema();
        return pool.preparedQuery("select count(*) as n from table_events where table_id = $1")
                .execute(Tuple.of(tableId)).await().atMost(WAIT).iterator().next().getLong("n");
    }
}
