package online.durak.table.ws;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import online.durak.messages.EventMessage;
import online.durak.messages.EventVisibility;
import online.durak.table.play.TableViews;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableListener;
import online.durak.table.projection.TableSnapshot;

/**
 * What each connection is sent of its table (docs/websocket.md): every event the projection applies as the seat may
 * see it, with the seat's view after it; the view on opening; and a resync. All of it under the table's lock, so a
 * connection gets each seq once and in order ({@link Session#lastSent}).
 */
@ApplicationScoped
public class ViewPush implements TableListener {
    private final Projections projections;
    private final Sessions sessions;

    public ViewPush(Projections projections, Sessions sessions) {
        this.projections = projections;
        this.sessions = sessions;
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
            int seat = after.seatOf(s.player.playerId());
            s.lastSent = event.seq();
            s.send(new ServerFrame.Event(event.seq(),
                    TableViews.seatEvent(after, event, seat >= 0 ? seat : EventVisibility.NO_SEAT),
                    seat >= 0 ? TableViews.view(after, seat) : null));
        }
    }

    /** Sends the view; the caller holds the table's lock. */
    void view(Session session, TableSnapshot s) {
        int seat = s.seatOf(session.player.playerId());
        session.lastSent = s.seq();
        session.send(new ServerFrame.View(s.seq(), seat >= 0 ? TableViews.view(s, seat) : null));
    }

    /** Every event after {@code lastSeq} as the seat may see it, then the view. */
    void resync(Session session, long lastSeq) {
        projections.withTable(session.tableId, s -> {
            int seat = s.seatOf(session.player.playerId());
            int viewer = seat >= 0 ? seat : EventVisibility.NO_SEAT;
            for (long seq = Math.min(lastSeq, s.seq()) + 1; seq <= s.seq(); seq++) {
                session.send(new ServerFrame.ResyncEvent(seq, TableViews.seatEvent(s, s.event(seq), viewer)));
            }
            view(session, s);
            return null;
        });
    }
}
