package online.durak.matchmaking;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import online.durak.messages.Codec;
import online.durak.testkit.TestInfra;

/** A table's event log as the rules service stored it (JDBC to the shared test database). */
public final class TableLog {
    private TableLog() {
    }

    public record Entry(String type, JsonNode event) {
    }

    public static List<Entry> of(String tableId) {
        TestInfra infra = TestInfra.shared();
        try (Connection c = DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password());
             PreparedStatement s = c.prepareStatement(
                     "select type, event::text from table_events where table_id = ? order by seq")) {
            s.setString(1, tableId);
            List<Entry> log = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    log.add(new Entry(r.getString(1), Codec.parse(r.getString(2))));
                }
            }
            return log;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The seats taken, by seat: a player id, or {@code bot:<LEVEL>}. */
    public static List<String> seats(List<Entry> log) {
        List<String> seats = new ArrayList<>();
        for (Entry e : log) {
            if (e.type().equals("SeatTaken")) {
                JsonNode bot = e.event().path("bot");
                seats.add(bot.isTextual() ? "bot:" + bot.asText() : e.event().path("playerId").asText());
            }
        }
        return seats;
    }

    public static boolean started(List<Entry> log) {
        return log.stream().anyMatch(e -> e.type().equals("MatchStarted"));
    }
}
