package online.durak.engine.table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import online.durak.engine.MatchState;
import online.durak.engine.Rules;

/**
 * A table: its settings, who sits where, and the match. Immutable; built by folding the table's events.
 *
 * @param seats     one entry per seat, null where the seat is free
 * @param continued seats that pressed continue since the last deal ended
 * @param hints     hints taken, by seat (rules.md §8)
 * @param timer     the seat whose turn clock ran out, while its move is still to come; else null
 * @param left      the people who left the running match, in the order they left
 * @param tempo     a solo table's think time for its bots (null: the bot service's own); no rule, decides nothing
 */
public record TableState(TableStatus status, Rules rules, String createdBy, List<SeatHolder> seats,
                         MatchState match, Set<Integer> continued, List<Integer> hints, Timer timer,
                         List<Leaver> left, Tempo tempo) {

    public static final TableState NONE = new TableState(TableStatus.NONE, null, null, List.of(), null, Set.of(),
            List.of(), null, List.of(), null);

    public TableState {
        seats = Collections.unmodifiableList(new ArrayList<>(seats));
        continued = Set.copyOf(continued);
        hints = List.copyOf(hints);
        left = List.copyOf(left);
    }

    /**
     * A person who left the running match ({@link online.durak.engine.Event.MatchLeft}).
     *
     * @param deals    deals of the match finished before the leave: the ones that count for the person
     * @param replaced a bot took the seat because other people played on (the leave costs −10, rules.md §7); false
     *                 when the leave ended a solo match
     */
    public record Leaver(int seat, String playerId, String name, int deals, boolean replaced) {
    }

    /** The record of {@code playerId} leaving this table's match, or null when that player did not. */
    public Leaver leaver(String playerId) {
        for (Leaver l : left) {
            if (l.playerId().equals(playerId)) {
                return l;
            }
        }
        return null;
    }

    /**
     * A timed-out seat: the grace ends at {@code graceEnds}; {@code ranOut} once the grace has ended too and
     * the computer may play the seat's move.
     */
    public record Timer(int seat, Instant graceEnds, boolean ranOut) {
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

    /** Seats held by people (not bots). */
    public int humans() {
        int n = 0;
        for (SeatHolder h : seats) {
            if (h != null && h.isHuman()) {
                n++;
            }
        }
        return n;
    }

    /**
     * One human against bots only: no clock, no stake, hints allowed (rules.md §8). A table that had other people
     * until they left its match stays no solo table.
     */
    public boolean solo() {
        return status != TableStatus.NONE && freeSeats() == 0 && humans() == 1
                && left.stream().noneMatch(Leaver::replaced);
    }

    /** A deal has ended and the next one waits for continue. */
    public boolean onBoard() {
        return status == TableStatus.PLAYING && match != null && !match.dealRunning();
    }

    /** The seat that must act in the running deal, or -1. */
    public int toAct() {
        return status == TableStatus.PLAYING && match != null && match.dealRunning() ? match.deal().toAct() : -1;
    }

    /** The holder of a seat, or null for a free seat. */
    public SeatHolder holder(int seat) {
        return seat >= 0 && seat < seats.size() ? seats.get(seat) : null;
    }

    TableState withSeats(List<SeatHolder> s) {
        return new TableState(status, rules, createdBy, s, match, continued, hints, timer, left, tempo);
    }

    TableState withContinued(Set<Integer> c) {
        return new TableState(status, rules, createdBy, seats, match, c, hints, timer, left, tempo);
    }

    TableState withHints(List<Integer> h) {
        return new TableState(status, rules, createdBy, seats, match, continued, h, timer, left, tempo);
    }

    TableState withLeft(List<SeatHolder> s, List<Leaver> l, Timer t) {
        return new TableState(status, rules, createdBy, s, match, continued, hints, t, l, tempo);
    }

    TableState withTimer(Timer t) {
        return new TableState(status, rules, createdBy, seats, match, continued, hints, t, left, tempo);
    }
}
