package online.durak.rules.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Rejection;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;

/** The pure step of the rules service: a command against a table's known state, decided by the engine. */
public final class CommandDecider {

    /** The engine failed on a command (a bug, not a rule): the command is refused with this code. */
    public static final String RULES_ERROR = "RULES_ERROR";

    private CommandDecider() {
    }

    /**
     * Asks {@link TableDecider#decide} and numbers the events from {@code table.lastSeq() + 1}, stamped
     * {@code at}; {@code seed} shuffles a deal that the command starts.
     */
    public static Outcome decide(TableEntry table, CommandMessage command, long seed, Instant at) {
        if (!table.tableId().equals(command.tableId())) {
            throw new IllegalArgumentException("command for table " + command.tableId() + " decided against "
                + table.tableId());
        }
        Decision<TableState> d;
        try {
            d = TableDecider.decide(table.state(), command.toTableCommand(seed));
        } catch (RuntimeException e) {
            return new Outcome.Rejected(command.commandId(), table.tableId(),
                new Rejection(RULES_ERROR, "the rules engine failed on this command: " + e), table.lastSeq());
        }
        if (d instanceof Decision.Rejected<TableState> r) {
            return new Outcome.Rejected(command.commandId(), table.tableId(), r.rejection(), table.lastSeq());
        }
        Decision.Accepted<TableState> a = (Decision.Accepted<TableState>) d;
        List<EventMessage> events = new ArrayList<>(a.events().size());
        long seq = table.lastSeq();
        for (Event e : a.events()) {
            events.add(new EventMessage(table.tableId(), ++seq, e, command.commandId(), at));
        }
        return new Outcome.Accepted(command.commandId(), new TableEntry(table.tableId(), a.state(), seq), events);
    }
}
