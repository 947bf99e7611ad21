package online.durak.rules.domain;

import java.util.List;
import online.durak.engine.Rejection;
import online.durak.engine.table.LoggedTable;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;

/** What one command did to a table: events appended (numbered, stamped), or a rejection that changes nothing. */
public sealed interface Outcome {

    String commandId();

    String tableId();

    /** The table's last sequence number after the command. */
    long lastSeq();

    ReplyMessage reply();

    /** Accepted: {@code events} carry the sequence numbers {@code before.seq()+1 … after.seq()}. */
    record Accepted(String commandId, LoggedTable after, List<EventMessage> events) implements Outcome {
        public Accepted {
            events = List.copyOf(events);
            if (events.isEmpty()) {
                throw new IllegalArgumentException("an accepted command appends at least one event");
            }
        }

        public String tableId() {
            return after.tableId();
        }

        public long lastSeq() {
            return after.seq();
        }

        public long firstSeq() {
            return events.get(0).seq();
        }

        public ReplyMessage reply() {
            return ReplyMessage.accepted(commandId, events); // the sender's service applies them from the reply
        }
    }

    record Rejected(String commandId, String tableId, Rejection rejection, long lastSeq) implements Outcome {
        public ReplyMessage reply() {
            return ReplyMessage.rejected(commandId, tableId, rejection, lastSeq);
        }
    }
}
