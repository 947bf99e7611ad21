package online.durak.engine.table;

import online.durak.engine.Phase;
import online.durak.engine.Rejection;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Views;

/**
 * When a hint may be given (rules.md §8), stated once for the rules service's decider, the table service (which
 * refuses before asking anyone) and the bot service (which is sent a seat's view): at a solo table, while a deal
 * is played, for a decision that is the seat's own.
 */
public final class HintRules {
    private HintRules() {
    }

    /** Null when {@code seat} may take a hint at the table now, else why not. */
    public static Rejection refusal(TableState t, int seat) {
        if (!t.solo()) {
            return new Rejection(TableDecider.HINTS_SOLO_ONLY, "hints are given only in solo games (one person against bots)");
        }
        Rejection daily = refusal(t.rules());
        if (daily != null) {
            return daily;
        }
        if (t.status() == TableStatus.FINISHED) {
            return new Rejection(Rejection.MATCH_OVER, "the match at this table is over");
        }
        if (t.status() != TableStatus.PLAYING || t.match() == null || !t.match().dealRunning()) {
            return new Rejection(Rejection.DEAL_NOT_RUNNING, "hints are given while a deal is played");
        }
        return refusal(Views.seatView(t.match().deal(), seat));
    }

    /**
     * Null when a table with these settings may have hints; else {@code HINTS_NOT_IN_DAILY}: the daily game's counting
     * attempt is the player's own play, the same for everyone (practice attempts may take them).
     */
    public static Rejection refusal(Rules rules) {
        if (rules.daily() != null && !rules.daily().practice()) {
            return new Rejection(TableDecider.HINTS_NOT_IN_DAILY, "the daily game's counting attempt is played "
                    + "without hints; practice attempts may take them");
        }
        return null;
    }

    /** Null when the view asks its seat for a move, so there is one to hint; else {@code NOT_YOUR_TURN}. */
    public static Rejection refusal(SeatView view) {
        if (view.seat() < 0) {
            return new Rejection(Rejection.NOT_YOUR_TURN, "the open view of a finished deal has no move to hint");
        }
        if (view.legalMoves().isEmpty()) {
            return new Rejection(Rejection.NOT_YOUR_TURN, view.phase() == Phase.DEAL_OVER
                    ? "the deal is over: there is no move to hint"
                    : "no move of seat " + view.seat() + " is asked for now (seat " + view.toAct() + " is to act)");
        }
        return null;
    }
}
