package online.durak.table.ws;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import online.durak.messages.EventMessage;
import online.durak.table.play.Answers;
import online.durak.table.play.Spectators;
import online.durak.table.play.TableViews;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableListener;
import online.durak.table.projection.TableSnapshot;

/**
 * What each connection is sent of its table (docs/websocket.md): every event the projection applies as the seat may
 * see it, with the seat's view after it; the view on opening; and a resync. A connection without a seat sees what a
 * spectator sees ({@link Spectators}): events without any hand, and the public view while the table may be watched
 * (else no view: one who left a table that may not be watched). All of it under the table's lock, so a connection gets
 * each seq once and in order ({@link Session#lastSent}).
 */
@ApplicationScoped
public class ViewPush implements TableListener {
    private final Projections projections;
    private final Sessions sessions;
    private final Spectators spectators;

    public ViewPush(Projections projections, Sessions sessions, Spectators spectators) {
        this.projections = projections;
        this.sessions = sessions;
        this.spectators = spectators;
    }

    void onStart(@Observes StartupEvent e) {
        projections.addListener(this);
    }

    @Override
    public boolean holds(String tableId) {
        return sessions.holds(tableId);
    }

    @Override
    public void applied(TableSnapshot after, EventMessage event) {
        for (Session s : sessions.at(after.tableId())) {
            if (event.seq() <= s.lastSent) {
                continue;
            }
            int seat = viewer(after, s);
            s.lastSent = event.seq();
            s.send(new ServerFrame.Event(event.seq(), TableViews.seatEvent(after, event, seat), view(after, seat)));
        }
    }

    /** The connection's seat, or {@link Spectators#NO_SEAT}. */
    private static int viewer(TableSnapshot s, Session session) {
        int seat = s.seatOf(session.player.playerId());
        return seat >= 0 ? seat : Spectators.NO_SEAT;
    }

    /** The seat's view, the public view for a spectator while the table may be watched, else null. */
    private Answers.TableView view(TableSnapshot s, int seat) {
        return seat >= 0 || Spectators.mayWatch(s) ? spectators.view(s, seat) : null;
    }

    /** Sends the view; the caller holds the table's lock. */
    void view(Session session, TableSnapshot s) {
        session.lastSent = s.seq();
        session.send(new ServerFrame.View(s.seq(), view(s, viewer(s, session))));
    }

    /**
     * A spectator came ({@code by} 1) or went (-1): the number now, said to every other connection of the table (the
     * one that came gets it in its first view); the caller holds the table's lock.
     */
    void spectator(Session session, int by) {
        int count = spectators.changed(session.tableId, by);
        for (Session s : sessions.at(session.tableId)) {
            if (s != session) {
                s.send(new ServerFrame.Spectators(count));
            }
        }
    }

    /** Every event after {@code lastSeq} as the seat may see it, then the view. */
    void resync(Session session, long lastSeq) {
        projections.withTable(session.tableId, s -> {
            int viewer = viewer(s, session);
            for (long seq = Math.min(lastSeq, s.seq()) + 1; seq <= s.seq(); seq++) {
                session.send(new ServerFrame.ResyncEvent(seq, TableViews.seatEvent(s, s.event(seq), viewer)));
            }
            view(session, s);
            return null;
        });
    }
}
