package online.durak.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import online.durak.bot.messaging.BotLifecycle;
import online.durak.engine.BotLevel;
import online.durak.engine.Move;
import online.durak.engine.Rejection;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableStatus;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bots against the real broker and database of the test run. The test stands in for the rules service: it
 * makes a table's events with the engine, writes them to {@code table_events} and publishes them to the events
 * topic, and reads the bots' commands from the commands topic (both topics this test's own, see {@link BotTopics}).
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(BotTopics.class)
class BotFlowTest {
    static Bus bus;

    @Inject
    TestStore store;
    @Inject
    BotLifecycle bots;
    @Inject
    MeterRegistry registry;

    @BeforeAll
    static void openBus() {
        bus = new Bus();
    }

    @AfterAll
    static void closeBus() {
        bus.close();
    }

    @BeforeEach
    void ready() {
        Bus.awaitReady();
    }

    private static String newTableId() {
        return "bt-" + UUID.randomUUID();
    }

    /** As the rules service: stored, then published. */
    private void append(List<EventMessage> events) {
        store.insert(events);
        bus.publish(events);
    }

    private static Move moveOf(CommandMessage c) {
        return assertInstanceOf(CommandMessage.Play.class, c.payload()).move();
    }

    private static void assertPlaysFor(Game g, CommandMessage c, boolean byComputer) {
        int seat = g.state.toAct();
        assertEquals("bot-" + g.tableId + "-" + g.lastSeq(), c.commandId());
        assertEquals(g.tableId, c.tableId());
        assertEquals(g.state.holder(seat).playerId(), c.playerId());
        assertEquals(byComputer, c.byComputer());
        assertTrue(g.legalMoves(seat).contains(moveOf(c)), moveOf(c) + " is not legal for seat " + seat);
    }

    @Test
    void aSoloTable_whereABotActsFirst_getsTheBotsMove() {
        Game g = Game.soloBotFirst(newTableId(), Rules.defaults(3), BotLevel.NORMAL);
        append(g.events);
        CommandMessage c = bus.awaitCommand(g.tableId);
        assertPlaysFor(g, c, false);
        assertEquals(List.of(g.tableId), bus.keysOf(g.tableId), "keyed by table id");
    }

    @Test
    void aHumanWhoseClockAndGraceRanOut_getsTheComputersMove_andNotBefore() {
        Game g = Game.twoHumans(newTableId());
        int seat = g.state.toAct();
        append(g.events);
        append(g.send(new TableCommand.TimeOut("clock", seat, Game.T0.plusSeconds(40)), null));
        assertEquals(List.of(), bus.commandsWithin(g.tableId, Duration.ofSeconds(1)), "the grace still runs");
        append(g.send(new TableCommand.GraceOver("clock", seat), null));
        CommandMessage c = bus.awaitCommand(g.tableId);
        assertPlaysFor(g, c, true);
        // the rules service takes the computer's move
        append(g.send(c.toTableCommand(Shuffle.of(1)), c.commandId()));
        assertNull(g.state.timer());
    }

    @Test
    void eventsMissingOnTheTopic_areReadFromTheStore() {
        Game g = Game.soloBotFirst(newTableId(), Rules.defaults(2), BotLevel.EASY);
        long gaps = bots.tracker().gapsFilled();
        store.insert(g.events);
        List<EventMessage> published = new ArrayList<>(g.events);
        published.subList(2, published.size() - 1).clear(); // seq 3 .. last-1 never reach the topic
        bus.publish(published);
        assertPlaysFor(g, bus.awaitCommand(g.tableId), false);
        assertEquals(gaps + 1, bots.tracker().gapsFilled());
    }

    @Test
    void aTableFirstSeenInTheMiddleOfItsLog_isReadFromTheStore() {
        Game g = Game.soloBotFirst(newTableId(), Rules.defaults(4), BotLevel.STRONG);
        long loaded = bots.tracker().loadedFromStore();
        store.insert(g.events);
        bus.publish(g.events.subList(g.events.size() - 1, g.events.size()));
        assertPlaysFor(g, bus.awaitCommand(g.tableId), false);
        assertEquals(loaded + 1, bots.tracker().loadedFromStore());
    }

    @Test
    void aRepeatedEvent_isNotPlayedTwice() {
        Game g = Game.soloBotFirst(newTableId(), Rules.defaults(2), BotLevel.NORMAL);
        append(g.events);
        bus.awaitCommand(g.tableId);
        bus.publish(g.events.subList(g.events.size() - 2, g.events.size()));
        assertEquals(1, bus.commandsWithin(g.tableId, Duration.ofSeconds(1)).size());
    }

    @Test
    void aBotMoveTheRulesServiceRefuses_isReported() {
        Game g = Game.soloBotFirst(newTableId(), Rules.defaults(2), BotLevel.NORMAL);
        append(g.events);
        CommandMessage c = bus.awaitCommand(g.tableId);
        Counter refused = registry.get("durak.bot.moves.refused").tag("why", "other").counter();
        double before = refused.count();
        long deadline = System.currentTimeMillis() + 20_000;
        while (refused.count() == before && System.currentTimeMillis() < deadline) {
            bus.reply(ReplyMessage.rejected(c.commandId(), g.tableId, new Rejection("ILLEGAL_MOVE", "made up"),
                    g.lastSeq()));
            Bus.sleep(300);
        }
        assertTrue(refused.count() > before, "the refusal was counted");
    }

    /**
     * A whole solo match: the test plays the human's moves (the first legal one) and, as the rules service, takes
     * every bot command; every one must be legal and for the bot's seat, and the finished table is let go.
     */
    @Test
    void aWholeSoloMatch_isPlayedToTheEnd() {
        Game g = Game.soloBotFirst(newTableId(), Rules.defaults(3).withDealsPerMatch(1), BotLevel.NORMAL);
        append(g.events);
        Set<String> ids = new HashSet<>();
        int botMoves = 0;
        for (int step = 0; g.state.status() == TableStatus.PLAYING && step < 2000; step++) {
            if (g.state.holder(g.state.toAct()).isHuman()) {
                append(g.send(new TableCommand.Play(g.actorId(), g.anyLegal())));
                continue;
            }
            List<CommandMessage> all = bus.awaitCommands(g.tableId, botMoves + 1);
            assertEquals(botMoves + 1, all.size(), "one command per decision");
            CommandMessage c = all.get(botMoves++);
            assertPlaysFor(g, c, false);
            assertTrue(ids.add(c.commandId()));
            append(g.send(c.toTableCommand(Shuffle.of(step)), c.commandId()));
        }
        assertEquals(TableStatus.FINISHED, g.state.status());
        assertTrue(botMoves > 5, "bot moves " + botMoves);
        long deadline = System.currentTimeMillis() + 10_000;
        while (!bots.tracker().isClosedTable(g.tableId) && System.currentTimeMillis() < deadline) {
            Bus.sleep(50);
        }
        assertTrue(bots.tracker().isClosedTable(g.tableId), "a finished table is let go");
        assertNull(bots.tracker().state(g.tableId));
        assertFalse(bus.commandsWithin(g.tableId, Duration.ofMillis(500)).size() > botMoves);
    }
}
