package online.durak.rules.store;

import online.durak.testkit.MigrationsContract;

/** This service's migrations against its schema of before them (src/test/resources/db/before-migrations.sql). */
class MigrationsTest extends MigrationsContract {

    @Override
    protected String row() {
        return "insert into table_events (table_id, seq, type, event, at) values ('t', 1, 'TableCreated', '{}', now())";
    }
}
