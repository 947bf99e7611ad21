package online.durak.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.DealDecider;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.LeaderboardPoints;
import online.durak.engine.Move;
import online.durak.engine.Rejection;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import org.junit.jupiter.api.Test;

/** rules.md §7: a person leaving a running match; a bot of the table's level takes the seat, or the match ends. */
class LeaveMatchTest {

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

    private void playOneMove() {
        send(new TableCommand.Play(table.holder(table.toAct()).playerId(), anyLegal()));
    }

    private void playToTheBoard() {
        int deals = table.match().dealPoints().size();
        while (table.status() == TableStatus.PLAYING && table.match().dealPoints().size() == deals) {
            playOneMove();
        }
    }

    private void twoPeopleAndABot(BotLevel level, int deals) {
        send(new TableCommand.Create("anna", "Anna", Rules.defaults(3).withDealsPerMatch(deals)));
        send(new TableCommand.Join("boris", "Boris", 1));
        send(new TableCommand.AddBot("anna", 2, level));
        send(new TableCommand.Start("anna", Shuffle.of(7)));
    }

    @Test
    void withOtherPeople_aBotOfTheTablesLevel_takesTheSeat_forTheRestOfTheMatch() {
        twoPeopleAndABot(BotLevel.STRONG, 3);
        playToTheBoard();
        send(new TableCommand.Continue("anna", Shuffle.of(8)));
        send(new TableCommand.Continue("boris", Shuffle.of(9)));
        playOneMove();
        assertEquals(List.of(new Event.MatchLeft(1, "boris", BotLevel.STRONG)),
                send(new TableCommand.Leave("boris")));
        assertEquals(TableStatus.PLAYING, table.status());
        assertEquals(new SeatHolder("bot-1", "Strong bot 1", BotLevel.STRONG), table.holder(1));
        assertEquals(List.of(new TableState.Leaver(1, "boris", "Boris", 1, true)), table.left());
        assertFalse(table.solo(), "Anna is alone with bots now, but the match was no solo match: no hints");

        refused(new TableCommand.Play("boris", anyLegal()), TableDecider.NOT_SEATED);
        refused(new TableCommand.Leave("boris"), TableDecider.NOT_SEATED);
        refused(new TableCommand.Continue("boris", Shuffle.of(1)), TableDecider.NOT_SEATED);

        while (table.status() == TableStatus.PLAYING) {
            if (table.onBoard()) {
                send(new TableCommand.Continue("anna", Shuffle.of(table.match().dealNumber() + 20)));
            } else {
                playOneMove();
            }
        }
        assertEquals(TableStatus.FINISHED, table.status());
        int firstDeal = table.match().dealPoints().get(0).get(1);
        assertEquals(3 * firstDeal - 10, LeaderboardPoints.ofLeaver(table.match(), 1, 1, true),
                "the deal finished before the leave, no place bonus, −10");
    }

    @Test
    void atATableOfPeopleOnly_theBotIsNormal() {
        send(new TableCommand.Create("anna", "Anna", Rules.defaults(3)));
        send(new TableCommand.Join("boris", "Boris", 1));
        send(new TableCommand.Join("carla", "Carla", 2));
        send(new TableCommand.Start("anna", Shuffle.of(7)));
        assertEquals(List.of(new Event.MatchLeft(2, "carla", BotLevel.NORMAL)), send(new TableCommand.Leave("carla")));
        assertEquals(BotLevel.NORMAL, table.holder(2).bot());
        assertEquals(2, table.humans());
    }

    @Test
    void onTheLeaversTurn_theBotIsToAct_andATimedOutTurnIsTheBotsNow() {
        send(new TableCommand.Create("anna", "Anna", Rules.defaults(3).withTurnClockSeconds(30)));
        send(new TableCommand.Join("boris", "Boris", 1));
        send(new TableCommand.AddBot("anna", 2, BotLevel.EASY));
        send(new TableCommand.Start("anna", Shuffle.of(7)));
        while (!table.holder(table.toAct()).isHuman()) {
            playOneMove();
        }
        int seat = table.toAct();
        String person = table.holder(seat).playerId();
        send(new TableCommand.TimeOut("clock", seat, Instant.parse("2026-12-01T10:00:00Z")));
        send(new TableCommand.Leave(person));
        assertEquals(seat, table.toAct());
        assertEquals(BotLevel.EASY, table.holder(seat).bot());
        assertNull(table.timer(), "the bot plays at once, no clock waits for it");
        send(new TableCommand.Play("bot-" + seat, anyLegal()));
    }

    @Test
    void theLastContinueTheBoardWaitedFor_beingALeave_dealsTheNextDeal() {
        twoPeopleAndABot(BotLevel.EASY, 3);
        playToTheBoard();
        send(new TableCommand.Continue("anna", Shuffle.of(8)));
        List<Event> events = send(new TableCommand.Leave("boris", Shuffle.of(9)));
        assertInstanceOf(Event.MatchLeft.class, events.get(0));
        assertInstanceOf(Event.DealStarted.class, events.get(1));
        assertEquals(2, table.match().dealNumber());
        assertTrue(table.match().dealRunning());
    }

    @Test
    void theOnePersonOfASoloMatch_leaving_endsIt() {
        send(new TableCommand.CreateSolo("anna", "Anna", Rules.defaults(2).withDealsPerMatch(3),
                List.of(BotLevel.NORMAL), Shuffle.of(5)));
        playToTheBoard();
        send(new TableCommand.Continue("anna", Shuffle.of(6)));
        playOneMove();
        List<Integer> totals = table.match().totals();
        List<Event> events = send(new TableCommand.Leave("anna"));
        assertEquals(new Event.MatchLeft(0, "anna", null), events.get(0));
        Event.MatchEnded end = assertInstanceOf(Event.MatchEnded.class, events.get(1));
        assertEquals(totals, end.totals(), "the totals so far");
        assertEquals(2, events.size());
        assertEquals(TableStatus.FINISHED, table.status());
        assertEquals("anna", table.holder(0).playerId(), "nobody takes the seat: the match is over");
        assertEquals(List.of(new TableState.Leaver(0, "anna", "Anna", 1, false)), table.left());
        assertEquals(3 * table.match().dealPoints().get(0).get(0), LeaderboardPoints.ofLeaver(table.match(), 0, 1,
                false), "the finished deal counts, no place bonus, and no −10: nobody else played");
        refused(new TableCommand.Leave("anna"), Rejection.MATCH_OVER);
    }

    @Test
    void theLastOfSeveralPeople_leaving_endsTheMatch_withoutTheMinusTen() {
        twoPeopleAndABot(BotLevel.EASY, 3);
        send(new TableCommand.Leave("boris"));
        List<Event> events = send(new TableCommand.Leave("anna"));
        assertEquals(new Event.MatchLeft(0, "anna", null), events.get(0));
        assertInstanceOf(Event.MatchEnded.class, events.get(1));
        assertEquals(List.of(true, false), table.left().stream().map(TableState.Leaver::replaced).toList());
    }

    @Test
    void again_seatsThePresserAndTheBotsInTheirSeats_andTheOthersSeatsWait() {
        List<BotLevel> seats = java.util.Arrays.asList(null, null, BotLevel.STRONG);
        List<Event> events = send(new TableCommand.Again("boris", "Boris", Rules.defaults(3), 1, seats, Shuffle.of(4)));
        assertEquals(List.of(new Event.TableCreated(Rules.defaults(3), "boris"),
                new Event.SeatTaken(1, "boris", "Boris", null),
                new Event.SeatTaken(2, "bot-2", "Strong bot 2", BotLevel.STRONG)), events);
        assertEquals(TableStatus.OPEN, table.status());
        assertNull(table.holder(0), "Anna's seat waits for her");
        send(new TableCommand.Join("anna", "Anna", 0));
        send(new TableCommand.Start("anna", Shuffle.of(5)));
        assertEquals(TableStatus.PLAYING, table.status());
        refused(new TableCommand.Again("boris", "Boris", Rules.defaults(3), 1, seats, Shuffle.of(4)), TableDecider.TABLE_EXISTS);
    }

    @Test
    void again_ofASoloMatch_startsAtOnce() {
        List<BotLevel> seats = java.util.Arrays.asList(null, BotLevel.EASY);
        send(new TableCommand.Again("anna", "Anna", Rules.defaults(2).withTurnClockSeconds(0), 0, seats, Shuffle.of(4)));
        assertEquals(TableStatus.PLAYING, table.status());
        assertTrue(table.solo());
        assertTrue(table.match().dealRunning());
    }

    @Test
    void again_refusesASeatThatIsABots() {
        TableSteps.refused(TableState.NONE, new TableCommand.Again("anna", "Anna", Rules.defaults(2), 1,
                java.util.Arrays.asList(null, BotLevel.EASY), Shuffle.of(4)), Rejection.NO_SUCH_SEAT);
        TableSteps.refused(TableState.NONE, new TableCommand.Again("anna", "Anna", Rules.defaults(2), 0,
                java.util.Arrays.asList((BotLevel) null), Shuffle.of(4)), TableDecider.BAD_BOTS);
    }

    @Test
    void beforeTheStart_aLeaveStillFreesTheSeat() {
        send(new TableCommand.Create("anna", "Anna", Rules.defaults(2)));
        send(new TableCommand.Join("boris", "Boris", 1));
        assertEquals(List.of(new Event.SeatLeft(1, "boris")), send(new TableCommand.Leave("boris")));
        assertNull(table.holder(1));
        assertTrue(table.left().isEmpty());
    }
}
