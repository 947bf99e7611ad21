package online.durak.testkit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Signs a token out as table-service's {@code DELETE /api/sessions/current} does: a row of {@code revoked_tokens} in the
 * test run's PostgreSQL, which every service checks (durak-service's Revocations). A service tested without
 * table-service meets a database its migrations have not run on, so the table is made here as its V1 makes it.
 */
public final class SignedOut {
    private SignedOut() {
    }

    /** The token with this id ({@code jti}) of this player is signed out, for the next hour. */
    public static void token(String jti, String playerId) {
        TestInfra infra = TestInfra.shared();
        try (Connection c = DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password())) {
            try (Statement st = c.createStatement()) {
                st.execute("create table if not exists revoked_tokens (jti text primary key, player_id text not null, "
                        + "expires_at timestamptz not null)");
            }
            try (PreparedStatement ps = c.prepareStatement("insert into revoked_tokens (jti, player_id, expires_at) "
                    + "values (?, ?, now() + interval '1 hour') on conflict (jti) do nothing")) {
                ps.setString(1, jti);
                ps.setString(2, playerId);
                ps.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot sign the token out in the test database", e);
        }
    }
}
