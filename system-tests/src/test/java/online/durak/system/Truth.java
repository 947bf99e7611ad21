package online.durak.system;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.messages.Codec;

/**
 * A table as its stored event log says it is: the events of {@code table_events} read with plain JDBC and
 * {@link Codec#readEvent}, and the state after each of them, folded with {@link TableDecider#evolve}.
 */
final class Truth {

    final String tableId;
    /** {@code events.get(seq - 1)} is the event with that seq. */
    final List<Event> events;
    /** {@code states.get(seq)} is the table after event {@code seq}; {@code states.get(0)} before any. */
    final List<TableState> states;

    private Truth(String tableId, List<Event> events) {
        this.tableId = tableId;
        this.events = events;
        this.states = new ArrayList<>(events.size() + 1);
        TableState s = TableState.NONE;
        states.add(s);
        for (Event e : events) {
            s = TableDecider.TABLE.evolve(s, e);
            states.add(s);
        }
    }

    static Truth load(String tableId) {
        List<Event> events = new ArrayList<>();
        try (Connection c = SystemUnderTest.database();
             PreparedStatement q = c.prepareStatement(
                 "select seq, event::text from table_events where table_id = ? order by seq")) {
            q.setString(1, tableId);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    long seq = r.getLong(1);
                    if (seq != events.size() + 1) {
                        throw new AssertionError("table " + tableId + ": seq " + seq + " follows " + events.size());
                    }
                    events.add(Codec.readEvent(Codec.parse(r.getString(2))));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return new Truth(tableId, List.copyOf(events));
    }

    /** How many events the table's log holds (the last seq). */
    static long lastSeq(String tableId) {
        try (Connection c = SystemUnderTest.database();
             PreparedStatement q = c.prepareStatement("select coalesce(max(seq), 0), count(*) from table_events where table_id = ?")) {
            q.setString(1, tableId);
            try (ResultSet r = q.executeQuery()) {
                r.next();
                if (r.getLong(1) != r.getLong(2)) {
                    throw new AssertionError("table " + tableId + " has a gap in its seqs");
                }
                return r.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The events a command appended (by the command id on the wire: {@code <playerId>:<commandId>}). */
    static long eventsOfCommand(String tableId, String wireCommandId) {
        return count("select count(*) from table_events where table_id = ? and command_id = ?", tableId, wireCommandId);
    }

    /** How many commands rows there are for this command id (the rules service keeps one per command). */
    static long commandRows(String wireCommandId) {
        return count("select count(*) from commands where command_id = ?", wireCommandId);
    }

    static long count(String sql, String... args) {
        try (Connection c = SystemUnderTest.database(); PreparedStatement q = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                q.setString(i + 1, args[i]);
            }
            try (ResultSet r = q.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    long lastSeq() {
        return events.size();
    }

    TableState at(long seq) {
        if (seq < 0 || seq >= states.size()) {
            throw new AssertionError("table " + tableId + " has no seq " + seq + " (last " + lastSeq() + ")");
        }
        return states.get((int) seq);
    }

    TableState last() {
        return states.get(states.size() - 1);
    }

    Rules rules() {
        return states.get(1).rules();
    }

    Event event(long seq) {
        return events.get((int) seq - 1);
    }
}
