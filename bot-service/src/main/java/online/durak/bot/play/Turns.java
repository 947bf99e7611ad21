package online.durak.bot.play;

import online.durak.engine.BotLevel;
import online.durak.engine.Event;
import online.durak.engine.SeatView;
import online.durak.engine.Views;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.engine.table.TurnClock;

/** Whether a table waits for this service, and for which move: pure functions of the table's state. */
public final class Turns {
    private Turns() {
    }

    /**
     * The move owed at this state, or null: the seat to act is a bot's (its level's policy), or a human's whose
     * clock and grace have run out (STRONG plays for them, {@code byComputer}). Bots never press continue (the
     * engine counts them as pressed), so nothing is owed between deals.
     */
    public static Turn owed(String tableId, TableState t, long key, java.time.Instant since) {
        int seat = t.toAct();
        if (seat < 0) {
            return null;
        }
        SeatHolder h = t.holder(seat);
        if (h == null) {
            return null;
        }
        boolean computer;
        BotLevel level;
        if (!h.isHuman()) {
            computer = false;
            level = h.bot();
        } else {
            TableState.Timer timer = t.timer();
            if (timer == null || !timer.ranOut() || timer.seat() != seat) {
                return null;
            }
            computer = true;
            level = BotLevel.STRONG;
        }
        SeatView view = Views.seatView(t.match().deal(), seat);
        if (view.legalMoves().isEmpty()) {
            return null;
        }
        return new Turn(tableId, key, seat, h.playerId(), h.name(), level, computer, t.rules(), view, since,
                t.tempo());
    }

    /**
     * Whether an event leaves the position as it was for whoever waits to act: a hint taken, or a turn clock
     * that ran out (its grace still runs). Such events do not start a new decision; the decision key stays.
     */
    public static boolean keepsPosition(Event e) {
        return e instanceof Event.HintTaken || e instanceof Event.TimedOut;
    }

    /**
     * A table this service will never act at: the match is over, the table was closed before it started, or it is
     * played by people only and without a running clock (so nobody can time out). Seats are fixed once the match
     * starts.
     */
    public static boolean needsNoBot(TableState t) {
        if (t.status() == TableStatus.FINISHED || t.status() == TableStatus.CLOSED) {
            return true;
        }
        return t.status() == TableStatus.PLAYING && !mayAct(t);
    }

    /** Whether this service may ever act at the table: a bot sits there, or a clock runs (the engine's rule). */
    public static boolean mayAct(TableState t) {
        return t.humans() < t.seats().size() - t.freeSeats() || TurnClock.runs(t);
    }
}
