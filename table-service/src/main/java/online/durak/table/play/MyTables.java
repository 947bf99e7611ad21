package online.durak.table.play;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import online.durak.engine.Event;
import online.durak.engine.MatchState;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.messages.EventMessage;
import online.durak.table.auth.Player;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableListener;
import online.durak.table.projection.TableSnapshot;

/**
 * Each person's tables whose match is not over: where they sit at an open table or in a running match (on the board
 * between deals too), for "back to one's match" ({@code GET /api/me/tables}). Kept from the projections' events (the
 * tables not finished are all rebuilt at start), so it holds a table also while its projection is out of memory.
 */
@ApplicationScoped
public class MyTables implements TableListener {
    private final Projections projections;
    private final Tables tables;
    /** player id → table ids. */
    private final Map<String, Set<String>> byPlayer = new ConcurrentHashMap<>();
    /** table id → the people indexed for it. */
    private final Map<String, Set<String>> byTable = new ConcurrentHashMap<>();

    public MyTables(Projections projections, Tables tables) {
        this.projections = projections;
        this.tables = tables;
    }

    void onStart(@Observes @Priority(1) StartupEvent e) {
        projections.addListener(this);
    }

    /** Under the table's lock: only an event that can seat, unseat, start or end changes who is there. */
    @Override
    public void applied(TableSnapshot after, EventMessage event) {
        if (event.event() instanceof Event.DealEvent) {
            return;
        }
        String tableId = after.tableId();
        Set<String> now = seated(after.state());
        Set<String> before = now.isEmpty() ? byTable.remove(tableId) : byTable.put(tableId, now);
        for (String p : now) {
            if (before == null || !before.contains(p)) {
                byPlayer.computeIfAbsent(p, k -> ConcurrentHashMap.newKeySet()).add(tableId);
            }
        }
        if (before != null) {
            for (String p : before) {
                if (!now.contains(p)) {
                    byPlayer.computeIfPresent(p, (k, ids) -> {
                        ids.remove(tableId);
                        return ids.isEmpty() ? null : ids;
                    });
                }
            }
        }
    }

    /** The people seated at a table whose match is not over. */
    private static Set<String> seated(TableState t) {
        Set<String> people = new HashSet<>();
        if (t.status() == TableStatus.OPEN || t.status() == TableStatus.PLAYING) {
            for (SeatHolder h : t.seats()) {
                if (h != null && h.isHuman()) {
                    people.add(h.playerId());
                }
            }
        }
        return people;
    }

    /** My tables whose match is not over: running ones first, then the open ones, each newest first. */
    public List<Answers.MyTable> of(Player me) {
        List<TableSnapshot> mine = new ArrayList<>();
        for (String id : byPlayer.getOrDefault(me.playerId(), Set.of())) {
            tables.find(id).filter(s -> seated(s.state()).contains(me.playerId())).ifPresent(mine::add);
        }
        mine.sort(Comparator.comparing((TableSnapshot s) -> s.state().status() != TableStatus.PLAYING)
                .thenComparing(TableSnapshot::createdAt, Comparator.nullsLast(Comparator.reverseOrder())));
        return mine.stream().map(s -> row(s, s.seatOf(me.playerId()))).toList();
    }

    private static Answers.MyTable row(TableSnapshot s, int seat) {
        TableState t = s.state();
        MatchState m = t.match();
        boolean myTurn = t.toAct() == seat || t.onBoard() && !t.continued().contains(seat);
        return new Answers.MyTable(s.tableId(), t.status().name(), t.rules(), seat, TableViews.seats(t),
                m == null ? null : m.dealNumber(), myTurn);
    }
}
