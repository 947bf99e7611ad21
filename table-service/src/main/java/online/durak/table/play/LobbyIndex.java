package online.durak.table.play;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import online.durak.engine.Event;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.messages.EventMessage;
import online.durak.table.play.Answers.LobbyTable;
import online.durak.table.play.LobbyQuery.Place;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableListener;
import online.durak.table.projection.TableSnapshot;

/**
 * The lobby's tables, in the lobby's order ({@link Place}: newest first): every open table (but an "Again" table still
 * waiting for its own people, {@link Rematches#reserved}) and every running table one may watch ({@link
 * Spectators#mayWatch}), each as its {@link LobbyTable} row. Kept up to date under each table's lock as its events are
 * applied (so a page asked for after a command's answer already has its outcome), and every change of a row is handed
 * to {@link LobbyWatch}, which tells the subscribed sockets. A page is a walk of the sorted map from the page token's
 * place, matching each row against the filter, until the page is full.
 */
@ApplicationScoped
public class LobbyIndex implements TableListener {
    private final Projections projections;
    private final Rematches rematches;
    private final LobbyWatch watch;
    private final NavigableMap<Place, LobbyTable> rows = new ConcurrentSkipListMap<>();
    private final Map<String, Place> places = new ConcurrentHashMap<>();

    public LobbyIndex(Projections projections, Rematches rematches, LobbyWatch watch, MeterRegistry registry) {
        this.projections = projections;
        this.rematches = rematches;
        this.watch = watch;
        registry.gaugeMapSize("durak.lobby.tables", List.of(), places);
    }

    /** Before the projections are rebuilt at start (the consumers start on StartupEvent too, later). */
    void onStart(@Observes @Priority(1) StartupEvent e) {
        projections.addListener(this);
        watch.index(this);
    }

    /**
     * Under the table's lock: the table's row now, and LobbyWatch told when it changed. A move never changes a row
     * (seats, status and settings change only by the table's own events), so a deal's events are passed over.
     */
    @Override
    public void applied(TableSnapshot after, EventMessage event) {
        if (event.event() instanceof Event.DealEvent) {
            return;
        }
        LobbyTable row = row(after);
        String id = after.tableId();
        Place place = places.get(id);
        if (row == null) {
            if (place != null) {
                places.remove(id);
                rows.remove(place);
                watch.changed(id);
            }
            return;
        }
        if (place == null) {
            place = new Place(row.createdAt(), id);
            places.put(id, place);
        }
        if (!row.equals(rows.put(place, row))) {
            watch.changed(id);
        }
    }

    /** The table's row as the lobby lists it, or null when the lobby does not list it. */
    LobbyTable row(TableSnapshot s) {
        TableState t = s.state();
        boolean open = t.status() == TableStatus.OPEN && !rematches.reserved(s.tableId());
        if (!open && !(t.status() == TableStatus.PLAYING && Spectators.mayWatch(s))) {
            return null;
        }
        return new LobbyTable(s.tableId(), t.status().name(), t.rules(), t.createdBy(),
                s.createdAt() == null ? java.time.Instant.EPOCH : s.createdAt(), TableViews.seats(t), t.freeSeats());
    }

    /** The table's row now, or null when the lobby does not list it. */
    LobbyTable row(String tableId) {
        Place place = places.get(tableId);
        return place == null ? null : rows.get(place);
    }

    Place place(String tableId) {
        return places.get(tableId);
    }

    /** The rows after {@code after} (null: from the first), in the lobby's order. */
    Iterable<Map.Entry<Place, LobbyTable>> after(Place after) {
        return (after == null ? rows : rows.tailMap(after, false)).entrySet();
    }

    /** A page: the first {@code query.limit()} rows after {@code after} (null: from the first) that pass the filter. */
    public Answers.LobbyPage page(LobbyQuery query, Place after) {
        List<LobbyTable> page = new ArrayList<>(query.limit());
        Place last = null;
        for (Map.Entry<Place, LobbyTable> e : after(after)) {
            if (query.matches(e.getValue())) {
                if (page.size() == query.limit()) {
                    return new Answers.LobbyPage(page, last.token());
                }
                page.add(e.getValue());
                last = e.getKey();
            }
        }
        return new Answers.LobbyPage(page, null);
    }

    /** Every row the lobby lists now (unordered, for a count). */
    Iterable<LobbyTable> all() {
        return rows.values();
    }
}
