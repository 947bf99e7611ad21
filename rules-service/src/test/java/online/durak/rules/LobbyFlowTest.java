package online.durak.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableStatus;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;
import online.durak.rules.messaging.Assignment;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Lobby hygiene against the real broker and database: an open table that never starts is closed by the scheduler
 * once it waited {@code durak.clock.lobby-expiry} (3 s here, 30 min by default), and a table its last person left
 * is closed at once; both publish {@code TableClosed}, and a closed table takes no more commands.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@TestProfile(LobbyFlowTest.QuickExpiry.class)
class LobbyFlowTest {

    static final Duration EXPIRY = Duration.ofSeconds(3);

    /** Open tables close after 3 s. */
    public static class QuickExpiry implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("durak.clock.lobby-expiry", EXPIRY.toSeconds() + "s");
        }
    }

    static Bus bus;

    @Inject
    Assignment assignment;

    @BeforeAll
    static void openBus() {
        bus = new Bus(TestInfra.shared().bootstrapServers());
    }

    @AfterAll
    static void closeBus() {
        if (bus != null) {
            bus.close();
        }
    }

    @BeforeEach
    void awaitAssignment() throws InterruptedException {
        bus.awaitOwnedByService(assignment);
    }

    @Test
    void anOpenTableThatNeverStarts_isClosedAfterTheExpiry_andTakesNoMoreCommands() {
        String id = Tables.newTableId();
        ReplyMessage created = RulesFlowTest.accepted(bus.call(Tables.create(id, "ann-" + id, Rules.defaults(3))));
        RulesFlowTest.accepted(bus.call(Tables.join(id, "bob-" + id)));

        EventMessage closed = bus.awaitEvents(id, list -> list.stream().anyMatch(e -> e.event()
            instanceof Event.TableClosed), "TableClosed of " + id).stream()
            .filter(e -> e.event() instanceof Event.TableClosed).findFirst().orElseThrow();
        assertEquals(new Event.TableClosed(Event.TableClosed.EXPIRED), closed.event());
        EventMessage opened = bus.eventsOf(id).get(0);
        assertTrue(opened.event() instanceof Event.TableCreated && created.accepted());
        assertTrue(!closed.at().isBefore(opened.at().plus(EXPIRY)), "closed after the expiry: " + closed);
        assertTrue(closed.commandId().startsWith("clock-" + id + "-"), closed.commandId());
        assertEquals(TableStatus.CLOSED, Tables.fold(bus.eventsOf(id)).status());

        ReplyMessage late = bus.call(Tables.join(id, "cem-" + id));
        RulesFlowTest.assertRejected(late, TableDecider.TABLE_CLOSED, closed.seq());
    }

    @Test
    void theLastPersonLeaving_closesTheTableAtOnce() {
        String id = Tables.newTableId();
        RulesFlowTest.accepted(bus.call(Tables.create(id, "ann-" + id, Rules.defaults(2))));
        ReplyMessage left = RulesFlowTest.accepted(bus.call(new CommandMessage(Tables.newCommandId(), id,
            "ann-" + id, null, new CommandMessage.Leave())));
        bus.awaitEvents(id, left.lastSeq());
        assertEquals(new Event.TableClosed(Event.TableClosed.EMPTY), bus.eventsOf(id).get((int) left.lastSeq() - 1)
            .event());
        RulesFlowTest.assertRejected(bus.call(Tables.join(id, "bob-" + id)), TableDecider.TABLE_CLOSED,
            left.lastSeq());
    }
}
