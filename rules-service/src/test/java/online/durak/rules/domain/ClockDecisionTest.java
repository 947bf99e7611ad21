package online.durak.rules.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Deck;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableStatus;
import online.durak.engine.table.TurnClock;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import org.junit.jupiter.api.Test;

/**
 * The clock command in the decider step: it becomes whatever the table's clock says is due when it is decided
 * (timeout, grace over, the board's clock), or a {@code CLOCK_NOT_DUE} rejection; and the turn's start is folded
 * from the events' times, the same way from a decision as from the stored log.
 */
class ClockDecisionTest {

    static final Instant T0 = Instant.parse("2026-03-04T05:06:07.000001Z");
    static final String T = "clocked";
    static final Duration GRACE = Duration.ofSeconds(10);
    static final ClockSettings STANDARD = ClockSettings.STANDARD;
    /** Two humans, a 30-second clock, a short deck, three deals. */
    static final Rules RULES = Rules.defaults(2).withDeck(Deck.D24).withTurnClockSeconds(30).withDealsPerMatch(3);

    private int ids;

    // ---- the turn clock and the grace ----

    @Test
    void aSilentHumanTimesOutThenTheGraceRunsOutThenOnlyTheComputersMoveIsDue() {
        LoggedTable started = started(RULES);
        assertEquals(T0, started.turnStartedAt());
        int seat = started.state().toAct();

        Outcome early = clock(started, T0.plusSeconds(30).minusNanos(1000), STANDARD);
        assertNotDue(early, started);

        Instant late = T0.plusSeconds(31);
        LoggedTable timedOut = accepted(clock(started, late, STANDARD), new Event.TimedOut(seat, late.plus(GRACE)));
        assertEquals(T0, timedOut.turnStartedAt(), "a timeout does not restart the turn");
        assertEquals(seat, timedOut.state().timer().seat());

        assertNotDue(clock(timedOut, late.plus(GRACE).minusNanos(1000), STANDARD), timedOut);
        LoggedTable ranOut = accepted(clock(timedOut, late.plus(GRACE), STANDARD), new Event.GraceRanOut(seat));
        assertTrue(ranOut.state().timer().ranOut());
        assertEquals(T0, ranOut.turnStartedAt());

        // the computer's move is bot-service's: the clock has nothing more to do, however long it waits
        assertEquals(TurnClock.Due.COMPUTER_MOVE, STANDARD.due(ranOut, late.plusSeconds(3600)));
        assertNotDue(clock(ranOut, late.plusSeconds(3600), STANDARD), ranOut);
    }

    @Test
    void theComputerPlaysOnlyAfterTheGraceRanOutAndThatMoveRestartsTheClock() {
        LoggedTable started = started(RULES);
        int seat = started.state().toAct();
        String player = started.state().holder(seat).playerId();
        Move move = policy(started.state().match().deal(), seat);
        Instant out = T0.plusSeconds(30);
        LoggedTable timedOut = accepted(clock(started, out, STANDARD), new Event.TimedOut(seat, out.plus(GRACE)));

        Outcome tooSoon = CommandDecider.decide(timedOut, byComputer(player, move), Shuffle.of(1), out.plusSeconds(1), STANDARD);
        assertEquals(TableDecider.NOT_TIMED_OUT, assertInstanceOf(Outcome.Rejected.class, tooSoon).rejection().code());

        LoggedTable ranOut = accepted(clock(timedOut, out.plus(GRACE), STANDARD), new Event.GraceRanOut(seat));
        Instant playedAt = out.plus(GRACE).plusMillis(300);
        Outcome.Accepted played = assertInstanceOf(Outcome.Accepted.class,
            CommandDecider.decide(ranOut, byComputer(player, move), Shuffle.of(1), playedAt, STANDARD));
        assertEquals(new Event.PlayedByComputer(seat), played.events().get(0).event());
        assertTrue(played.events().size() >= 2, "the move's own events follow");
        assertNull(played.after().state().timer());
        assertEquals(playedAt, played.after().turnStartedAt(), "the next decision has a whole clock again");
        assertNotDue(clock(played.after(), playedAt.plusSeconds(29), STANDARD), played.after());
    }

    @Test
    void aMoveDuringTheGraceCancelsTheTimer() {
        LoggedTable started = started(RULES);
        int seat = started.state().toAct();
        Instant out = T0.plusSeconds(30);
        LoggedTable timedOut = accepted(clock(started, out, STANDARD), new Event.TimedOut(seat, out.plus(GRACE)));
        Instant movedAt = out.plusSeconds(4);
        LoggedTable moved = play(timedOut, movedAt);
        assertNull(moved.state().timer());
        assertEquals(movedAt, moved.turnStartedAt());
        // the grace would have ended at out + 10 s: nothing is due then any more
        assertNotDue(clock(moved, out.plus(GRACE).plusSeconds(1), STANDARD), moved);
        assertEquals(TurnClock.Due.TIME_OUT, STANDARD.due(moved, movedAt.plusSeconds(30)));
    }

    @Test
    void theGraceIsConfigured() {
        ClockSettings shortGrace = new ClockSettings(Duration.ofSeconds(2), ClockSettings.LOBBY_EXPIRY);
        LoggedTable started = started(RULES);
        int seat = started.state().toAct();
        assertNotDue(clock(started, T0.plusSeconds(30).minusNanos(1000), shortGrace), started);
        Instant out = T0.plusSeconds(30);
        LoggedTable timedOut = accepted(clock(started, out, shortGrace), new Event.TimedOut(seat, out.plusSeconds(2)));
        assertNotDue(clock(timedOut, out.plusSeconds(2).minusNanos(1000), shortGrace), timedOut);
        accepted(clock(timedOut, out.plusSeconds(2), shortGrace), new Event.GraceRanOut(seat));
    }

    // ---- the board ----

    @Test
    void theBoardsClockDealsTheNextDealWhenNotEveryonePressedContinue() {
        LoggedTable t = started(RULES);
        Instant at = T0;
        int dealsBefore = t.state().match().dealNumber();
        while (t.state().match().dealRunning()) {
            at = at.plusMillis(500);
            t = play(t, at);
        }
        Instant ended = at;
        assertTrue(t.state().onBoard());
        assertEquals(ended, t.turnStartedAt(), "the board's clock starts when the deal ends");

        // one human presses continue: the board's clock does not restart
        String first = t.state().holder(0).playerId();
        Outcome.Accepted pressed = assertInstanceOf(Outcome.Accepted.class, CommandDecider.decide(t,
            new CommandMessage(id(), T, first, null, new CommandMessage.Continue()), Shuffle.of(1), ended.plusSeconds(5),
            STANDARD));
        t = pressed.after();
        assertEquals(ended, t.turnStartedAt());

        assertNotDue(clock(t, ended.plusSeconds(29), STANDARD), t);
        Outcome.Accepted dealt = assertInstanceOf(Outcome.Accepted.class, clock(t, ended.plusSeconds(30), STANDARD));
        List<Event> events = dealt.events().stream().map(EventMessage::event).toList();
        assertEquals(new Event.BoardTimedOut(), events.get(0));
        assertInstanceOf(Event.DealStarted.class, events.get(1));
        assertTrue(dealt.after().state().match().dealRunning());
        assertEquals(dealsBefore + 1, dealt.after().state().match().dealNumber());
        assertEquals(ended.plusSeconds(30), dealt.after().turnStartedAt());
    }

    // ---- tables without a clock ----

    @Test
    void aSoloTableNeverTimesOut() {
        CommandMessage solo = new CommandMessage(id(), T, "alone", "Alone",
            new CommandMessage.Solo(RULES, List.of(BotLevel.EASY)));
        LoggedTable t = assertInstanceOf(Outcome.Accepted.class,
            CommandDecider.decide(LoggedTable.empty(T), solo, Shuffle.of(3), T0, STANDARD)).after();
        assertTrue(t.state().match().dealRunning());
        assertNull(t.clock());
        assertNotDue(clock(t, T0.plusSeconds(86_400), STANDARD), t);
    }

    @Test
    void aTableWithoutClockOrNotYetPlayingHasNothingDue() {
        LoggedTable open = seated(RULES);
        assertNotDue(clock(open, T0.plusSeconds(600), STANDARD), open); // no turn clock; the lobby's wait is 30 min
        LoggedTable unclocked = started(RULES.withTurnClockSeconds(0));
        assertNotDue(clock(unclocked, T0.plusSeconds(3600), STANDARD), unclocked);
        Outcome none = clock(LoggedTable.empty(T), T0, STANDARD);
        assertEquals(TableDecider.CLOCK_NOT_DUE, assertInstanceOf(Outcome.Rejected.class, none).rejection().code());
    }

    // ---- the fold ----

    @Test
    void theTurnStartFoldedFromTheLogIsTheDecidedOne() {
        List<EventMessage> log = new ArrayList<>();
        LoggedTable t = LoggedTable.empty(T);
        Instant at = T0;
        t = record(log, CommandDecider.decide(t, new CommandMessage(id(), T, "host", "Host",
            new CommandMessage.Create(RULES)), Shuffle.of(1), at, STANDARD));
        t = record(log, CommandDecider.decide(t, new CommandMessage(id(), T, "guest", "Guest",
            new CommandMessage.Join(null)), Shuffle.of(1), at = at.plusSeconds(1), STANDARD));
        t = record(log, CommandDecider.decide(t, new CommandMessage(id(), T, "host", null,
            new CommandMessage.Start()), Shuffle.of(9), at = at.plusSeconds(1), STANDARD));
        t = record(log, clock(t, at = at.plusSeconds(30), STANDARD));
        t = record(log, clock(t, at = at.plus(GRACE), STANDARD));
        int seat = t.state().toAct();
        t = record(log, CommandDecider.decide(t, byComputer(t.state().holder(seat).playerId(),
            policy(t.state().match().deal(), seat)), Shuffle.of(1), at = at.plusMillis(10), STANDARD));

        LoggedTable folded = LoggedTable.fold(T, log);
        assertEquals(t.seq(), folded.seq());
        assertEquals(t.turnStartedAt(), folded.turnStartedAt());
        assertEquals(at, folded.turnStartedAt());
        assertEquals(t.state().timer(), folded.state().timer());
    }

    @Test
    void clockEventsAreNotable() {
        assertNotNull(Notable.describe(T, new Event.TimedOut(1, T0)));
        assertNotNull(Notable.describe(T, new Event.GraceRanOut(1)));
        assertNotNull(Notable.describe(T, new Event.PlayedByComputer(1)));
        assertNotNull(Notable.describe(T, new Event.BoardTimedOut()));
    }

    // ---- the lobby ----

    @Test
    void anOpenTable_isClosedOnceItWaitedLongerThanTheLobbyExpiry_countedFromItsCreation() {
        LoggedTable open = seated(RULES); // created at T0 - 9 s, joined at T0 - 5 s
        Instant created = T0.minusSeconds(9);
        assertEquals(created, open.createdAt(), "a join does not restart the wait");
        Instant expires = created.plus(ClockSettings.LOBBY_EXPIRY);
        assertEquals(TurnClock.Due.NOTHING, STANDARD.due(open, expires.minusNanos(1000)));
        assertNotDue(clock(open, expires.minusNanos(1000), STANDARD), open);

        assertEquals(TurnClock.Due.CLOSE_UNSTARTED, STANDARD.due(open, expires));
        LoggedTable closed = accepted(clock(open, expires, STANDARD), new Event.TableClosed(Event.TableClosed.EXPIRED));
        assertEquals(TableStatus.CLOSED, closed.state().status());
        assertEquals(TurnClock.Due.NOTHING, STANDARD.due(closed, expires.plusSeconds(3600)), "closed once");

        ClockSettings quick = new ClockSettings(GRACE, Duration.ofSeconds(5));
        assertEquals(TurnClock.Due.CLOSE_UNSTARTED, quick.due(open, created.plusSeconds(5)), "the expiry is a setting");
        assertNotNull(Notable.describe(T, new Event.TableClosed(Event.TableClosed.EXPIRED)));
    }

    @Test
    void aStartedTable_neverExpiresFromTheLobby() {
        LoggedTable started = started(RULES.withTurnClockSeconds(0));
        assertEquals(TurnClock.Due.NOTHING, STANDARD.due(started, T0.plus(Duration.ofDays(2))));
        assertNotDue(clock(started, T0.plus(Duration.ofDays(2)), STANDARD), started);
    }

    // ---- helpers ----

    private static LoggedTable record(List<EventMessage> log, Outcome o) {
        Outcome.Accepted a = assertInstanceOf(Outcome.Accepted.class, o, () -> "rejected: " + o);
        log.addAll(a.events());
        return a.after();
    }

    private String id() {
        return "c" + (++ids);
    }

    private Outcome clock(LoggedTable t, Instant at, ClockSettings settings) {
        return CommandDecider.decide(t, new CommandMessage(id(), T, CommandDecider.CLOCK, null,
            new CommandMessage.Clock()), Shuffle.of(77), at, settings);
    }

    private CommandMessage byComputer(String player, Move move) {
        return new CommandMessage(id(), T, player, null, new CommandMessage.Play(move), true);
    }

    private static LoggedTable accepted(Outcome o, Event expected) {
        Outcome.Accepted a = assertInstanceOf(Outcome.Accepted.class, o, () -> "rejected: " + o);
        assertEquals(List.of(expected), a.events().stream().map(EventMessage::event).toList());
        return a.after();
    }

    private static void assertNotDue(Outcome o, LoggedTable before) {
        Outcome.Rejected r = assertInstanceOf(Outcome.Rejected.class, o, () -> "accepted: " + o);
        assertEquals(TableDecider.CLOCK_NOT_DUE, r.rejection().code());
        assertEquals(before.seq(), r.lastSeq());
    }

    private LoggedTable seated(Rules rules) {
        LoggedTable t = assertInstanceOf(Outcome.Accepted.class, CommandDecider.decide(LoggedTable.empty(T),
            new CommandMessage(id(), T, "host", "Host", new CommandMessage.Create(rules)), Shuffle.of(1), T0.minusSeconds(9),
            STANDARD)).after();
        return assertInstanceOf(Outcome.Accepted.class, CommandDecider.decide(t,
            new CommandMessage(id(), T, "guest", "Guest", new CommandMessage.Join(null)), Shuffle.of(1), T0.minusSeconds(5),
            STANDARD)).after();
    }

    private LoggedTable started(Rules rules) {
        return assertInstanceOf(Outcome.Accepted.class, CommandDecider.decide(seated(rules),
            new CommandMessage(id(), T, "host", null, new CommandMessage.Start()), Shuffle.of(5), T0, STANDARD)).after();
    }

    /** The player to act makes a quick move (take when defending, pass when throwing in, else the first). */
    private LoggedTable play(LoggedTable t, Instant at) {
        int seat = t.state().toAct();
        Move move = policy(t.state().match().deal(), seat);
        CommandMessage c = new CommandMessage(id(), T, t.state().holder(seat).playerId(), null,
            new CommandMessage.Play(move));
        Outcome o = CommandDecider.decide(t, c, Shuffle.of(11), at, STANDARD);
        return assertInstanceOf(Outcome.Accepted.class, o, () -> "rejected: " + o).after();
    }

    static Move policy(DealState deal, int seat) {
        List<Move> legal = DealDecider.legalMoves(deal, seat);
        if (legal.contains(Move.TAKE)) {
            return Move.TAKE;
        }
        if (legal.contains(Move.PASS)) {
            return Move.PASS;
        }
        return legal.get(0);
    }
}
