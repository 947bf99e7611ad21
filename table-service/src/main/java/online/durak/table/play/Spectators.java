package online.durak.table.play;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import online.durak.engine.Rules;
import online.durak.engine.table.TableStatus;
import online.durak.table.projection.TableSnapshot;

/**
 * Who may watch a table without a seat, and how many do now. A table may be watched while its match runs and after it,
 * when its settings allow spectators ({@link Rules#spectators}: never with a stake) and it is no daily game's table
 * (whose cards nobody but its player may see until the day ends, docs/daily.md). A spectator sees the public view only
 * ({@link TableViews#view} for seat {@link #NO_SEAT}). The number is counted from the sockets watching (ws.Sessions)
 * and shown in every view of the table.
 */
@ApplicationScoped
public class Spectators {
    /** The seat of a spectator in a view. */
    public static final int NO_SEAT = online.durak.messages.EventVisibility.NO_SEAT;

    private final Map<String, Integer> watching = new ConcurrentHashMap<>();

    /** Whether a person without a seat may watch the table now. */
    public static boolean mayWatch(TableSnapshot s) {
        Rules rules = s.state().rules();
        TableStatus status = s.state().status();
        return (status == TableStatus.PLAYING || status == TableStatus.FINISHED) && rules.spectators()
                && rules.daily() == null;
    }

    /** How many watch the table now. */
    public int at(String tableId) {
        return watching.getOrDefault(tableId, 0);
    }

    /** A seat's view, or a spectator's ({@link #NO_SEAT}), with the number watching now. */
    public Answers.TableView view(TableSnapshot s, int seat) {
        return TableViews.view(s, seat, at(s.tableId()));
    }

    /** One more spectator ({@code +1}) or one fewer ({@code -1}); the number now. */
    public int changed(String tableId, int by) {
        Integer now = watching.compute(tableId, (k, n) -> (n == null ? 0 : n) + by <= 0 ? null : (n == null ? 0 : n) + by);
        return now == null ? 0 : now;
    }
}
