package online.durak.engine.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import online.durak.engine.MatchState;
import online.durak.engine.Rules;

/**
 * A table: its settings, who sits where, and the match. Immutable; built by folding the table's events.
 *
 * @param seats     one entry per seat, null where the seat is free
 * @param continued seats that pressed continue since the last deal ended
 */
public record TableState(TableStatus status, Rules rules, String createdBy, List<SeatHolder> seats,
                         MatchState match, Set<Integer> continued) {

    public static final TableState NONE = new TableState(TableStatus.NONE, null, null, List.of(), null, Set.of());

    public TableState {
        seats = java.util.Collections.unmodifiableList(new ArrayList<>(seats));
        continued = Set.copyOf(continued);
    }

    /** The seat of a player (or of a bot, by its id), or -1 when not seated here. */
    public int seatOf(String playerId) {
        for (int i = 0; i < seats.size(); i++) {
            SeatHolder h = seats.get(i);
            if (h != null && h.playerId().equals(playerId)) {
                return i;
            }
        }
        return -1;
    }

    public int freeSeats() {
        int free = 0;
        for (SeatHolder h : seats) {
            if (h == null) {
                free++;
            }
        }
        return free;
    }

    /** A deal has ended and the next one waits for continue. */
    public boolean onBoard() {
        return status == TableStatus.PLAYING && match != null && !match.dealRunning();
    }
}
