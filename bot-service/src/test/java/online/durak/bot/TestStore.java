package online.durak.bot;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;

/**
 * Writes events straight into the event store, as the rules service does (this service only reads it). The
 * schema is docs/spine.md's, created if this test runs before any rules service ever did.
 */
@ApplicationScoped
public class TestStore {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private final Pool pool;
    private volatile boolean schema;

    public TestStore(Pool pool) {
        this.pool = pool;
    }

    void ensureSchema() {
        if (schema) {
            return;
        }
        String ddl = """
                create table if not exists table_events (
                    table_id   text        not null,
                    seq        bigint      not null,
                    type       text        not null,
                    event      jsonb       not null,
                    command_id text,
                    at         timestamptz not null,
                    published  boolean     not null default false,
                    primary key (table_id, seq)
                )""";
        for (int attempt = 1; ; attempt++) {
            try {
                pool.query(ddl).execute().await().atMost(WAIT);
                break;
            } catch (RuntimeException e) {
                if (attempt >= 3) { // two builds creating it at the same time: the loser's retry sees it
                    throw e;
                }
            }
        }
        schema = true;
    }

    public void insert(List<EventMessage> events) {
        ensureSchema();
        List<Tuple> rows = new ArrayList<>();
        for (EventMessage m : events) {
            rows.add(Tuple.tuple(Arrays.asList(m.tableId(), m.seq(), m.type(), Codec.toJson(m.event()), m.commandId(),
                    m.at().atOffset(ZoneOffset.UTC))));
        }
        pool.preparedQuery("insert into table_events (table_id, seq, type, event, command_id, at, published) "
                + "values ($1, $2, $3, $4::text::jsonb, $5, $6, true)").executeBatch(rows).await().atMost(WAIT);
    }
}
