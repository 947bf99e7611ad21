package online.durak.engine.table;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import online.durak.engine.BotLevel;
import online.durak.engine.Command;
import online.durak.engine.Decider;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.MatchDecider;
import online.durak.engine.MatchState;
import online.durak.engine.Rejection;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;

/**
 * The table as a {@link Decider}: the lobby (seats), starting the match, moves, continue between deals (rules.md
 * §6). Stateless; {@link #TABLE} is the one instance.
 */
public final class TableDecider implements Decider<TableCommand, Event, TableState> {
    public static final TableDecider TABLE = new TableDecider();

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
    /** Hints exist only at solo tables (one human against bots): {@link HintRules}. */
    public static final String HINTS_SOLO_ONLY = "HINTS_SOLO_ONLY";
    /** The attempt of a daily game that counts is played without hints (practice may take them): docs/daily.md. */
    public static final String HINTS_NOT_IN_DAILY = "HINTS_NOT_IN_DAILY";
    /** The computer plays for a seat only after that seat's clock and grace ran out. */
    public static final String NOT_TIMED_OUT = "NOT_TIMED_OUT";
    /** A clock command that does not fit the table (no clock, another seat, already timed out). */
    public static final String CLOCK_NOT_DUE = "CLOCK_NOT_DUE";
    /** Solo games are created with one bot per other seat. */
    public static final String BAD_BOTS = "BAD_BOTS";
    /** The table was closed before its match started: its last person left, or it waited too long. */
    public static final String TABLE_CLOSED = "TABLE_CLOSED";

    private TableDecider() {
    }

    @Override
    public TableState initialState() {
        return TableState.NONE;
    }

    /** A finished or closed table takes no command any more. */
    @Override
    public boolean isTerminal(TableState t) {
        return t.status() == TableStatus.FINISHED || t.status() == TableStatus.CLOSED;
    }

    @Override
    public Decision<TableState> decide(TableCommand command, TableState t) {
        if (command instanceof TableCommand.Create c) {
            if (t.status() != TableStatus.NONE) {
                return Decision.reject(TABLE_EXISTS, "this table exists already");
            }
            return accept(t, List.of(new Event.TableCreated(c.rules(), c.playerId()),
                    new Event.SeatTaken(0, c.playerId(), c.name(), null)));
        }
        if (command instanceof TableCommand.CreateSolo c) {
            return createSolo(t, c);
        }
        if (command instanceof TableCommand.Again a) {
            return again(t, a);
        }
        if (t.status() == TableStatus.NONE) {
            return Decision.reject(NO_SUCH_TABLE, "there is no such table");
        }
        if (t.status() == TableStatus.FINISHED) {
            return Decision.reject(Rejection.MATCH_OVER, "the match at this table is over");
        }
        if (t.status() == TableStatus.CLOSED) {
            return Decision.reject(TABLE_CLOSED, "this table was closed before its match started");
        }
        if (command instanceof TableCommand.CloseUnstarted) {
            if (t.status() != TableStatus.OPEN) {
                return Decision.reject(CLOCK_NOT_DUE, "only a table whose match has not started is closed");
            }
            return accept(t, List.of(new Event.TableClosed(Event.TableClosed.EXPIRED)));
        }
        if (command instanceof TableCommand.TimeOut
                || command instanceof TableCommand.GraceOver || command instanceof TableCommand.BoardTimeOut) {
            return clock(t, command);
        }
        int seat = t.seatOf(command.playerId());
        if (command instanceof TableCommand.Join j) {
            return join(t, j, seat);
        }
        if (seat < 0) {
            return Decision.reject(NOT_SEATED, t.leaver(command.playerId()) != null
                    ? "you left this match; a bot plays your seat" : "you have no seat at this table");
        }
        if (command instanceof TableCommand.AddBot b) {
            if (t.status() != TableStatus.OPEN) {
                return Decision.reject(MATCH_STARTED, "bots are seated before the match starts");
            }
            Decision<TableState> bad = checkFreeSeat(t, b.seat());
            if (bad != null) {
                return bad;
            }
            return accept(t, List.of(botTaken(b.seat(), b.level())));
        }
        if (command instanceof TableCommand.Leave l) {
            if (t.status() == TableStatus.PLAYING) {
                return leaveMatch(t, seat, l);
            }
            Event.SeatLeft left = new Event.SeatLeft(seat, command.playerId());
            if (t.humans() == 1) { // the last person leaves: nobody is left to start it
                return accept(t, List.of(left, new Event.TableClosed(Event.TableClosed.EMPTY)));
            }
            return accept(t, List.of(left));
        }
        if (command instanceof TableCommand.Start s) {
            if (t.status() != TableStatus.OPEN) {
                return Decision.reject(MATCH_STARTED, "the match has started already");
            }
            if (t.freeSeats() > 0) {
                return Decision.reject(TABLE_NOT_FULL, t.freeSeats() + " seat(s) still free");
            }
            return startDeal(t, new ArrayList<>(List.of(new Event.MatchStarted(t.rules()))),
                    MatchDecider.initialState(t.rules()), s.shuffle());
        }
        if (t.status() != TableStatus.PLAYING) {
            return Decision.reject(Rejection.DEAL_NOT_RUNNING, "the match has not started");
        }
        if (command instanceof TableCommand.Play p) {
            return play(t, seat, p);
        }
        if (command instanceof TableCommand.Hint) {
            Rejection refused = HintRules.refusal(t, seat);
            return refused != null ? new Decision.Rejected<>(refused) : accept(t, List.of(new Event.HintTaken(seat)));
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
        return startDeal(t, events, t.match(), c.shuffle());
    }

    private static Decision<TableState> play(TableState t, int seat, TableCommand.Play p) {
        List<Event> events = new ArrayList<>();
        if (p.byComputer()) {
            TableState.Timer timer = t.timer();
            if (timer == null || !timer.ranOut() || timer.seat() != seat) {
                return Decision.reject(NOT_TIMED_OUT,
                        "the computer plays for a seat only after its clock and grace have run out");
            }
            events.add(new Event.PlayedByComputer(seat));
        }
        Decision<MatchState> d = MatchDecider.decide(t.match(), new Command.Play(seat, p.move()));
        if (d instanceof Decision.Rejected<MatchState> r) {
            return new Decision.Rejected<>(r.rejection());
        }
        events.addAll(((Decision.Accepted<MatchState>) d).events());
        return accept(t, events);
    }

    /**
     * A person leaves the running match (rules.md §7). With other people at the table a bot of the table's level
     * ({@link #tableLevel}) takes the seat for the rest of the match, and plays on at once if it is the seat's turn;
     * if the board after a deal waited only for this person's continue, the next deal is dealt. The last person
     * leaving (a solo match, or everyone else left before) ends the match with the totals so far.
     */
    private static Decision<TableState> leaveMatch(TableState t, int seat, TableCommand.Leave l) {
        if (t.humans() == 1) {
            return accept(t, List.of(new Event.MatchLeft(seat, l.playerId(), null),
                    MatchDecider.endEarly(t.match())));
        }
        List<Event> events = new ArrayList<>(List.of(new Event.MatchLeft(seat, l.playerId(), tableLevel(t))));
        if (t.onBoard()) {
            TableState after = TABLE.fold(t, events);
            if (allHumansPressed(after, after.continued())) {
                return startDeal(t, events, t.match(), l.shuffle());
            }
        }
        return accept(t, events);
    }

    /**
     * The level of a bot that takes a left seat: that of the table's lowest-numbered bot, or {@code NORMAL} (the
     * setting's default, rules.md §1) at a table of people only.
     */
    public static BotLevel tableLevel(TableState t) {
        for (SeatHolder h : t.seats()) {
            if (h != null && !h.isHuman()) {
                return h.bot();
            }
        }
        return BotLevel.NORMAL;
    }

    /**
     * The scheduler's commands. The rules service decides when a deadline has passed ({@link TurnClock}); the
     * table checks that the command still fits, so a late or repeated one changes nothing.
     */
    private static Decision<TableState> clock(TableState t, TableCommand command) {
        if (t.status() != TableStatus.PLAYING || !TurnClock.runs(t)) {
            return Decision.reject(CLOCK_NOT_DUE, "this table has no running clock");
        }
        if (command instanceof TableCommand.BoardTimeOut b) {
            if (!t.onBoard()) {
                return Decision.reject(CLOCK_NOT_DUE, "no deal is waiting to be dealt");
            }
            return startDeal(t, new ArrayList<>(List.of(new Event.BoardTimedOut())), t.match(), b.shuffle());
        }
        if (command instanceof TableCommand.TimeOut o) {
            if (t.toAct() != o.seat() || t.timer() != null || !t.holder(o.seat()).isHuman()) {
                return Decision.reject(CLOCK_NOT_DUE, "seat " + o.seat() + " has no running turn clock");
            }
            return accept(t, List.of(new Event.TimedOut(o.seat(), o.graceEnds())));
        }
        TableCommand.GraceOver g = (TableCommand.GraceOver) command;
        if (t.timer() == null || t.timer().seat() != g.seat() || t.timer().ranOut()) {
            return Decision.reject(CLOCK_NOT_DUE, "seat " + g.seat() + " has no running grace");
        }
        return accept(t, List.of(new Event.GraceRanOut(g.seat())));
    }

    private static Decision<TableState> createSolo(TableState t, TableCommand.CreateSolo c) {
        if (t.status() != TableStatus.NONE) {
            return Decision.reject(TABLE_EXISTS, "this table exists already");
        }
        Rules rules = c.rules().withTurnClockSeconds(0).withStake(0);
        if (c.bots().size() != rules.players() - 1) {
            return Decision.reject(BAD_BOTS, "a solo game needs one bot level for each of the "
                    + (rules.players() - 1) + " other seats");
        }
        List<Event> events = new ArrayList<>(List.of(new Event.TableCreated(rules, c.playerId(), c.tempo()),
                new Event.SeatTaken(0, c.playerId(), c.name(), null)));
        for (int i = 0; i < c.bots().size(); i++) {
            events.add(botTaken(i + 1, c.bots().get(i)));
        }
        events.add(new Event.MatchStarted(rules));
        return startDeal(t, events, MatchDecider.initialState(rules), c.shuffle());
    }

    private static Decision<TableState> again(TableState t, TableCommand.Again a) {
        if (t.status() != TableStatus.NONE) {
            return Decision.reject(TABLE_EXISTS, "this table exists already");
        }
        if (a.seats().size() != a.rules().players()) {
            return Decision.reject(BAD_BOTS, "seats: one entry per seat of the " + a.rules().players() + " expected");
        }
        if (a.seat() < 0 || a.seat() >= a.seats().size() || a.seats().get(a.seat()) != null) {
            return Decision.reject(Rejection.NO_SUCH_SEAT, "seat " + a.seat() + " is no person's seat at this table");
        }
        List<Event> events = new ArrayList<>(List.of(new Event.TableCreated(a.rules(), a.playerId(), a.tempo()),
                new Event.SeatTaken(a.seat(), a.playerId(), a.name(), null)));
        for (int i = 0; i < a.seats().size(); i++) {
            if (a.seats().get(i) != null) {
                events.add(botTaken(i, a.seats().get(i)));
            }
        }
        if (a.seats().stream().filter(java.util.Objects::isNull).count() > 1) {
            return accept(t, events); // the other people's seats wait for them
        }
        events.add(new Event.MatchStarted(a.rules()));
        return startDeal(t, events, MatchDecider.initialState(a.rules()), a.shuffle());
    }

    private static Event.SeatTaken botTaken(int seat, BotLevel level) {
        return new Event.SeatTaken(seat, "bot-" + seat, botName(seat, level), level);
    }

    /** A bot's name at a seat, e.g. "Normal bot 2". */
    public static String botName(int seat, BotLevel level) {
        return level.name().charAt(0) + level.name().substring(1).toLowerCase() + " bot " + seat;
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
    public static Decision<TableState> dealNext(TableState t, Shuffle shuffle) {
        if (!t.onBoard()) {
            return Decision.reject(NOT_ON_BOARD, "no deal is waiting to be dealt");
        }
        return startDeal(t, new ArrayList<>(), t.match(), shuffle);
    }

    private static Decision<TableState> startDeal(TableState t, List<Event> events, MatchState match,
                                                 Shuffle shuffle) {
        Decision<MatchState> d = MatchDecider.decide(match, new Command.StartDeal(shuffle));
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
        return new Decision.Accepted<>(List.copyOf(events), TABLE.fold(t, events));
    }

    /** Applies one event of the table's log. */
    @Override
    public TableState evolve(TableState t, Event event) {
        if (event instanceof Event.TableCreated e) {
            List<SeatHolder> seats = new ArrayList<>();
            List<Integer> hints = new ArrayList<>();
            for (int i = 0; i < e.rules().players(); i++) {
                seats.add(null);
                hints.add(0);
            }
            return new TableState(TableStatus.OPEN, e.rules(), e.createdBy(), seats, null, Set.of(), hints, null,
                    List.of(), e.tempo());
        }
        if (event instanceof Event.SeatTaken e) {
            List<SeatHolder> seats = new ArrayList<>(t.seats());
            seats.set(e.seat(), new SeatHolder(e.playerId(), e.name(), e.bot()));
            return t.withSeats(seats);
        }
        if (event instanceof Event.SeatLeft e) {
            List<SeatHolder> seats = new ArrayList<>(t.seats());
            seats.set(e.seat(), null);
            return t.withSeats(seats);
        }
        if (event instanceof Event.MatchLeft e) {
            SeatHolder h = t.seats().get(e.seat());
            List<TableState.Leaver> left = new ArrayList<>(t.left());
            int deals = t.match() == null ? 0 : t.match().dealPoints().size();
            left.add(new TableState.Leaver(e.seat(), e.playerId(), h == null ? null : h.name(), deals, e.bot() != null));
            List<SeatHolder> seats = new ArrayList<>(t.seats());
            if (e.bot() != null) {
                seats.set(e.seat(), new SeatHolder("bot-" + e.seat(), botName(e.seat(), e.bot()), e.bot()));
            }
            // a timed-out turn of the seat is the bot's now, and it plays at once
            TableState.Timer timer = t.timer() != null && t.timer().seat() == e.seat() ? null : t.timer();
            return t.withLeft(seats, left, timer);
        }
        if (event instanceof Event.TableClosed) {
            return new TableState(TableStatus.CLOSED, t.rules(), t.createdBy(), t.seats(), t.match(), t.continued(),
                    t.hints(), null, t.left(), t.tempo());
        }
        if (event instanceof Event.ContinuePressed e) {
            Set<Integer> pressed = new HashSet<>(t.continued());
            pressed.add(e.seat());
            return t.withContinued(pressed);
        }
        if (event instanceof Event.HintTaken e) {
            List<Integer> hints = new ArrayList<>(t.hints());
            hints.set(e.seat(), hints.get(e.seat()) + 1);
            return t.withHints(hints);
        }
        if (event instanceof Event.TimedOut e) {
            return t.withTimer(new TableState.Timer(e.seat(), e.graceEnds(), false));
        }
        if (event instanceof Event.GraceRanOut e) {
            return t.withTimer(new TableState.Timer(e.seat(), t.timer() == null ? null : t.timer().graceEnds(), true));
        }
        if (event instanceof Event.PlayedByComputer || event instanceof Event.BoardTimedOut) {
            return t; // markers: the events that follow carry the change
        }
        MatchState before = t.match() == null ? MatchDecider.initialState(t.rules()) : t.match();
        MatchState match = MatchDecider.evolve(before, event);
        TableStatus status = match.isOver() ? TableStatus.FINISHED : TableStatus.PLAYING;
        Set<Integer> continued = event instanceof Event.DealStarted ? Set.of() : t.continued();
        // any move ends a timed-out turn
        return new TableState(status, t.rules(), t.createdBy(), t.seats(), match, continued, t.hints(), null,
                t.left(), t.tempo());
    }
}
