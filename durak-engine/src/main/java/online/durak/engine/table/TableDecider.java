package online.durak.engine.table;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import online.durak.engine.Command;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.MatchDecider;
import online.durak.engine.MatchState;
import online.durak.engine.Rejection;

/** The table as a Decider: the lobby (seats), starting the match, moves, continue between deals (RULES.md §6). */
public final class TableDecider {
    public static final String TABLE_EXISTS = "TABLE_EXISTS";
    public static final String NO_SUCH_TABLE = "NO_SUCH_TABLE";
    public static final String TABLE_FULL = "TABLE_FULL";
    public static final String SEAT_TAKEN = "SEAT_TAKEN";
    public static final String ALREADY_SEATED = "ALREADY_SEATED";
    public static final String NOT_SEATED = "NOT_SEATED";
    public static final String MATCH_STARTED = "MATCH_STARTED";
    public static final String TABLE_NOT_FULL = "TABLE_NOT_FULL";
    public static final String NOT_ON_BOARD = "NOT_ON_BOARD";
    public static final String ALREADY_CONTINUED = "ALREADY_CONTINUED";

    private TableDecider() {
    }

    public static Decision<TableState> decide(TableState t, TableCommand command) {
        if (command instanceof TableCommand.Create c) {
            if (t.status() != TableStatus.NONE) {
                return Decision.reject(TABLE_EXISTS, "this table exists already");
            }
            return accept(t, List.of(new Event.TableCreated(c.rules(), c.playerId()),
                    new Event.SeatTaken(0, c.playerId(), c.name(), null)));
        }
        if (t.status() == TableStatus.NONE) {
            return Decision.reject(NO_SUCH_TABLE, "there is no such table");
        }
        if (t.status() == TableStatus.FINISHED) {
            return Decision.reject(Rejection.MATCH_OVER, "the match at this table is over");
        }
        int seat = t.seatOf(command.playerId());
        if (command instanceof TableCommand.Join j) {
            return join(t, j, seat);
        }
        if (seat < 0) {
            return Decision.reject(NOT_SEATED, "you have no seat at this table");
        }
        if (command instanceof TableCommand.AddBot b) {
            if (t.status() != TableStatus.OPEN) {
                return Decision.reject(MATCH_STARTED, "bots are seated before the match starts");
            }
            Decision<TableState> bad = checkFreeSeat(t, b.seat());
            if (bad != null) {
                return bad;
            }
            String name = b.level().name().charAt(0) + b.level().name().substring(1).toLowerCase() + " bot " + b.seat();
            return accept(t, List.of(new Event.SeatTaken(b.seat(), "bot-" + b.seat(), name, b.level())));
        }
        if (command instanceof TableCommand.Leave) {
            if (t.status() != TableStatus.OPEN) {
                return Decision.reject(MATCH_STARTED, "the match has started; seats are left before it starts");
            }
            return accept(t, List.of(new Event.SeatLeft(seat, command.playerId())));
        }
        if (command instanceof TableCommand.Start s) {
            if (t.status() != TableStatus.OPEN) {
                return Decision.reject(MATCH_STARTED, "the match has started already");
            }
            if (t.freeSeats() > 0) {
                return Decision.reject(TABLE_NOT_FULL, t.freeSeats() + " seat(s) still free");
            }
            return startDeal(t, new ArrayList<>(List.of(new Event.MatchStarted(t.rules()))),
                    MatchDecider.initialState(t.rules()), s.seed());
        }
        if (t.status() != TableStatus.PLAYING) {
            return Decision.reject(Rejection.DEAL_NOT_RUNNING, "the match has not started");
        }
        if (command instanceof TableCommand.Play p) {
            Decision<MatchState> d = MatchDecider.decide(t.match(), new Command.Play(seat, p.move()));
            if (d instanceof Decision.Rejected<MatchState> r) {
                return new Decision.Rejected<>(r.rejection());
            }
            return accept(t, ((Decision.Accepted<MatchState>) d).events());
        }
        TableCommand.Continue c = (TableCommand.Continue) command;
        if (!t.onBoard()) {
            return Decision.reject(NOT_ON_BOARD, "continue is pressed on the board after a deal");
        }
        if (t.continued().contains(seat)) {
            return Decision.reject(ALREADY_CONTINUED, "you have pressed continue already");
        }
        List<Event> events = new ArrayList<>(List.of(new Event.ContinuePressed(seat)));
        Set<Integer> pressed = new HashSet<>(t.continued());
        pressed.add(seat);
        if (!allHumansPressed(t, pressed)) {
            return accept(t, events);
        }
        return startDeal(t, events, t.match(), c.seed());
    }

    /** Deals the next deal when every seated human has pressed continue (bots always have). */
    public static boolean allHumansPressed(TableState t, Set<Integer> pressed) {
        for (int i = 0; i < t.seats().size(); i++) {
            if (t.seats().get(i).isHuman() && !pressed.contains(i)) {
                return false;
            }
        }
        return true;
    }

    /** Deals the next deal regardless of who pressed continue (the board's clock ran out). */
    public static Decision<TableState> dealNext(TableState t, long seed) {
        if (!t.onBoard()) {
            return Decision.reject(NOT_ON_BOARD, "no deal is waiting to be dealt");
        }
        return startDeal(t, new ArrayList<>(), t.match(), seed);
    }

    private static Decision<TableState> startDeal(TableState t, List<Event> events, MatchState match, long seed) {
        Decision<MatchState> d = MatchDecider.decide(match, new Command.StartDeal(seed));
        if (d instanceof Decision.Rejected<MatchState> r) {
            return new Decision.Rejected<>(r.rejection());
        }
        events.addAll(((Decision.Accepted<MatchState>) d).events());
        return accept(t, events);
    }

    private static Decision<TableState> join(TableState t, TableCommand.Join j, int seat) {
        if (seat >= 0) {
            return Decision.reject(ALREADY_SEATED, "you sit in seat " + seat + " already");
        }
        if (t.status() != TableStatus.OPEN) {
            return Decision.reject(MATCH_STARTED, "the match at this table has started");
        }
        if (t.freeSeats() == 0) {
            return Decision.reject(TABLE_FULL, "every seat at this table is taken");
        }
        int wanted = j.seat() == null ? t.seats().indexOf(null) : j.seat();
        Decision<TableState> bad = checkFreeSeat(t, wanted);
        if (bad != null) {
            return bad;
        }
        return accept(t, List.of(new Event.SeatTaken(wanted, j.playerId(), j.name(), null)));
    }

    private static Decision<TableState> checkFreeSeat(TableState t, int seat) {
        if (seat < 0 || seat >= t.seats().size()) {
            return Decision.reject(Rejection.NO_SUCH_SEAT,
                    "there is no seat " + seat + " (seats 0.." + (t.seats().size() - 1) + ")");
        }
        if (t.seats().get(seat) != null) {
            return Decision.reject(SEAT_TAKEN, "seat " + seat + " is taken");
        }
        return null;
    }

    private static Decision<TableState> accept(TableState t, List<Event> events) {
        TableState next = t;
        for (Event e : events) {
            next = evolve(next, e);
        }
        return new Decision.Accepted<>(List.copyOf(events), next);
    }

    /** Applies one event of the table's log. */
    public static TableState evolve(TableState t, Event event) {
        if (event instanceof Event.TableCreated e) {
            List<SeatHolder> seats = new ArrayList<>();
            for (int i = 0; i < e.rules().players(); i++) {
                seats.add(null);
            }
            return new TableState(TableStatus.OPEN, e.rules(), e.createdBy(), seats, null, Set.of());
        }
        if (event instanceof Event.SeatTaken e) {
            List<SeatHolder> seats = new ArrayList<>(t.seats());
            seats.set(e.seat(), new SeatHolder(e.playerId(), e.name(), e.bot()));
            return new TableState(t.status(), t.rules(), t.createdBy(), seats, t.match(), t.continued());
        }
        if (event instanceof Event.SeatLeft e) {
            List<SeatHolder> seats = new ArrayList<>(t.seats());
            seats.set(e.seat(), null);
            return new TableState(t.status(), t.rules(), t.createdBy(), seats, t.match(), t.continued());
        }
        if (event instanceof Event.ContinuePressed e) {
            Set<Integer> pressed = new HashSet<>(t.continued());
            pressed.add(e.seat());
            return new TableState(t.status(), t.rules(), t.createdBy(), t.seats(), t.match(), pressed);
        }
        MatchState before = t.match() == null ? MatchDecider.initialState(t.rules()) : t.match();
        MatchState match = MatchDecider.evolve(before, event);
        TableStatus status = match.isOver() ? TableStatus.FINISHED : TableStatus.PLAYING;
        Set<Integer> continued = event instanceof Event.DealStarted ? Set.of() : t.continued();
        return new TableState(status, t.rules(), t.createdBy(), t.seats(), match, continued);
    }
}
