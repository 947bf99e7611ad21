package online.durak.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.DealDecider;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import org.junit.jupiter.api.Test;

/** rules.md §8 at the table: solo games, hints, the turn clock, its grace and the computer's move. */
class TimeBotsAndHintsTest {
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    private TableState table = TableState.NONE;

    private List<Event> send(TableCommand c) {
        Decision.Accepted<TableState> a = TableSteps.accepted(table, c);
        table = a.state();
        return a.events();
    }

    private void refused(TableCommand c, String code) {
        TableSteps.refused(table, c, code);
    }

    private Move anyLegal() {
        return DealDecider.legalMoves(table.match().deal(), table.toAct()).get(0);
    }

    private String actorId() {
        return table.holder(table.toAct()).playerId();
    }

    /** Two people and a bot at a table with a 30 s clock, the match started. */
    private void twoHumansAndABot() {
        send(new TableCommand.Create("anna", "Anna", Rules.defaults(3).withTurnClockSeconds(30)));
        send(new TableCommand.Join("boris", "Boris", 1));
        send(new TableCommand.AddBot("anna", 2, BotLevel.EASY));
        send(new TableCommand.Start("anna", Shuffle.of(7)));
    }

    @Test
    void aSoloGame_startsAtOnce_againstBots_withoutClockOrStake() {
        List<Event> events = send(new TableCommand.CreateSolo("anna", "Anna",
                Rules.defaults(3).withStake(50), List.of(BotLevel.EASY, BotLevel.STRONG), Shuffle.of(5)));
        assertEquals(TableStatus.PLAYING, table.status());
        assertTrue(table.match().dealRunning());
        assertTrue(table.solo());
        assertEquals(0, table.rules().turnClockSeconds());
        assertEquals(0, table.rules().stake());
        assertEquals(BotLevel.STRONG, table.holder(2).bot());
        assertTrue(events.stream().anyMatch(e -> e instanceof Event.DealStarted));
        assertNull(TurnClock.of(table, T0), "solo tables have no clock");
    }

    @Test
    void aSoloGamesTempo_isKeptBesideTheRules_andDealsTheSameCards() {
        Rules rules = Rules.defaults(2);
        List<Event> slow = send(new TableCommand.CreateSolo("anna", "Anna", rules, List.of(BotLevel.NORMAL), Shuffle.of(5),
                Tempo.SLOW));
        assertEquals(new Event.TableCreated(rules.withTurnClockSeconds(0), "anna", Tempo.SLOW), slow.get(0));
        assertEquals(Tempo.SLOW, table.tempo());
        send(anyMoveOfSeat());
        assertEquals(Tempo.SLOW, table.tempo(), "kept through the match");
        table = TableState.NONE;
        List<Event> plain = send(new TableCommand.CreateSolo("anna", "Anna", rules, List.of(BotLevel.NORMAL), Shuffle.of(5)));
        assertNull(table.tempo());
        // no rule: the same seed deals the same cards whatever the tempo
        assertEquals(slow.subList(1, slow.size()), plain.subList(1, plain.size()));
    }

    private TableCommand anyMoveOfSeat() {
        return new TableCommand.Play(actorId(), anyLegal());
    }

    @Test
    void aSoloGame_needsOneBotPerOtherSeat() {
        refused(new TableCommand.CreateSolo("anna", "Anna", Rules.defaults(3), List.of(BotLevel.EASY), Shuffle.of(5)),
                TableDecider.BAD_BOTS);
    }

    @Test
    void hints_areCounted_atSoloTablesOnly() {
        send(new TableCommand.CreateSolo("anna", "Anna", Rules.defaults(2), List.of(BotLevel.NORMAL), Shuffle.of(5)));
        botsPlayUntilAnnaActs();
        send(new TableCommand.Hint("anna"));
        send(new TableCommand.Hint("anna"));
        assertEquals(List.of(2, 0), table.hints());

        table = TableState.NONE;
        twoHumansAndABot();
        refused(new TableCommand.Hint("anna"), TableDecider.HINTS_SOLO_ONLY);
        assertEquals(List.of(0, 0, 0), table.hints());
    }

    @Test
    void hint_isRefused_whenTheDecisionIsNotTheSeats() {
        send(new TableCommand.CreateSolo("anna", "Anna", Rules.defaults(2), List.of(BotLevel.NORMAL), Shuffle.of(5)));
        assertEquals(1, table.toAct(), "the bot opens with seed 5");

        refused(new TableCommand.Hint("anna"), online.durak.engine.Rejection.NOT_YOUR_TURN);
        assertEquals(List.of(0, 0), table.hints());
    }

    @Test
    void hint_isRefused_afterTheMatch() {
        send(new TableCommand.CreateSolo("anna", "Anna", Rules.defaults(2).withDealsPerMatch(1),
                List.of(BotLevel.NORMAL), Shuffle.of(5)));
        while (table.status() == TableStatus.PLAYING) {
            send(new TableCommand.Play(actorId(), anyLegal()));
        }
        refused(new TableCommand.Hint("anna"), online.durak.engine.Rejection.MATCH_OVER);
    }

    private void botsPlayUntilAnnaActs() {
        while (table.toAct() != 0) {
            send(new TableCommand.Play(actorId(), anyLegal()));
        }
    }

    @Test
    void theClock_timesAHumansDecision_fromTheEventThatAskedForIt() {
        twoHumansAndABot();
        while (!table.holder(table.toAct()).isHuman()) {
            send(new TableCommand.Play(actorId(), anyLegal()));
        }
        TurnClock clock = TurnClock.of(table, T0);
        assertEquals(table.toAct(), clock.seat());
        assertEquals(T0.plusSeconds(30), clock.turnEnds());
        assertEquals(TurnClock.Due.NOTHING, clock.due(T0.plusSeconds(29)));
        assertEquals(TurnClock.Due.TIME_OUT, clock.due(T0.plusSeconds(30)));
    }

    @Test
    void afterClockAndGrace_theComputerPlaysTheMove_markedAsSuch() {
        twoHumansAndABot();
        while (!table.holder(table.toAct()).isHuman()) {
            send(new TableCommand.Play(actorId(), anyLegal()));
        }
        int seat = table.toAct();
        String player = actorId();
        refused(new TableCommand.Play(player, anyLegal(), true), TableDecider.NOT_TIMED_OUT);
        refused(new TableCommand.GraceOver("clock", seat), TableDecider.CLOCK_NOT_DUE);
        refused(new TableCommand.TimeOut("clock", (seat + 1) % 3, T0), TableDecider.CLOCK_NOT_DUE);

        send(new TableCommand.TimeOut("clock", seat, T0.plusSeconds(40)));
        TurnClock clock = TurnClock.of(table, T0);
        assertEquals(T0.plusSeconds(40), clock.graceEnds());
        assertEquals(TurnClock.Due.NOTHING, clock.due(T0.plusSeconds(39)));
        assertEquals(TurnClock.Due.GRACE_OVER, clock.due(T0.plusSeconds(40)));
        refused(new TableCommand.TimeOut("clock", seat, T0), TableDecider.CLOCK_NOT_DUE);
        refused(new TableCommand.Play(player, anyLegal(), true), TableDecider.NOT_TIMED_OUT);

        send(new TableCommand.GraceOver("clock", seat));
        assertEquals(TurnClock.Due.COMPUTER_MOVE, TurnClock.of(table, T0).due(T0.plusSeconds(41)));
        List<Event> events = send(new TableCommand.Play(player, anyLegal(), true));
        assertEquals(new Event.PlayedByComputer(seat), events.get(0));
        assertNull(table.timer(), "the move ends the timed-out turn");
        refused(new TableCommand.Play(actorId(), anyLegal(), true), TableDecider.NOT_TIMED_OUT);
    }

    @Test
    void thePlayerMayStillMove_duringTheGrace() {
        twoHumansAndABot();
        while (!table.holder(table.toAct()).isHuman()) {
            send(new TableCommand.Play(actorId(), anyLegal()));
        }
        send(new TableCommand.TimeOut("clock", table.toAct(), T0));
        List<Event> events = send(new TableCommand.Play(actorId(), anyLegal()));
        assertTrue(events.stream().noneMatch(e -> e instanceof Event.PlayedByComputer));
        assertNull(table.timer());
    }

    @Test
    void theTurnStart_ignoresEventsThatAskNobodyAnew() {
        Instant t1 = T0.plusSeconds(5);
        assertEquals(t1, TurnClock.turnStart(T0, new Event.Took(1), t1));
        assertEquals(T0, TurnClock.turnStart(T0, new Event.TimedOut(1, t1), t1));
        assertEquals(T0, TurnClock.turnStart(T0, new Event.ContinuePressed(1), t1));
        assertEquals(T0, TurnClock.turnStart(T0, new Event.HintTaken(1), t1));
    }

    @Test
    void theBoardClock_dealsTheNextDeal_whenItRunsOut() {
        twoHumansAndABot();
        for (int steps = 0; table.match().dealRunning(); steps++) {
            assertTrue(steps < 10_000);
            send(new TableCommand.Play(actorId(), anyLegal()));
        }
        assertTrue(table.onBoard());
        TurnClock board = TurnClock.of(table, T0);
        assertEquals(-1, board.seat());
        assertEquals(TurnClock.Due.DEAL_NEXT, board.due(T0.plusSeconds(30)));
        send(new TableCommand.Continue("anna", Shuffle.of(1)));
        assertTrue(table.onBoard(), "boris has not pressed continue");
        List<Event> events = send(new TableCommand.BoardTimeOut("clock", Shuffle.of(9)));
        assertEquals(new Event.BoardTimedOut(), events.get(0));
        assertTrue(table.match().dealRunning());
        refused(new TableCommand.BoardTimeOut("clock", Shuffle.of(9)), TableDecider.CLOCK_NOT_DUE);
    }

    @Test
    void tablesWithoutAClock_refuseClockCommands() {
        send(new TableCommand.Create("anna", "Anna", Rules.defaults(2).withTurnClockSeconds(0)));
        send(new TableCommand.Join("boris", "Boris", 1));
        send(new TableCommand.Start("anna", Shuffle.of(7)));
        assertNull(TurnClock.of(table, T0));
        refused(new TableCommand.TimeOut("clock", table.toAct(), T0), TableDecider.CLOCK_NOT_DUE);
    }
}
