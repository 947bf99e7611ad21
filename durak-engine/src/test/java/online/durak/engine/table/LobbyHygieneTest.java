package online.durak.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import org.junit.jupiter.api.Test;

/** Tables that never start do not stay in the lobby: the last person leaving closes one, and so does the scheduler. */
class LobbyHygieneTest {

    private TableState table = TableState.NONE;

    private List<Event> send(TableCommand c) {
        Decision.Accepted<TableState> a = TableSteps.accepted(table, c);
        table = a.state();
        return a.events();
    }

    private void refused(TableCommand c, String code) {
        TableSteps.refused(table, c, code);
    }

    @Test
    void theLastPersonLeaving_closesTheTable_evenWithBotsSeated() {
        send(new TableCommand.Create("anna", "Anna", Rules.defaults(3)));
        send(new TableCommand.Join("boris", "Boris", 1));
        send(new TableCommand.AddBot("anna", 2, BotLevel.EASY));
        assertEquals(List.of(new Event.SeatLeft(0, "anna")), send(new TableCommand.Leave("anna")));
        assertEquals(TableStatus.OPEN, table.status(), "Boris is still there");
        assertEquals(List.of(new Event.SeatLeft(1, "boris"), new Event.TableClosed(Event.TableClosed.EMPTY)),
                send(new TableCommand.Leave("boris")));
        assertEquals(TableStatus.CLOSED, table.status());
        refused(new TableCommand.Join("carla", "Carla", null), TableDecider.TABLE_CLOSED);
        refused(new TableCommand.CloseUnstarted("clock"), TableDecider.TABLE_CLOSED);
    }

    @Test
    void theScheduler_closesATableThatNeverStarted_withItsPlayersSeated() {
        send(new TableCommand.Create("anna", "Anna", Rules.defaults(2)));
        assertEquals(List.of(new Event.TableClosed(Event.TableClosed.EXPIRED)),
                send(new TableCommand.CloseUnstarted("clock")));
        assertEquals(TableStatus.CLOSED, table.status());
        assertEquals("anna", table.holder(0).playerId(), "the seats stay as they were, for the record");
        refused(new TableCommand.Start("anna", Shuffle.of(1)), TableDecider.TABLE_CLOSED);
        refused(new TableCommand.Leave("anna"), TableDecider.TABLE_CLOSED);
    }

    @Test
    void aTableWhoseMatchStarted_isNotClosedByTheScheduler() {
        send(new TableCommand.Create("anna", "Anna", Rules.defaults(2)));
        send(new TableCommand.Join("boris", "Boris", 1));
        send(new TableCommand.Start("anna", Shuffle.of(3)));
        refused(new TableCommand.CloseUnstarted("clock"), TableDecider.CLOCK_NOT_DUE);
        assertEquals(TableStatus.PLAYING, table.status());
    }
}
