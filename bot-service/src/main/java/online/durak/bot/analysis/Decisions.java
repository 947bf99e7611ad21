package online.durak.bot.analysis;

import java.util.ArrayList;
import java.util.List;
import online.durak.engine.Command;
import online.durak.engine.DealDecider;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.SeatView;
import online.durak.engine.Views;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;

/**
 * The decisions of the people at a table, read from its log: every move a person made (not one the computer played
 * for a person whose clock ran out, nor a bot's) where more than one move was legal, each with the seat's own view
 * just before it ({@link Views#seatView}: its hand, what it had seen, never another hand) and the move it played.
 * The table is folded with the engine's own decider, so the view is exactly the one the person had.
 */
final class Decisions {
    private Decisions() {
    }

    /**
     * One decision.
     *
     * @param deal   the deal's number, 1-based
     * @param seq    the seq of the event that records the move
     * @param seat   who decided
     * @param name   the seat's name then
     * @param view   what the seat knew then
     * @param played the move it made
     */
    record Decision(int deal, long seq, int seat, String name, SeatView view, Move played) {
    }

    /** The table as its whole log made it, and its people's decisions in order. */
    record Read(TableState table, List<Decision> decisions) {
    }

    static Read of(String tableId, List<? extends LoggedTable.Logged> log) {
        TableState t = TableDecider.TABLE.initialState();
        List<Decision> out = new ArrayList<>();
        long expected = 1;
        int byComputer = -1;
        for (LoggedTable.Logged l : log) {
            if (l.seq() != expected++) {
                throw new IllegalArgumentException("table " + tableId + ": event " + l.seq() + " follows "
                        + (expected - 2));
            }
            Event e = l.event();
            Command.Play play = DealDecider.playOf(e);
            if (play != null) {
                SeatHolder h = t.holder(play.seat());
                if (h != null && h.isHuman() && byComputer != play.seat()) {
                    SeatView view = Views.seatView(t.match().deal(), play.seat());
                    if (view.legalMoves().size() > 1) {
                        out.add(new Decision(t.match().dealNumber(), l.seq(), play.seat(), h.name(), view,
                                play.move()));
                    }
                }
                byComputer = -1;
            } else if (e instanceof Event.PlayedByComputer p) {
                byComputer = p.seat();
            }
            t = TableDecider.TABLE.evolve(t, e);
        }
        return new Read(t, out);
    }
}
