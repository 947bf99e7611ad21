package online.durak.rules.domain;

import online.durak.engine.Event;
import online.durak.engine.Rules;

/** The few events worth an INFO line (a table's life and its clocks, not every move). */
public final class Notable {

    private Notable() {
    }

    /** A line for the log, or null when the event is an ordinary move (logged at DEBUG). */
    public static String describe(String tableId, Event event) {
        if (event instanceof Event.TableCreated e) {
            Rules r = e.rules();
            return "table " + tableId + " created by " + e.createdBy() + ": " + r.players() + " players, "
                + r.variant() + ", " + r.deck() + ", " + r.dealsPerMatch() + " deal(s)"
                + (r.turnClockSeconds() > 0 ? ", clock " + r.turnClockSeconds() + " s" : ", no clock");
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
        if (event instanceof Event.TimedOut e) {
            return "table " + tableId + ": seat " + e.seat() + " timed out; grace until " + e.graceEnds();
        }
        if (event instanceof Event.GraceRanOut e) {
            return "table " + tableId + ": the grace of seat " + e.seat() + " ran out; the computer plays its move";
        }
        if (event instanceof Event.PlayedByComputer e) {
            return "table " + tableId + ": the computer played for seat " + e.seat();
        }
        if (event instanceof Event.TableClosed e) {
            return "table " + tableId + " closed before its match started (" + e.reason() + ")";
        }
        if (event instanceof Event.BoardTimedOut) {
            return "table " + tableId + ": the board's clock ran out; dealing the next deal";
        }
        return null;
    }
}
