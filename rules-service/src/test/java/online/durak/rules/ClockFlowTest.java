package online.durak.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import online.durak.engine.BotLevel;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Deck;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;
import online.durak.rules.messaging.Assignment;
import online.durak.rules.messaging.ClockWatch;
import online.durak.rules.application.CommandService;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The clocks against the real broker and database of the test run (docs/spine.md "The clocks"): every table has the
 * shortest clock of rules.md, 30 s, and the service's time is a {@link SteppedClock} that the test moves on by a turn
 * when it wants a turn to run out; the grace is 3 s of real time. The scheduler's clock commands go through
 * {@code durak.commands} like every move. The test stands in for bot-service where the computer must move.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@TestProfile(ClockFlowTest.SteppedTime.class)
class ClockFlowTest {

    static final Duration TURN = Duration.ofSeconds(30);
    static final Duration GRACE = Duration.ofSeconds(3);

    /** The service's time moved on by the test ({@link SteppedClock}), and a 3-second grace. */
    public static class SteppedTime implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("durak.clock.grace", "3s", "durak.clock.tick", "1s");
        }

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(SteppedClock.class);
        }
    }

    static Bus bus;

    @Inject
    Pool pool;
    @Inject
    CommandService handler;
    @Inject
    Assignment assignment;
    @Inject
    ClockWatch clock;
    @Inject
    SteppedClock time;

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

    /** Two humans at a table with a 30-second clock, started. */
    String startedTable(Rules rules) {
        String id = Tables.newTableId();
        RulesFlowTest.accepted(bus.call(Tables.create(id, "ann-" + id, rules)));
        RulesFlowTest.accepted(bus.call(Tables.join(id, "bob-" + id)));
        ReplyMessage started = RulesFlowTest.accepted(bus.call(Tables.start(id, "ann-" + id)));
        bus.awaitEvents(id, started.lastSeq());
        return id;
    }

    /** A short match (24 cards, one deal) with a clock, so that {@link #finish} is quick. */
    static final Rules CLOCKED = Rules.defaults(2).withDeck(Deck.D24).withDealsPerMatch(1).withTurnClockSeconds(30);

    // ---- the turn clock and the grace ----

    @Test
    void aSilentHumanTimesOutThenTheGraceRunsOutAndOnlyThenTheComputerMayPlay() {
        String id = startedTable(CLOCKED);
        EventMessage dealt = last(bus.eventsOf(id), Event.DealStarted.class).orElseThrow();
        TableState state = Tables.fold(bus.eventsOf(id));
        int seat = state.toAct();
        String player = state.holder(seat).playerId();
        Move move = quick(state.match().deal(), seat);

        // before the clock ran out the computer may not play for the seat
        ReplyMessage tooSoon = bus.call(byComputer(id, player, move));
        RulesFlowTest.assertRejected(tooSoon, TableDecider.NOT_TIMED_OUT, tooSoon.lastSeq());

        time.skip(TURN);
        EventMessage timedOut = await(id, Event.TimedOut.class, 0);
        Event.TimedOut t = (Event.TimedOut) timedOut.event();
        assertEquals(seat, t.seat());
        assertFalse(timedOut.at().isBefore(dealt.at().plus(TURN)), "timed out after the turn: " + timedOut);
        assertEquals(timedOut.at().plus(GRACE), t.graceEnds(), "the grace runs from the timeout");
        assertTrue(timedOut.commandId().startsWith("clock-" + id + "-"), timedOut.commandId());

        // during the grace: still not the computer's turn
        ReplyMessage inGrace = bus.call(byComputer(id, player, move));
        if (inGrace.accepted()) {
            // only a machine so slow that the grace ended before the command was handled gets here
            assertTrue(seqOf(bus.eventsOf(id), Event.GraceRanOut.class) < inGrace.lastSeq(),
                "accepted before the grace ran out");
        } else {
            RulesFlowTest.assertRejected(inGrace, TableDecider.NOT_TIMED_OUT, inGrace.lastSeq());
            EventMessage ranOut = await(id, Event.GraceRanOut.class, timedOut.seq());
            assertEquals(new Event.GraceRanOut(seat), ranOut.event());
            assertFalse(ranOut.at().isBefore(t.graceEnds()), "ran out after the grace: " + ranOut);

            // now the computer's move (bot-service's, played here by the test) is accepted, marked as such
            ReplyMessage played = RulesFlowTest.accepted(bus.call(byComputer(id, player, move)));
            List<EventMessage> events = bus.awaitEvents(id, played.lastSeq());
            EventMessage marker = events.stream().filter(e -> e.commandId() != null
                && e.event() instanceof Event.PlayedByComputer).findFirst().orElseThrow();
            assertEquals(new Event.PlayedByComputer(seat), marker.event());
            assertTrue(events.stream().anyMatch(e -> e.seq() == marker.seq() + 1
                && e.commandId().equals(marker.commandId())), "the move's events follow the marker");
        }
        // one clock command per deadline: a timeout and a grace, both accepted, nothing refused
        assertEquals(List.of(true, true), clockCommands(id, timedOut.seq() + 1));
        finish(id);
    }

    @Test
    void aMoveDuringTheGraceCancelsTheTimerAndTheNextDecisionHasAWholeClock() {
        String id = startedTable(CLOCKED);
        time.skip(TURN);
        EventMessage timedOut = await(id, Event.TimedOut.class, 0);
        TableState state = Tables.fold(bus.eventsOf(id));
        int seat = state.toAct();
        assertNotNull(state.timer());
        ReplyMessage moved = RulesFlowTest.accepted(bus.call(Tables.play(id, state.holder(seat).playerId(),
            quick(state.match().deal(), seat))));
        List<EventMessage> after = bus.awaitEvents(id, moved.lastSeq());
        assertNull(Tables.fold(after).timer(), "the move ended the timed-out turn");
        EventMessage move = after.stream().filter(e -> e.seq() == moved.lastSeq()).findFirst().orElseThrow();

        // the next thing the clock does is time out the next decision, a whole turn after the move: the old
        // grace, long over by then, never runs out
        time.skip(TURN);
        EventMessage next = await(id, Event.TimedOut.class, moved.lastSeq());
        assertFalse(next.at().isBefore(move.at().plus(TURN)), next + " after " + move);
        List<EventMessage> between = bus.eventsOf(id).stream()
            .filter(e -> e.seq() > timedOut.seq() && e.seq() < next.seq()).toList();
        assertTrue(between.stream().noneMatch(e -> e.event() instanceof Event.GraceRanOut), between.toString());
        finish(id);
    }

    // ---- the board ----

    @Test
    void theBoardsClockDealsTheNextDeal() {
        Rules rules = Rules.defaults(2).withDeck(Deck.D24).withTurnClockSeconds(30).withDealsPerMatch(3);
        String id = startedTable(rules);
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        TableState state = Tables.fold(bus.eventsOf(id));
        while (state.match().dealRunning()) {
            assertTrue(System.nanoTime() < deadline, "the deal did not end");
            int seat = state.toAct();
            ReplyMessage r = bus.call(Tables.play(id, state.holder(seat).playerId(), quick(state.match().deal(), seat)));
            // a clock event may have come in between (a timeout does not change who acts); look again
            state = Tables.fold(bus.awaitEvents(id, r.lastSeq()));
        }
        int first = ((Event.DealStarted) last(bus.eventsOf(id), Event.DealStarted.class).orElseThrow().event()).deal();
        EventMessage ended = last(bus.eventsOf(id), Event.DealEnded.class).orElseThrow();
        time.skip(TURN);
        EventMessage board = await(id, Event.BoardTimedOut.class, ended.seq());
        assertFalse(board.at().isBefore(ended.at().plus(TURN)), board + " after " + ended);
        List<EventMessage> events = bus.awaitEvents(id, board.seq() + 1);
        EventMessage dealt = events.stream().filter(e -> e.seq() == board.seq() + 1).findFirst().orElseThrow();
        Event.DealStarted second = assertInstanceOf(Event.DealStarted.class, dealt.event());
        assertEquals(first + 1, second.deal());
        assertEquals(board.commandId(), dealt.commandId());
        finish(id);
    }

    // ---- no clock ----

    @Test
    void aSoloTableNeverTimesOut() throws InterruptedException {
        // a solo game where the human is to act (the shuffle decides who leads; a few tries find one)
        String id = null;
        for (int i = 0; i < 12 && id == null; i++) {
            String candidate = Tables.newTableId();
            ReplyMessage r = RulesFlowTest.accepted(bus.call(new CommandMessage(Tables.newCommandId(), candidate,
                "solo-" + candidate, "Solo", new CommandMessage.Solo(CLOCKED, List.of(BotLevel.EASY)))));
            if (Tables.fold(bus.awaitEvents(candidate, r.lastSeq())).toAct() == 0) {
                id = candidate;
            }
        }
        assertNotNull(id, "no solo deal where the human leads");
        time.skip(TURN.plus(GRACE));
        Thread.sleep(GRACE.plusSeconds(2).toMillis()); // the scheduler looks a few times past the turn and the grace
        String table = id;
        assertTrue(bus.eventsOf(table).stream().noneMatch(e -> e.event() instanceof Event.TimedOut),
            bus.eventsOf(table).toString());
        assertEquals(List.of(), clockCommands(table, 0));
    }

    // ---- restart ----

    @Test
    void deadlinesSurviveLosingTheCacheAsOnARestart() {
        String id = startedTable(CLOCKED);
        int partition = handler.tables().held().stream().filter(h -> h.tableId().equals(id))
            .findFirst().orElseThrow().partition();

        // forget the table before its turn ran out, as a new instance that took the partition over would not
        // know it: the scan of the assigned partitions finds it in the store, and the timeout comes
        handler.tables().remove(id);
        assertTrue(clock.load(List.of(partition)) >= 1);
        assertNotNull(handler.tables().peek(id));
        time.skip(TURN);
        EventMessage timedOut = await(id, Event.TimedOut.class, 0);

        // and again during the grace: the grace still runs out, at the time the stored TimedOut says
        handler.tables().remove(id);
        assertTrue(clock.load(List.of(partition)) >= 1);
        EventMessage ranOut = await(id, Event.GraceRanOut.class, timedOut.seq());
        assertFalse(ranOut.at().isBefore(((Event.TimedOut) timedOut.event()).graceEnds()));
        // one clock command per deadline, however often the table was forgotten and found again
        assertEquals(List.of(true, true), clockCommands(id, 0));
        finish(id);
    }

    // ---- helpers ----

    /**
     * Plays the match to its end (quick moves, continue on the board), so that no running clocked table is left
     * in the build's shared database for later rules services of the build to time out and bots to play on.
     */
    static void finish(String id) {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        TableState state = Tables.fold(bus.eventsOf(id));
        while (state.status() != online.durak.engine.table.TableStatus.FINISHED) {
            assertTrue(System.nanoTime() < deadline, "the match at " + id + " did not end");
            ReplyMessage r;
            if (state.onBoard()) {
                r = null;
                for (int seat = 0; seat < state.seats().size(); seat++) {
                    if (!state.continued().contains(seat)) {
                        r = bus.call(new CommandMessage(Tables.newCommandId(), id, state.holder(seat).playerId(), null,
                            new CommandMessage.Continue()));
                    }
                }
            } else {
                int seat = state.toAct();
                r = bus.call(Tables.play(id, state.holder(seat).playerId(), quick(state.match().deal(), seat)));
            }
            state = Tables.fold(r == null ? bus.eventsOf(id) : bus.awaitEvents(id, r.lastSeq()));
        }
    }

    static CommandMessage byComputer(String tableId, String playerId, Move move) {
        return new CommandMessage(Tables.newCommandId(), tableId, playerId, null, new CommandMessage.Play(move), true);
    }

    /** A quick move: take when defending, pass when throwing in, else the engine's first. */
    static Move quick(DealState deal, int seat) {
        List<Move> legal = DealDecider.legalMoves(deal, seat);
        if (legal.contains(Move.TAKE)) {
            return Move.TAKE;
        }
        if (legal.contains(Move.PASS)) {
            return Move.PASS;
        }
        return legal.get(0);
    }

    /** Waits for the first event of a type after {@code afterSeq}. */
    static EventMessage await(String tableId, Class<? extends Event> type, long afterSeq) {
        Predicate<EventMessage> match = e -> type.isInstance(e.event()) && e.seq() > afterSeq;
        return bus.awaitEvents(tableId, list -> list.stream().anyMatch(match), type.getSimpleName() + " after seq "
            + afterSeq + " of " + tableId).stream().filter(match)
            .min(java.util.Comparator.comparingLong(EventMessage::seq)).orElseThrow();
    }

    static Optional<EventMessage> last(List<EventMessage> events, Class<? extends Event> type) {
        return events.stream().filter(e -> type.isInstance(e.event()))
            .max(java.util.Comparator.comparingLong(EventMessage::seq));
    }

    static long seqOf(List<EventMessage> events, Class<? extends Event> type) {
        return events.stream().filter(e -> type.isInstance(e.event())).mapToLong(EventMessage::seq).min()
            .orElse(Long.MAX_VALUE);
    }

    /** Whether each clock command on the table was accepted, in order, up to the log's {@code upToSeq}. */
    private List<Boolean> clockCommands(String tableId, long upToSeq) {
        List<Boolean> result = new ArrayList<>();
        for (Row r : pool.preparedQuery("select accepted from commands where table_id = $1 and player_id = 'clock'"
                + " and ($2::bigint = 0 or last_seq <= $2::bigint) order by at, last_seq")
            .execute(Tuple.of(tableId, upToSeq)).await().atMost(Duration.ofSeconds(10))) {
            result.add(r.getBoolean("accepted"));
        }
        return result;
    }
}
