package online.durak.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.DealDecider;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import org.junit.jupiter.api.Test;

/** A table as its log makes it: the state, the seq, when the decision began and when the table was created. */
class LoggedTableTest {
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    record Entry(long seq, Event event, Instant at) implements LoggedTable.Logged {
    }

    private LoggedTable table = LoggedTable.empty("t");
    private final List<Entry> log = new ArrayList<>();

    /** The command decided against the table, its events logged at {@code at} and applied one by one. */
    private List<Event> when(TableCommand c, Instant at) {
        Decision.Accepted<TableState> a = TableSteps.accepted(table.state(), c);
        for (Event e : a.events()) {
            log.add(new Entry(table.seq() + 1, e, at));
            table = table.next(e, at);
        }
        return a.events();
    }

    private void givenAStartedTableOfTwoPeople() {
        when(new TableCommand.Create("anna", "Anna", Rules.defaults(2).withTurnClockSeconds(30)), T0);
        when(new TableCommand.Join("boris", "Boris", 1), T0.plusSeconds(5));
        when(new TableCommand.Start("anna", Shuffle.of(7)), T0.plusSeconds(9));
    }

    private TableCommand.Play anyMove() {
        int seat = table.state().toAct();
        return new TableCommand.Play(table.state().holder(seat).playerId(),
                DealDecider.legalMoves(table.state().match().deal(), seat).get(0));
    }

    @Test
    void aTableBeforeItsFirstEvent_existsNot_andHasNoClock() {
        assertEquals(0, table.seq());
        assertFalse(table.exists());
        assertNull(table.createdAt());
        assertNull(table.clock());
    }

    @Test
    void everyEvent_movesTheSeqOnByOne_andTheStateAsTheDeciderSays() {
        givenAStartedTableOfTwoPeople();

        assertEquals(log.size(), table.seq());
        assertTrue(table.exists());
        assertEquals(TableStatus.PLAYING, table.state().status());
        assertEquals(TableDecider.TABLE.fold(TableState.NONE, log.stream().map(Entry::event).toList()).toAct(),
                table.state().toAct());
    }

    @Test
    void theCreation_isWhenTheTableCreatedEventWasLogged_andAJoinDoesNotMoveIt() {
        givenAStartedTableOfTwoPeople();

        assertEquals(T0, table.createdAt());
    }

    @Test
    void theTurn_startsWithTheEventThatAsksAnew_butNotWithATimeout() {
        givenAStartedTableOfTwoPeople();
        Instant started = T0.plusSeconds(9);
        assertEquals(started, table.turnStartedAt());
        TurnClock clock = table.clock();
        assertNotNull(clock);
        assertEquals(started.plusSeconds(30), clock.turnEnds());

        int seat = table.state().toAct();
        Instant late = started.plusSeconds(30);
        when(new TableCommand.TimeOut("clock", seat, late.plus(TurnClock.GRACE)), late);
        assertEquals(started, table.turnStartedAt(), "a timeout asks nobody anew");

        Instant moved = late.plusSeconds(2);
        when(anyMove(), moved);
        assertEquals(moved, table.turnStartedAt());
    }

    @Test
    void anAcceptedDecision_isTheSameTable_asItsEventsAppliedOneByOne() {
        givenAStartedTableOfTwoPeople();
        LoggedTable before = table;
        TableCommand.Play move = anyMove();
        Decision.Accepted<TableState> decided = TableSteps.accepted(before.state(), move);

        LoggedTable whole = before.next(decided, T0.plusSeconds(12));
        when(move, T0.plusSeconds(12));

        assertEquals(table.seq(), whole.seq());
        assertEquals(table.turnStartedAt(), whole.turnStartedAt());
        assertEquals(table.createdAt(), whole.createdAt());
        assertSameTable(table, whole);
    }

    private static void assertSameTable(LoggedTable expected, LoggedTable actual) {
        assertEquals(expected.tableId(), actual.tableId());
        assertEquals(expected.seq(), actual.seq());
        assertEquals(expected.turnStartedAt(), actual.turnStartedAt());
        assertEquals(expected.createdAt(), actual.createdAt());
        assertEquals(expected.state().status(), actual.state().status());
        assertEquals(expected.state().seats(), actual.state().seats());
        assertEquals(expected.state().toAct(), actual.state().toAct());
        for (int seat = 0; seat < expected.state().seats().size(); seat++) {
            assertEquals(expected.state().match().deal().hand(seat), actual.state().match().deal().hand(seat));
        }
    }

    @Test
    void aWholeLog_foldsToTheSameTable() {
        givenAStartedTableOfTwoPeople();
        when(anyMove(), T0.plusSeconds(20));

        LoggedTable folded = LoggedTable.fold("t", log);

        assertSameTable(table, folded);
    }

    @Test
    void aLogWithAGapOrARepeat_isRefused() {
        givenAStartedTableOfTwoPeople();
        List<Entry> gap = new ArrayList<>(log);
        gap.remove(1);
        List<Entry> repeat = new ArrayList<>(log);
        repeat.add(1, log.get(0));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoggedTable.fold("t", gap));
        assertEquals("table t: event 3 follows 1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LoggedTable.fold("t", repeat));
        assertThrows(IllegalArgumentException.class, () -> LoggedTable.fold("t", log.subList(1, log.size())),
                "a log begins with event 1");
    }

    @Test
    void anEmptyLog_foldsToATableBeforeItsFirstEvent() {
        LoggedTable folded = LoggedTable.fold("t", List.of());

        assertEquals(0, folded.seq());
        assertSame(TableState.NONE, folded.state());
    }

    @Test
    void anEventTheEngineCannotApply_fails_andTheTableStaysAsItWas() {
        LoggedTable before = table;

        assertThrows(RuntimeException.class, () -> before.next(new Event.SeatTaken(3, "x", "X", null), T0));
        assertEquals(0, before.seq());
    }
}
