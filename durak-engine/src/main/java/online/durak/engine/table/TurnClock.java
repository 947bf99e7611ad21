package online.durak.engine.table;

import java.time.Duration;
import java.time.Instant;
import online.durak.engine.Event;

/**
 * The clock of a table (rules.md §8, docs/spine.md "The clocks"), derived from its events and their times, so it
 * survives any restart. Every decision of a human has {@code turnClock} seconds from the event that asked for
 * it; then a grace follows ({@link Event.TimedOut} says until when), then the computer plays that one move.
 * On the board after a deal the clock bounds the wait for continue. Bots have no clock (they act at once);
 * solo tables have none at all.
 *
 * @param seat      the seat whose decision is timed, or -1 for the board
 * @param turnEnds  when the turn clock runs out
 * @param graceEnds when the grace runs out, once the turn clock has (else null)
 * @param ranOut    the grace has run out: the computer plays the move
 */
public record TurnClock(int seat, Instant turnEnds, Instant graceEnds, boolean ranOut) {

    /** Whether a table's clock runs at all: a clock is set and two or more people play. */
    public static boolean runs(TableState t) {
        return t.rules() != null && t.rules().turnClockSeconds() > 0 && t.humans() >= 2;
    }

    /**
     * The clock now, given when the current decision was asked for ({@link #turnStart}); null when nothing is
     * timed (no clock, a bot to act, the table not playing).
     */
    public static TurnClock of(TableState t, Instant turnStartedAt) {
        if (t.status() != TableStatus.PLAYING || !runs(t) || turnStartedAt == null) {
            return null;
        }
        Instant turnEnds = turnStartedAt.plusSeconds(t.rules().turnClockSeconds());
        if (t.onBoard()) {
            return new TurnClock(-1, turnEnds, null, false);
        }
        int seat = t.toAct();
        SeatHolder holder = t.holder(seat);
        if (holder == null || !holder.isHuman()) {
            return null;
        }
        TableState.Timer timer = t.timer();
        if (timer != null && timer.seat() == seat) {
            return new TurnClock(seat, turnEnds, timer.graceEnds(), timer.ranOut());
        }
        return new TurnClock(seat, turnEnds, null, false);
    }

    /**
     * When the decision now asked for began, after {@code event} at {@code at}: the clock restarts with every
     * event except those that do not ask anyone anew (a timeout, a hint, a press of continue, a marker).
     */
    public static Instant turnStart(Instant before, Event event, Instant at) {
        if (event instanceof Event.TimedOut || event instanceof Event.GraceRanOut || event instanceof Event.HintTaken
                || event instanceof Event.ContinuePressed || event instanceof Event.PlayedByComputer) {
            return before;
        }
        return at;
    }

    /** What the scheduler must do at {@code now}, if anything. */
    public Due due(Instant now) {
        if (seat < 0) {
            return now.isBefore(turnEnds) ? Due.NOTHING : Due.DEAL_NEXT;
        }
        if (graceEnds == null) {
            return now.isBefore(turnEnds) ? Due.NOTHING : Due.TIME_OUT;
        }
        if (ranOut) {
            return Due.COMPUTER_MOVE;
        }
        return now.isBefore(graceEnds) ? Due.NOTHING : Due.GRACE_OVER;
    }

    /** When the scheduler should look again: the next deadline, or null when only the computer's move is due. */
    public Instant nextDeadline() {
        if (graceEnds == null) {
            return turnEnds;
        }
        return ranOut ? null : graceEnds;
    }

    /** The grace that follows a turn clock, in rules.md §8 (the services may shorten it for tests). */
    public static final Duration GRACE = Duration.ofSeconds(10);

    /** What is due. */
    public enum Due {
        NOTHING,
        /** the turn clock ran out: append {@link Event.TimedOut} */
        TIME_OUT,
        /** the grace ran out: append {@link Event.GraceRanOut} */
        GRACE_OVER,
        /** the computer plays the seat's move (bot-service) */
        COMPUTER_MOVE,
        /** the board's clock ran out: deal the next deal */
        DEAL_NEXT,
        /** the table waited in the lobby longer than the service allows (not a turn clock): close it */
        CLOSE_UNSTARTED
    }
}
