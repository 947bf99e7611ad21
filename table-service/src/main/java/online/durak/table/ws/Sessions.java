package online.durak.table.ws;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.websockets.next.CloseReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import online.durak.table.play.Draining;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableSnapshot;

/**
 * Who is connected to which table. A table's sessions change only under the table's lock
 * ({@link Projections#withTable}), like everything sent for it, so each connection gets the table's seqs in order and
 * none twice. When the stop begins ({@link Draining}) every connection is closed with 1001.
 */
@ApplicationScoped
public class Sessions implements Draining.StopListener {
    private final Projections projections;
    private final Map<String, Map<String, Session>> byTable = new ConcurrentHashMap<>();
    private final Map<String, Session> byConnection = new ConcurrentHashMap<>();

    public Sessions(Projections projections, MeterRegistry registry) {
        this.projections = projections;
        registry.gaugeMapSize("durak.websocket.connections", List.of(), byConnection);
    }

    /** Adds the session; {@code first} runs under the table's lock with its snapshot, before any event is sent. */
    void add(Session session, Consumer<TableSnapshot> first) {
        byConnection.put(session.connection.id(), session);
        projections.withTable(session.tableId, s -> {
            byTable.computeIfAbsent(session.tableId, k -> new ConcurrentHashMap<>())
                    .put(session.connection.id(), session);
            first.accept(s);
            return null;
        });
    }

    /** Removes the session; {@code gone} runs with it under the table's lock, after it was removed. */
    void remove(String connectionId, Consumer<Session> gone) {
        Session s = byConnection.remove(connectionId);
        if (s != null) {
            projections.withTable(s.tableId, snapshot -> {
                Map<String, Session> sessions = byTable.get(s.tableId);
                if (sessions != null) {
                    sessions.remove(connectionId);
                    if (sessions.isEmpty()) {
                        byTable.remove(s.tableId);
                    }
                }
                gone.accept(s);
                return null;
            });
        }
    }

    /** The session of a connection, or null (refused, or closed). */
    Session of(String connectionId) {
        return byConnection.get(connectionId);
    }

    /** The sessions of a table; the caller holds the table's lock. */
    Collection<Session> at(String tableId) {
        Map<String, Session> sessions = byTable.get(tableId);
        return sessions == null ? List.of() : sessions.values();
    }

    /** Every session, whatever its table. */
    Collection<Session> all() {
        return byConnection.values();
    }

    /** Whether someone is connected to the table (so its projection stays in memory). */
    boolean holds(String tableId) {
        return byTable.containsKey(tableId);
    }

    /** The stop has begun: every connection is closed with 1001 (going away). */
    @Override
    public int stopping() {
        int n = 0;
        for (Session s : byConnection.values()) {
            if (s.connection.isOpen()) {
                n++;
                s.connection.close(new CloseReason(1001, "the server is stopping")).subscribe().with(v -> { }, x -> { });
            }
        }
        return n;
    }

    /** Whatever is still open when the application stops (the stop began with {@link #stopping()}). */
    void onStop(@Observes ShutdownEvent e) {
        stopping();
    }
}
