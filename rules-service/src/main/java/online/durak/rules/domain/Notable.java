package online.durak.rules.domain;

import online.durak.engine.Event;
import online.durak.engine.Rules;

/** The few events worth an INFO line (a table's life, not every move). */
public final class Notable {

    private Notable() {
    }

    /** A line for the log, or null when the event is an ordinary move (logged at DEBUG). */
    public static String describe(String tableId, Event event) {
        if (event instanceof Event.TableCreated e) {
            Rules r = e.rules();
            return "table " + tableId + " created by " + e.createdBy() + ": " + r.players() + " players, "
                + r.variant() + ", " + r.deck() + ", " + r.dealsPerMatch() + " deal(s)";
        }
        if (event instanceof Event.MatchStarted) {
            return "table " + tableId + ": match started";
        }
        if (event instanceof Event.DealEnded e) {
            return "table " + tableId + ": deal ended, " + (e.durak() < 0 ? "a draw" : "durak is seat " + e.durak())
                + ", points " + e.points();
        }
        if (event instanceof Event.MatchEnded e) {
            return "table " + tableId + ": match ended, totals " + e.totals() + ", places " + e.places();
        }
        return null;
    }
}
