package online.durak.testkit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Signs a token out as table-service's {@code DELETE /api/sessions/current} does: a row of {@code revoked_tokens} in the
 * test run's PostgreSQL, which every service checks, announced on the channel every service listens to (durak-service's
 * Revocations). A service tested without table-service meets a database its migrations have not run on, so the table
 * is made here as its V1 makes it.
 */
public final class SignedOut {
    private SignedOut() {
    }

    /** The channel durak-service's Revocations listens to (its {@code CHANNEL}). */
    private static final String CHANNEL = "durak_signed_out";

    /** The token with this id ({@code jti}) of this player is signed out, for the next hour, and it is announced. */
    public static void token(String jti, String playerId) {
        token(jti, playerId, true);
    }

    /**
     * The token is signed out; announced or not. Unannounced, only a service that asks the table (its channel lost) or
     * reads it whole (a new subscription, the periodic read) learns of it: for the tests of a lost channel.
     */
    public static void token(String jti, String playerId, boolean announce) {
        long expiry = java.time.Instant.now().plusSeconds(3600).getEpochSecond();
        TestInfra infra = TestInfra.shared();
        try (Connection c = DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password())) {
            try (Statement st = c.createStatement()) {
                st.execute("create table if not exists revoked_tokens (jti text primary key, player_id text not null, "
                        + "expires_at timestamptz not null)");
            }
            try (PreparedStatement ps = c.prepareStatement("insert into revoked_tokens (jti, player_id, expires_at) "
                    + "values (?, ?, to_timestamp(?)) on conflict (jti) do nothing")) {
                ps.setString(1, jti);
                ps.setString(2, playerId);
                ps.setLong(3, expiry);
                ps.executeUpdate();
            }
            if (announce) {
                try (PreparedStatement ps = c.prepareStatement("select pg_notify(?, ?)")) {
                    ps.setString(1, CHANNEL);
                    ps.setString(2, expiry + " " + jti);
                    ps.execute();
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot sign the token out in the test database", e);
        }
    }
}
