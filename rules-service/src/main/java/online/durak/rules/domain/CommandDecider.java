package online.durak.rules.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Rejection;
import online.durak.engine.Shuffle;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;

/**
 * The decider step of the rules service's aggregate loop ({@code application.TableAggregate}): a command against the
 * table as its log has made it, decided by the engine's {@link TableDecider}, with the clock's commands turned into
 * what the table's clock says is due. Pure: the time and the shuffle come in.
 */
public final class CommandDecider {

    /** The engine failed on a command (a bug, not a rule): the command is refused with this code. */
    public static final String RULES_ERROR = "RULES_ERROR";
    /** Who the clock's commands come from (the scheduler), in {@code commands.player_id}. */
    public static final String CLOCK = "clock";

    private CommandDecider() {
    }

    /** {@link #decide(LoggedTable, CommandMessage, Shuffle, Instant, ClockSettings)} with the clocks of rules.md. */
    public static Outcome decide(LoggedTable table, CommandMessage command, Shuffle shuffle, Instant at) {
        return decide(table, command, shuffle, at, ClockSettings.STANDARD);
    }

    /**
     * Asks {@link TableDecider#decide} and numbers the events from {@code table.seq() + 1}, stamped
     * {@code at}; {@code shuffle} shuffles and seals a deal that the command starts. A clock command becomes whatever the
     * table's clock says is due at {@code at} ({@link #clockCommand}); when nothing is, it is refused with
     * {@link TableDecider#CLOCK_NOT_DUE}.
     */
    public static Outcome decide(LoggedTable table, CommandMessage command, Shuffle shuffle, Instant at,
                                 ClockSettings clock) {
        if (!table.tableId().equals(command.tableId())) {
            throw new IllegalArgumentException("command for table " + command.tableId() + " decided against "
                + table.tableId());
        }
        Decision<TableState> d;
        try {
            TableCommand tc;
            if (command.payload() instanceof CommandMessage.Clock) {
                tc = clockCommand(table, command.playerId(), shuffle, at, clock);
                if (tc == null) {
                    return new Outcome.Rejected(command.commandId(), table.tableId(), new Rejection(
                        TableDecider.CLOCK_NOT_DUE, "no deadline of this table has passed"), table.seq());
                }
            } else {
                tc = command.toTableCommand(shuffle);
            }
            d = TableDecider.TABLE.decide(tc, table.state());
        } catch (RuntimeException e) {
            return new Outcome.Rejected(command.commandId(), table.tableId(),
                new Rejection(RULES_ERROR, "the rules engine failed on this command: " + e), table.seq());
        }
        if (d instanceof Decision.Rejected<TableState> r) {
            return new Outcome.Rejected(command.commandId(), table.tableId(), r.rejection(), table.seq());
        }
        Decision.Accepted<TableState> a = (Decision.Accepted<TableState>) d;
        List<EventMessage> events = new ArrayList<>(a.events().size());
        long seq = table.seq();
        for (Event e : a.events()) {
            events.add(new EventMessage(table.tableId(), ++seq, e, command.commandId(), at));
        }
        return new Outcome.Accepted(command.commandId(), table.next(a, at), events);
    }

    /**
     * The engine's command for what the table's clock says is due at {@code at}: the turn clock ran out
     * ({@link TableCommand.TimeOut}, the grace running until {@code at + grace}), the grace ran out
     * ({@link TableCommand.GraceOver}), the board's clock ran out ({@link TableCommand.BoardTimeOut}), the table
     * waited too long in the lobby ({@link TableCommand.CloseUnstarted}); null when nothing is due, or only the
     * computer's move (bot-service's, an ordinary play).
     */
    public static TableCommand clockCommand(LoggedTable table, String playerId, Shuffle shuffle, Instant at,
                                            ClockSettings clock) {
        return switch (clock.due(table, at)) {
            case TIME_OUT -> new TableCommand.TimeOut(playerId, table.clock().seat(), at.plus(clock.grace()));
            case GRACE_OVER -> new TableCommand.GraceOver(playerId, table.clock().seat());
            case DEAL_NEXT -> new TableCommand.BoardTimeOut(playerId, shuffle);
            case CLOSE_UNSTARTED -> new TableCommand.CloseUnstarted(playerId);
            case NOTHING, COMPUTER_MOVE -> null;
        };
    }
}
