package online.durak.rules.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import online.durak.testkit.MigrationsContract;
import org.junit.jupiter.api.Test;

/** This service's migrations against its schema of before them (src/test/resources/db/before-migrations.sql). */
class MigrationsTest extends MigrationsContract {

    @Override
    protected String row() {
        return "insert into table_events (table_id, seq, type, event, at, published)"
            + " values ('t', 1, 'TableCreated', '{}', now(), true)";
    }

    /** V3: the events the flag called unpublished become outbox rows, so the relay still publishes them. */
    @Test
    void eventsLeftUnpublished_moveToTheOutbox() throws Exception {
        String schema = schema();
        migrate(schema, "2");
        run(schema, "insert into table_events (table_id, seq, type, event, at, published) values"
            + " ('t', 1, 'TableCreated', '{}', now(), true), ('t', 2, 'SeatTaken', '{}', now(), false),"
            + " ('u', 1, 'TableCreated', '{}', now(), false)");
        migrate(schema, null);
        List<String> outbox = new ArrayList<>();
        try (Connection c = connect(); Statement st = c.createStatement(); ResultSet r = st.executeQuery(
            "select table_id || ' ' || first_seq || '..' || last_seq from " + schema + ".outbox order by 1")) {
            while (r.next()) {
                outbox.add(r.getString(1));
            }
        }
        assertEquals(List.of("t 2..2", "u 1..1"), outbox);
    }
}
