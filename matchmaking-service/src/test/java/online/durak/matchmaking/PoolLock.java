package online.durak.matchmaking;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import online.durak.testkit.TestInfra;

/**
 * Holds a pool's advisory lock from a session of the test's own, as another instance forming the pool would: while
 * it is held no instance forms the pool, so a test can look at waiting tickets without racing the bots' fill.
 */
public final class PoolLock implements AutoCloseable {
    private final Connection connection;

    public PoolLock(String pool) {
        TestInfra infra = TestInfra.shared();
        try {
            connection = DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password());
            try (PreparedStatement s = connection.prepareStatement(
                    "select pg_advisory_lock(hashtext('durak.matchmaking'), hashtext(?))")) {
                s.setString(1, pool);
                s.execute();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close(); // ends the session, and its lock
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
