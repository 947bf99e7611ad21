package online.durak.leaderboard.store;

import online.durak.testkit.MigrationsContract;

/** This service's migrations against its schema of before them (src/test/resources/db/before-migrations.sql). */
class MigrationsTest extends MigrationsContract {

    @Override
    protected String row() {
        return "insert into ch_accounts values ('p', 1000, 0, null)";
    }
}
