package online.durak.matchmaking.store;

import online.durak.testkit.MigrationsContract;

/** This service's migrations against its schema of before them (src/test/resources/db/before-migrations.sql). */
class MigrationsTest extends MigrationsContract {

    @Override
    protected String row() {
        return "insert into mm_daily values ('t', 'p', current_date, false, now(), null)";
    }
}
