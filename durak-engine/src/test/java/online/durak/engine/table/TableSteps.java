package online.durak.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import online.durak.engine.Decision;
import online.durak.engine.Event;

/** One command against a table in a test: accepted (and its events fold to the decided state), or refused. */
final class TableSteps {

    private TableSteps() {
    }

    static Decision.Accepted<TableState> accepted(TableState table, TableCommand c) {
        Decision<TableState> d = TableDecider.TABLE.decide(c, table);
        @SuppressWarnings("unchecked")
        Decision.Accepted<TableState> a = assertInstanceOf(Decision.Accepted.class, d, () -> c + " " + d);
        TableState folded = table;
        for (Event e : a.events()) {
            folded = TableDecider.TABLE.evolve(folded, e);
        }
        assertEquals(a.state().toString(), folded.toString(), "the fold of the events is the decided state");
        return a;
    }

    static void refused(TableState table, TableCommand c, String code) {
        Decision<TableState> d = TableDecider.TABLE.decide(c, table);
        Decision.Rejected<TableState> r = assertInstanceOf(Decision.Rejected.class, d, () -> c + " " + d);
        assertEquals(code, r.rejection().code(), r.rejection().message());
    }
}
