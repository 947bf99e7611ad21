package online.durak.table.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import online.durak.engine.table.TableStatus;
import online.durak.messages.EventMessage;
import online.durak.table.Script;
import online.durak.table.store.EventStore;
import org.junit.jupiter.api.Test;

class ProjectionsTest {

    /** A store that holds what the test put in it. */
    static final class FakeStore extends EventStore {
        final List<EventMessage> rows = new ArrayList<>();
        int reads;

        FakeStore() {
            super(null, Duration.ofSeconds(1));
        }

        @Override
        public synchronized List<EventMessage> read(String tableId, long after, long before) {
            reads++;
            return rows.stream().filter(m -> m.tableId().equals(tableId) && m.seq() > after
                    && (before <= 0 || m.seq() < before)).toList();
        }

        @Override
        public synchronized List<EventMessage> page(String afterTable, long afterSeq, int limit) {
            return rows.stream().sorted((a, b) -> a.tableId().equals(b.tableId()) ? Long.compare(a.seq(), b.seq())
                            : a.tableId().compareTo(b.tableId()))
                    .filter(m -> afterTable == null || m.tableId().compareTo(afterTable) > 0
                            || m.tableId().equals(afterTable) && m.seq() > afterSeq)
                    .filter(m -> rows.stream().noneMatch(e -> e.tableId().equals(m.tableId())
                            && e.type().equals("MatchEnded"))) // as the query: unfinished tables only
                    .limit(limit).toList();
        }
    }

    private final FakeStore store = new FakeStore();
    private final Projections projections = new Projections(store, Runnable::run, new SimpleMeterRegistry(),
            Duration.ofMillis(200));
    private final List<Long> told = new ArrayList<>();
    /** Each table as the listeners were last told of it (what the lobby lists). */
    private final java.util.Map<String, TableSnapshot> heard = new java.util.HashMap<>();

    {
        projections.addListener((after, event) -> {
            assertEquals(event.seq(), after.seq());
            told.add(event.seq());
            heard.put(after.tableId(), after);
        });
    }

    private Script game() {
        return Script.started("t1", "p0", "p1", Script.twoPlayers(1), 42).play(6);
    }

    @Test
    void appliesInOrderAndSkipsDuplicates() {
        Script g = game();
        for (EventMessage m : g.messages) {
            projections.accept(m);
            projections.accept(m);
        }
        TableSnapshot s = projections.current("t1");
        assertEquals(g.lastSeq(), s.seq());
        assertEquals(g.state.toString(), s.state().toString());
        assertEquals(g.lastSeq(), s.events().size());
        assertEquals(g.lastSeq(), told.size());
        assertEquals(0, store.reads);
    }

    @Test
    void saysWhichSeqsItHasSoThatTheirRecordsArePassedOverUnread() {
        Script g = game();
        assertFalse(projections.has("t1", 1), "an unknown table has nothing");
        for (EventMessage m : g.messages.subList(0, 3)) {
            projections.accept(m);
        }
        assertTrue(projections.has("t1", 1));
        assertTrue(projections.has("t1", 3));
        assertFalse(projections.has("t1", 4));
        assertFalse(projections.has("t2", 1));
    }

    @Test
    void fillsAGapFromTheStore() {
        Script g = game();
        store.rows.addAll(g.messages);
        projections.accept(g.seq(1));
        projections.accept(g.seq(2));
        projections.accept(g.seq(6)); // 3..5 come from the store
        assertEquals(6, projections.current("t1").seq());
        projections.accept(g.seq(4)); // a duplicate
        for (long seq = 7; seq <= g.lastSeq(); seq++) {
            projections.accept(g.seq(seq));
        }
        assertEquals(g.state.toString(), projections.current("t1").state().toString());
        List<Long> expected = new ArrayList<>();
        for (long seq = 1; seq <= g.lastSeq(); seq++) {
            expected.add(seq);
        }
        assertEquals(expected, told);
    }

    @Test
    void aGapTheStoreCannotFillWaits() {
        Script g = game();
        projections.accept(g.seq(1));
        projections.accept(g.seq(3)); // the store has nothing: left out
        assertEquals(1, projections.current("t1").seq());
        store.rows.addAll(g.messages);
        projections.accept(g.seq(4)); // now 2..3 come from the store
        assertEquals(4, projections.current("t1").seq());
    }

    @Test
    void unknownTablesAreReadFromTheStoreOnDemand() {
        Script g = game();
        store.rows.addAll(g.messages);
        assertTrue(projections.find("nope").isEmpty());
        TableSnapshot s = projections.find("t1").orElseThrow();
        assertEquals(g.lastSeq(), s.seq());
        assertEquals(TableStatus.PLAYING, s.state().status());
    }

    @Test
    void rebuildsEveryTableFromTheStore() {
        Script a = game();
        Script b = new Script("t0").run(new online.durak.engine.table.TableCommand.Create("p9", "Zoe", Script.twoPlayers(3)));
        store.rows.addAll(a.messages);
        store.rows.addAll(b.messages);
        assertEquals(a.lastSeq() + b.lastSeq(), projections.rebuildAll());
        assertEquals(a.state.toString(), projections.current("t1").state().toString());
        assertEquals(TableStatus.OPEN, projections.current("t0").state().status(), "the open table is rebuilt too");
        assertEquals(b.lastSeq(), projections.rebuildAll() - a.lastSeq()); // again: nothing applied twice
        assertEquals(a.state.toString(), projections.current("t1").state().toString());
    }

    private static Script finishedGame(String tableId) {
        Script g = Script.started(tableId, "p0", "p1", Script.twoPlayers(1), 7).playDeal();
        assertEquals(TableStatus.FINISHED, g.state.status(), "a one-deal match is over after its deal");
        return g;
    }

    @Test
    void finishedTablesAreNotRebuiltAtStartButReadWhenAskedFor() {
        Script running = game();
        Script finished = finishedGame("t5");
        store.rows.addAll(running.messages);
        store.rows.addAll(finished.messages);
        assertEquals(running.lastSeq(), projections.rebuildAll());
        assertEquals(1, projections.size());
        assertEquals(finished.state.toString(), projections.find("t5").orElseThrow().state().toString());
        assertEquals(finished.lastSeq(), projections.current("t5").seq());
    }

    @Test
    void idleTablesAreDroppedFromMemoryAndReadAgainWhenNeeded() throws Exception {
        Projections p = new Projections(store, Runnable::run, new SimpleMeterRegistry(), Duration.ofMillis(200),
                Duration.ofMinutes(1), Duration.ofMinutes(10), Duration.ofSeconds(30));
        Script running = game();
        Script finished = finishedGame("t5");
        Script open = new Script("t6").run(new online.durak.engine.table.TableCommand.Create("p9", "Zoe",
                Script.twoPlayers(1)));
        for (Script g : List.of(running, finished, open)) {
            store.rows.addAll(g.messages);
            g.messages.forEach(p::accept);
        }
        long now = System.nanoTime();
        assertEquals(0, p.evictIdle(now), "nothing is idle yet");
        assertEquals(1, p.evictIdle(now + Duration.ofMinutes(2).toNanos()), "the finished table goes first");
        assertEquals(TableStatus.NONE, p.current("t5").state().status());

        // someone waiting for a seq, or a listener holding the table, keeps it
        CompletableFuture<TableSnapshot> waiting = p.awaitSeq("t1", running.lastSeq() + 1);
        assertEquals(0, p.evictIdle(now + Duration.ofMinutes(11).toNanos()));
        waiting.cancel(false);
        p.awaitSeq("t1", running.lastSeq()).get(1, TimeUnit.SECONDS); // cleans the cancelled waiter up
        p.addListener(new TableListener() {
            @Override
            public void applied(TableSnapshot after, EventMessage event) {
            }

            @Override
            public boolean holds(String tableId) {
                return tableId.equals("t1");
            }
        });
        assertEquals(0, p.evictIdle(System.nanoTime() + Duration.ofMinutes(11).toNanos()));
        assertEquals(2, p.size(), "t1 (held) and the open t6");

        // without them the running table goes after keep-idle; the open one stays for the lobby
        Projections q = new Projections(store, Runnable::run, new SimpleMeterRegistry(), Duration.ofMillis(200),
                Duration.ofMinutes(1), Duration.ofMinutes(10), Duration.ofSeconds(30));
        for (Script g : List.of(running, open)) {
            g.messages.forEach(q::accept);
        }
        assertEquals(1, q.evictIdle(System.nanoTime() + Duration.ofMinutes(11).toNanos()));
        assertEquals(TableStatus.OPEN, q.current("t6").state().status(), "the open table stays in memory");
        // its next event finds it gone and reads the rest from the store: the same state as before
        running.play(1);
        store.rows.add(running.messages.get(running.messages.size() - 1));
        q.accept(running.messages.get(running.messages.size() - 1));
        assertEquals(running.state.toString(), q.current("t1").state().toString());
        assertEquals(running.lastSeq(), q.current("t1").events().size());
    }

    @Test
    void waitersCompleteWhenTheirSeqArrives() throws Exception {
        Script g = game();
        projections.accept(g.seq(1));
        CompletableFuture<TableSnapshot> now = projections.awaitSeq("t1", 1);
        assertTrue(now.isDone());
        CompletableFuture<TableSnapshot> later = projections.awaitSeq("t1", 3);
        projections.accept(g.seq(2));
        assertFalse(later.isDone());
        projections.accept(g.seq(3));
        assertEquals(3, later.get(1, TimeUnit.SECONDS).seq());
    }

    @Test
    void aWaiterThatTimesOutReadsTheStore() throws Exception {
        Script g = game();
        projections.accept(g.seq(1));
        CompletableFuture<TableSnapshot> f = projections.awaitSeq("t1", 4);
        store.rows.addAll(g.messages); // never published: only in the store
        assertEquals(g.lastSeq(), f.get(2, TimeUnit.SECONDS).seq());
        CompletableFuture<TableSnapshot> never = projections.awaitSeq("t1", g.lastSeq() + 5);
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> never.get(2, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof Projections.ProjectionTimeoutException, e.toString());
    }

    @Test
    void anEventTheEngineCannotApplyStopsTheTableThere() {
        Script g = game();
        EventMessage bad = new EventMessage("t1", 1, g.seq(2).event(), null, g.seq(2).at()); // a seat before the table
        projections.accept(bad);
        assertEquals(0, projections.current("t1").seq());
        assertTrue(told.isEmpty());
        projections.accept(g.seq(1));
        projections.accept(g.seq(2));
        assertEquals(2, projections.current("t1").seq());
    }

    /** What the table-events reader does with a record of another edge's table: a deal's event passed over unread. */
    private static void fromAnotherEdge(Projections p, EventMessage m) {
        if (p.folds(m.tableId())) {
            p.accept(m);
        } else if (Projections.dealEvent(m.type())) {
            p.passedOver();
        } else if (!p.outline(m)) {
            p.accept(m);
        }
    }

    @Test
    void anotherEdgesTablesAreOutlines_theListenersHearTheirTableLevelEventsOnly() {
        projections.share(tableId -> false);
        Script open = new Script("t6").run(new online.durak.engine.table.TableCommand.Create("p9", "Zoe",
                Script.twoPlayers(1)));
        Script g = game();
        for (Script s : List.of(open, g)) {
            store.rows.addAll(s.messages);
            s.messages.forEach(m -> fromAnotherEdge(projections, m));
        }
        assertEquals(0, projections.size(), "nothing is folded here");
        assertFalse(projections.folds("t1"));
        List<Long> tableLevel = g.messages.stream().filter(m -> !Projections.dealEvent(m.type()))
                .map(EventMessage::seq).toList();
        assertTrue(tableLevel.size() < g.messages.size(), "a started game has deal events");
        List<Long> expected = new ArrayList<>(open.messages.stream().map(EventMessage::seq).toList());
        expected.addAll(tableLevel);
        assertEquals(expected, told, "the table-level events of both tables, in order");
        assertEquals(online.durak.engine.table.TableStatus.OPEN, heard.get("t6").state().status());
        assertEquals(open.state.toString(), heard.get("t6").state().toString(), "an open table is all outline");
        assertEquals(0, store.reads, "an outline needs no store");

        // asked for here: folded from the store, the listeners not told again of what they heard
        told.clear();
        TableSnapshot s = projections.find("t1").orElseThrow();
        assertEquals(g.state.toString(), s.state().toString());
        assertEquals(g.lastSeq(), s.events().size());
        long outlined = tableLevel.get(tableLevel.size() - 1);
        assertTrue(told.stream().allMatch(seq -> seq > outlined), "told again only of what the outline had not seen "
                + "(the deal's events after its last table-level one): " + told);
        assertTrue(projections.folds("t1"));
        // and from now on it follows every event
        told.clear();
        g.play(1);
        store.rows.add(g.seq(g.lastSeq()));
        fromAnotherEdge(projections, g.seq(g.lastSeq()));
        assertEquals(g.state.toString(), projections.current("t1").state().toString());
        assertEquals(List.of(g.lastSeq()), told);
    }

    @Test
    void anOutlineOfATableNotSeenBeforeIsReadFromTheStore() {
        projections.share(tableId -> false);
        Script g = game();
        int before = g.messages.size();
        g.play(2).run(new online.durak.engine.table.TableCommand.Leave("p1"));
        store.rows.addAll(g.messages);
        List<EventMessage> after = g.messages.subList(before, g.messages.size());
        after.forEach(m -> fromAnotherEdge(projections, m));
        List<Long> tableLevel = after.stream().filter(m -> !Projections.dealEvent(m.type())).map(EventMessage::seq)
                .toList();
        assertFalse(tableLevel.isEmpty(), "the leave");
        assertEquals(tableLevel, told);
        assertEquals(0, projections.size());
        assertEquals(g.state.seats().toString(), projections.find("t1").orElseThrow().state().seats().toString());
    }

    @Test
    void partitionsGivenUpMakeTheirTablesOutlines_unlessHeld() {
        Script a = game();
        Script b = Script.started("t2", "p2", "p3", Script.twoPlayers(1), 43).play(4);
        for (Script s : List.of(a, b)) {
            store.rows.addAll(s.messages);
            s.messages.forEach(projections::accept);
        }
        projections.addListener(new TableListener() {
            @Override
            public void applied(TableSnapshot after, EventMessage event) {
            }

            @Override
            public boolean holds(String tableId) {
                return tableId.equals("t2"); // a socket here
            }
        });
        projections.share(tableId -> false);
        assertEquals(1, projections.release());
        assertFalse(projections.folds("t1"));
        assertTrue(projections.folds("t2"));
        told.clear();
        // t1's next table-level event moves its outline on; asked for again, it is the whole table
        int before = a.messages.size();
        a.play(1).run(new online.durak.engine.table.TableCommand.Leave("p0"));
        List<EventMessage> after = a.messages.subList(before, a.messages.size());
        store.rows.addAll(after);
        after.forEach(m -> fromAnotherEdge(projections, m));
        assertFalse(projections.folds("t1"));
        assertEquals(after.stream().filter(m -> !Projections.dealEvent(m.type())).map(EventMessage::seq).toList(),
                told, "the leave");
        assertEquals(a.state.toString(), projections.find("t1").orElseThrow().state().toString());
    }

    @Test
    void anotherEdgesTableAskedForHereIsDroppedAfterKeepUnowned_thoughItsEventsKeepComing() throws Exception {
        Projections p = new Projections(store, Runnable::run, new SimpleMeterRegistry(), Duration.ofMillis(200),
                Duration.ofMinutes(1), Duration.ofMinutes(10), Duration.ofMillis(300));
        Script other = game();
        Script mine = Script.started("t2", "p2", "p3", Script.twoPlayers(1), 43).play(4);
        p.share(tableId -> tableId.equals("t2"));
        for (Script s : List.of(other, mine)) {
            store.rows.addAll(s.messages);
        }
        mine.messages.forEach(p::accept);
        assertTrue(p.find("t1").isPresent(), "asked for here (e.g. the create that went to this edge)");
        assertTrue(p.folds("t1"));
        assertEquals(0, p.evictIdle(System.nanoTime()), "just asked for");
        Thread.sleep(600); // twice keep-unowned
        // its events follow while it is played on its own edge; they do not count as asking for it
        other.play(1);
        store.rows.add(other.seq(other.lastSeq()));
        p.accept(other.seq(other.lastSeq()));
        assertEquals(other.state.toString(), p.current("t1").state().toString());
        assertEquals(1, p.evictIdle(System.nanoTime()), "another edge's table, not asked for here since, is dropped");
        assertFalse(p.folds("t1"));
        assertTrue(p.folds("t2"), "this edge's running table stays until keep-idle");
        assertEquals(other.state.toString(), p.find("t1").orElseThrow().state().toString(), "read again when asked");
    }

    @Test
    void theDealsEventsAreTheEnginesDealEventsAndItsDealStarted() throws Exception {
        var types = Class.forName("online.durak.messages.Wire$EventMixin")
                .getAnnotation(com.fasterxml.jackson.annotation.JsonSubTypes.class).value();
        java.util.Set<String> deal = new java.util.TreeSet<>();
        for (var t : types) {
            if (online.durak.engine.Event.DealEvent.class.isAssignableFrom(t.value())
                    || t.value() == online.durak.engine.Event.DealStarted.class) {
                deal.add(t.name());
            }
        }
        assertTrue(types.length > deal.size());
        assertEquals(deal, new java.util.TreeSet<>(Outlines.DEAL_EVENTS));
    }
}
