package online.durak.bot.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import online.durak.bot.Game;
import online.durak.engine.BotLevel;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.Views;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableStatus;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.service.projection.Projection;
import org.junit.jupiter.api.Test;

/** The tables in memory and the decisions they owe, without Kafka: events in, turns out. */
class TableTrackerTest {

    /** A store holding the games' events; counts reads. */
    static final class Store implements Projection.Store {
        final List<EventMessage> all = new ArrayList<>();
        int reads;
        boolean down;

        Store with(Game g) {
            all.addAll(g.events);
            return this;
        }

        @Override
        public List<EventMessage> read(String tableId, long after, long before) {
            reads++;
            if (down) {
                throw new IllegalStateException("connection refused");
            }
            return all.stream().filter(m -> m.tableId().equals(tableId) && m.seq() > after
                    && (before <= 0 || m.seq() < before)).toList();
        }
    }

    private static void feed(TableTracker t, List<EventMessage> events) {
        for (EventMessage m : events) {
            t.accept(m, 0);
        }
    }

    private static String json(Game g, int seat) {
        return Codec.toJson(Views.seatView(g.state.match().deal(), seat));
    }

    @Test
    void aBotToAct_isOwedOneMove_fromItsOwnView() {
        Game g = Game.soloBotFirst("t1", Rules.defaults(3), BotLevel.NORMAL);
        TableTracker t = new TableTracker(new Store(), 100);
        feed(t, g.events);
        Turn turn = t.owed("t1");
        assertNotNull(turn);
        int seat = g.state.toAct();
        assertEquals(seat, turn.seat());
        assertEquals("bot-" + seat, turn.playerId());
        assertEquals(BotLevel.NORMAL, turn.level());
        assertFalse(turn.byComputer());
        assertEquals(g.lastSeq(), turn.key());
        assertEquals("bot-t1-" + g.lastSeq(), turn.commandId());
        assertEquals(json(g, seat), Codec.toJson(turn.view()), "the seat's own view, nothing more");
        assertTrue(t.isCurrent(turn));
        assertNull(t.owed("t1"), "one decision is handed out once");
    }

    @Test
    void aTurn_knowsSinceWhenTheTableWaits_hintsNotCounted() {
        Game g = Game.soloBotFirst("t12", Rules.defaults(2), BotLevel.NORMAL);
        java.time.Instant asked = g.events.get(g.events.size() - 1).at();
        g.logged(new Event.HintTaken(0));
        TableTracker t = new TableTracker(new Store(), 100);
        feed(t, g.events);
        Turn turn = t.owed("t12");
        assertEquals(asked, turn.since());
        assertTrue(turn.waitingSinceBefore(asked.plusMillis(1)));
        assertFalse(turn.waitingSinceBefore(asked));
        assertFalse(turn.waitingSinceBefore(null));
    }

    @Test
    void aRepeatedEvent_changesNothing_andAHintKeepsTheDecision() {
        Game g = Game.soloBotFirst("t2", Rules.defaults(2), BotLevel.EASY);
        TableTracker t = new TableTracker(new Store(), 100);
        feed(t, g.events);
        Turn turn = t.owed("t2");
        assertFalse(t.accept(g.events.get(g.events.size() - 1), 0));
        assertFalse(t.accept(g.events.get(0), 0));
        assertEquals(2, t.duplicates());
        feed(t, g.logged(new Event.HintTaken(0)));
        assertTrue(t.isCurrent(turn), "a hint taken by the human does not change the bot's position");
        assertNull(t.owed("t2"));
        assertEquals(g.lastSeq(), t.seq("t2"));
    }

    @Test
    void aMoveOfTheBot_movesTheTableOn() {
        Game g = Game.soloBotFirst("t3", Rules.defaults(2), BotLevel.NORMAL);
        TableTracker t = new TableTracker(new Store(), 100);
        feed(t, g.events);
        Turn turn = t.owed("t3");
        feed(t, g.send(new TableCommand.Play(g.actorId(), g.anyLegal())));
        assertFalse(t.isCurrent(turn));
    }

    @Test
    void aHumanWhoseGraceRanOut_isPlayedForByTheComputer_withStrong() {
        Game g = Game.twoHumans("t4");
        TableTracker t = new TableTracker(new Store(), 100);
        feed(t, g.events);
        assertNull(t.owed("t4"), "a human's move is theirs");
        int seat = g.state.toAct();
        feed(t, g.send(new TableCommand.TimeOut("clock", seat, Game.T0), null));
        assertNull(t.owed("t4"), "the grace still runs");
        feed(t, g.send(new TableCommand.GraceOver("clock", seat), null));
        Turn turn = t.owed("t4");
        assertNotNull(turn);
        assertTrue(turn.byComputer());
        assertEquals(BotLevel.STRONG, turn.level());
        assertEquals(g.state.holder(seat).playerId(), turn.playerId());
        assertEquals(seat, turn.seat());
        assertEquals("bot-t4-" + g.lastSeq(), turn.commandId());
        // the player moves in time after all: the computer's turn is void
        feed(t, g.send(new TableCommand.Play(g.actorId(), g.anyLegal())));
        assertFalse(t.isCurrent(turn));
        assertNull(t.owed("t4"));
    }

    @Test
    void aGap_isFilledFromTheStore() {
        Game g = Game.soloBotFirst("t5", Rules.defaults(3), BotLevel.NORMAL);
        Store store = new Store().with(g);
        TableTracker t = new TableTracker(store, 100);
        List<EventMessage> e = g.events;
        feed(t, e.subList(0, 3));
        assertTrue(t.accept(e.get(e.size() - 1), 0));
        assertEquals(1, store.reads);
        assertEquals(1, t.gapsFilled());
        assertEquals(g.lastSeq(), t.seq("t5"));
        assertEquals(Codec.toJson(Views.seatView(g.state.match().deal(), g.state.toAct())),
                Codec.toJson(t.owed("t5").view()));
    }

    @Test
    void aTableFirstSeenInTheMiddleOfItsLog_isReadFromTheStore() {
        Game g = Game.soloBotFirst("t6", Rules.defaults(2), BotLevel.STRONG);
        Store store = new Store().with(g);
        TableTracker t = new TableTracker(store, 100);
        assertTrue(t.accept(g.events.get(g.events.size() - 1), 0));
        assertEquals(1, t.loadedFromStore());
        assertNotNull(t.owed("t6"));
    }

    @Test
    void aStoreThatIsDown_isReported_andTheEventCanBeTriedAgain() {
        Game g = Game.soloBotFirst("t7", Rules.defaults(2), BotLevel.NORMAL);
        Store store = new Store().with(g);
        store.down = true;
        TableTracker t = new TableTracker(store, 100);
        EventMessage last = g.events.get(g.events.size() - 1);
        assertThrows(TableTracker.StoreUnavailable.class, () -> t.accept(last, 0));
        assertEquals(0, t.size());
        store.down = false;
        assertTrue(t.accept(last, 0));
        assertNotNull(t.owed("t7"));
    }

    @Test
    void eventsMissingFromTheStoreToo_leaveTheEventOut() {
        Game g = Game.soloBotFirst("t8", Rules.defaults(2), BotLevel.NORMAL);
        TableTracker t = new TableTracker(new Store(), 100);
        feed(t, g.events.subList(0, 2));
        assertFalse(t.accept(g.events.get(g.events.size() - 1), 0));
        assertEquals(2, t.seq("t8"));
        assertNull(t.owed("t8"));
    }

    @Test
    void tablesThatNeverNeedABot_areDropped_andTheirEventsSkipped() {
        Game people = new Game("t9");
        people.send(new TableCommand.Create("a", "A", Rules.defaults(2).withTurnClockSeconds(0)));
        people.send(new TableCommand.Join("b", "B", 1));
        TableTracker t = new TableTracker(new Store(), 100);
        feed(t, people.events);
        assertEquals(1, t.size(), "an open table may still get bots");
        feed(t, people.send(new TableCommand.Start("a", Shuffle.of(3))));
        assertEquals(0, t.size());
        assertTrue(t.isClosedTable("t9"));
        long skipped = t.skipped();
        List<EventMessage> move = people.send(new TableCommand.Play(people.actorId(), people.anyLegal()));
        feed(t, move);
        assertEquals(skipped + move.size(), t.skipped());
        assertEquals(0, t.size());
        // the consumer asks by the record's key alone, before reading the event
        assertTrue(t.passesOver("t9"));
        assertEquals(skipped + move.size() + 1, t.skipped());
        assertFalse(t.passesOver("t-unknown"), "a table never seen must be read");
    }

    @Test
    void aTableOfPeopleOnlyDroppedBefore_isFollowedAgain_whenAPersonLeavesForABot() {
        Game people = new Game("t13");
        people.send(new TableCommand.Create("a", "A", Rules.defaults(3).withTurnClockSeconds(0)));
        people.send(new TableCommand.Join("b", "B", 1));
        people.send(new TableCommand.Join("c", "C", 2));
        people.send(new TableCommand.Start("a", Shuffle.of(3)));
        Store store = new Store().with(people);
        TableTracker t = new TableTracker(store, 100);
        feed(t, people.events);
        assertTrue(t.isClosedTable("t13"), "people only, no clock: no bot needed so far");
        String leaver = people.actorId();
        int seat = people.state.toAct();
        List<EventMessage> left = people.send(new TableCommand.Leave(leaver));
        store.all.addAll(left);
        assertTrue(TableTracker.maySeatABot(left.get(0).type()));
        feed(t, left);
        assertFalse(t.isClosedTable("t13"));
        assertEquals(people.lastSeq(), t.seq("t13"), "the table was read again from the store up to the leave");
        Turn turn = t.owed("t13");
        assertNotNull(turn, "it was the leaver's turn: the bot plays on at once");
        assertEquals(seat, turn.seat());
        assertEquals("bot-" + seat, turn.playerId());
        assertEquals(BotLevel.NORMAL, turn.level(), "a table of people only gets NORMAL bots");
    }

    @Test
    void aFinishedMatch_isDropped() {
        Game g = Game.soloBotFirst("t10", Rules.defaults(2).withDealsPerMatch(1), BotLevel.NORMAL);
        TableTracker t = new TableTracker(new Store(), 100);
        feed(t, g.events);
        int moves = 0;
        while (g.state.status() == TableStatus.PLAYING && moves++ < 2000) {
            feed(t, g.send(new TableCommand.Play(g.actorId(), g.anyLegal())));
        }
        assertEquals(TableStatus.FINISHED, g.state.status());
        assertEquals(0, t.size());
        assertTrue(t.isClosedTable("t10"));
    }

    @Test
    void partitionsTakenAway_dropTheirTables() {
        Game g = Game.soloBotFirst("t11", Rules.defaults(2), BotLevel.NORMAL);
        TableTracker t = new TableTracker(new Store(), 100);
        for (EventMessage m : g.events) {
            t.accept(m, 5);
        }
        Turn turn = t.owed("t11");
        assertEquals(0, t.dropPartitions(List.of(4)));
        assertEquals(1, t.dropPartitions(List.of(5)));
        assertFalse(t.isCurrent(turn));
    }
}
