package online.durak.service.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import online.durak.engine.Event;
import online.durak.messages.EventMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The one fold of a table's log: skip what is applied, fill a gap from the store, apply in order only, stop at a
 * failure; and the tables in memory: waiting for a seq, dropping idle tables, partitions, a bound.
 */
class ProjectionTest {
    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    /** An event whose step fails. */
    private static final int BAD = 9;

    /** A state: the last seq and the digits of the events folded so far (an event is a hint of a seat, 0–9). */
    record St(String id, long seq, String text) {
    }

    private final List<EventMessage> stored = new ArrayList<>();
    private final List<String> reads = new ArrayList<>();
    private final List<String> told = new ArrayList<>();
    private boolean storeDown;
    private final Projection<St> p = new Projection<St>((id, after, before) -> {
        reads.add(id + " " + after + ".." + before);
        if (storeDown) {
            throw new IllegalStateException("store down");
        }
        return stored.stream().filter(e -> e.tableId().equals(id) && e.seq() > after
                && (before == 0 || e.seq() < before)).toList();
    }, id -> new St(id, 0, ""), St::seq, ProjectionTest::step).onApplied((after, e) -> told.add(after.text()));

    private static St step(St s, EventMessage e) {
        int digit = ((Event.HintTaken) e.event()).seat();
        if (digit == BAD) {
            throw new IllegalStateException("cannot apply " + e.seq());
        }
        return new St(s.id(), e.seq(), s.text() + digit);
    }

    private static EventMessage event(String table, long seq, int digit) {
        return new EventMessage(table, seq, new Event.HintTaken(digit), null, T0.plusSeconds(seq));
    }

    /** Stores events 1, 2, … of table t with these digits. */
    private void store(int... digits) {
        for (int d : digits) {
            stored.add(event("t", stored.size() + 1, d));
        }
    }

    /** Table t at seq n, its events given one by one (the store not read). */
    private void givenTableAt(int... digits) {
        for (int i = 0; i < digits.length; i++) {
            assertEquals(Projection.Kind.APPLIED, p.accept(event("t", i + 1, digits[i]), -1).kind());
        }
        reads.clear();
        told.clear();
    }

    // ---- the fold ----

    @Test
    void theNextEvent_isApplied_withoutReadingTheStore() {
        givenTableAt(1, 2);

        Projection.Outcome<St> o = p.accept(event("t", 3, 3), -1);

        assertEquals(Projection.Kind.APPLIED, o.kind());
        assertEquals(new St("t", 3, "123"), o.state());
        assertEquals(2, o.before());
        assertEquals(0, o.fromStore());
        assertEquals(List.of(), reads);
        assertEquals(List.of("123"), told, "the hook is told of the event");
        assertEquals(new St("t", 3, "123"), p.peek("t"));
    }

    @Test
    void anEventAppliedAlready_isSkipped() {
        givenTableAt(1, 2, 3);
        St s = p.peek("t");

        Projection.Outcome<St> o = p.accept(event("t", 2, 7), -1);
        assertEquals(Projection.Kind.DUPLICATE, o.kind());
        assertSame(s, o.state());
        assertEquals(Projection.Kind.DUPLICATE, p.accept(event("t", 3, 7), -1).kind());
        assertEquals(List.of(), reads);
        assertEquals(List.of(), told);
    }

    @Test
    void aGap_isFilledFromTheStore_beforeTheEvent() {
        store(1, 2, 3, 4);
        givenTableAt(1);

        Projection.Outcome<St> o = p.accept(event("t", 4, 4), -1);

        assertEquals(Projection.Kind.APPLIED, o.kind());
        assertEquals(new St("t", 4, "1234"), o.state());
        assertEquals(2, o.fromStore());
        assertEquals(List.of("t 1..4"), reads, "only the missing events are asked for");
        assertEquals(List.of("12", "123", "1234"), told, "in seq order");
    }

    @Test
    void aGapTheStoreCannotFill_leavesTheEventOut_afterWhatItHas() {
        store(1, 2);

        Projection.Outcome<St> o = p.accept(event("t", 5, 5), -1);

        assertEquals(Projection.Kind.LEFT_OUT, o.kind());
        assertEquals(new St("t", 2, "12"), o.state());
        assertEquals(2, o.fromStore());
        assertEquals(new St("t", 2, "12"), p.peek("t"));
    }

    @Test
    void anEventOfAnUnknownTableThatAppliesNothing_keepsNoTable() {
        Projection.Outcome<St> o = p.accept(event("t", 5, 5), -1);

        assertEquals(Projection.Kind.LEFT_OUT, o.kind());
        assertNull(p.peek("t"));
        assertEquals(0, p.size());
    }

    @Test
    void aStoreThatCannotBeRead_isReported_andNothingIsApplied() {
        store(1, 2, 3);
        givenTableAt(1);
        storeDown = true;

        Projection.Outcome<St> o = p.accept(event("t", 3, 3), -1);

        assertEquals(Projection.Kind.UNREADABLE, o.kind());
        assertEquals("store down", o.failure().getMessage());
        assertEquals(new St("t", 1, "1"), p.peek("t"));
        storeDown = false;
        assertEquals(Projection.Kind.APPLIED, p.accept(event("t", 3, 3), -1).kind(), "the same event again later");
    }

    @Test
    void anEventTheStepCannotApply_stopsTheFold_beforeIt_andIsReportedOnce() {
        store(1, BAD, 3);

        Projection.Outcome<St> o = p.catchUp("t", -1);

        assertEquals(Projection.Kind.FAILED, o.kind());
        assertEquals(new St("t", 1, "1"), o.state());
        assertEquals(2, o.failedEvent().seq());
        assertEquals("cannot apply 2", o.failure().getMessage());
        assertTrue(o.firstFailure());

        o = p.accept(event("t", 2, BAD), -1);
        assertEquals(Projection.Kind.FAILED, o.kind());
        assertEquals(new St("t", 1, "1"), o.state());
        assertFalse(o.firstFailure(), "the same event failing again is reported once");
        assertEquals(List.of("1"), told);
    }

    @Test
    void apply_skipsWhatItHas_andStopsAtAGap() {
        givenTableAt(1);

        Projection.Outcome<St> o = p.apply("t",
                List.of(event("t", 1, 7), event("t", 2, 2), event("t", 3, 3), event("t", 5, 5)), -1);

        assertEquals(Projection.Kind.LEFT_OUT, o.kind());
        assertEquals(new St("t", 3, "123"), o.state());
        assertEquals(2, o.fromStore());
        assertNull(o.failure());
        assertEquals(Projection.Kind.DUPLICATE, p.apply("t", List.of(), -1).kind());
    }

    @Test
    void catchUp_readsWhatFollows_andKeepsNoTableTheStoreDoesNotKnow() {
        store(1, 2, 3);
        givenTableAt(1);

        assertEquals(new St("t", 3, "123"), p.catchUp("t", -1).state());
        assertEquals(List.of("t 1..0"), reads);

        Projection.Outcome<St> none = p.catchUp("u", -1);
        assertEquals(new St("u", 0, ""), none.state());
        assertNull(p.peek("u"));
    }

    // ---- waiting for a seq ----

    @Test
    void aWaiter_completesOnceTheTableReachesItsSeq() throws Exception {
        CompletableFuture<St> f = p.await("t", 2);
        assertFalse(f.isDone());

        p.accept(event("t", 1, 1), -1);
        assertFalse(f.isDone(), "seq 1 is not 2");
        p.accept(event("t", 2, 2), -1);
        assertEquals(new St("t", 2, "12"), f.get(1, TimeUnit.SECONDS));
        assertTrue(p.await("t", 1).isDone(), "a seq reached already completes at once");
    }

    @Test
    void aWaitThatTimesOut_readsTheStoreOnceMore() throws Exception {
        givenTableAt(1);
        store(1, 2);

        St s = p.await("t", 2, Duration.ofMillis(10), Runnable::run).get(5, TimeUnit.SECONDS);

        assertEquals(new St("t", 2, "12"), s);
        assertEquals(List.of("t 1..0"), reads);
    }

    @Test
    void aWaitThatTimesOut_withTheStoreBehindToo_failsWithTheSeqReached() {
        givenTableAt(1);

        ExecutionException e = assertThrowsExecution(() -> p.await("t", 3, Duration.ofMillis(10), Runnable::run)
                .get(5, TimeUnit.SECONDS));

        Projection.NotReached behind = assertInstanceOf(Projection.NotReached.class, e.getCause());
        assertEquals(1, behind.reached());
        assertEquals("table t did not reach seq 3 in time (it is at 1)", behind.getMessage());
    }

    private static ExecutionException assertThrowsExecution(Executable call) {
        return org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, call);
    }

    // ---- memory ----

    private void advance(String id, long seq) {
        p.put(id, new St(id, seq, ""), -1);
    }

    @Test
    void peek_makesNoTable() {
        assertNull(p.peek("t"));
        assertEquals(0, p.size());
        advance("t", 3);
        assertEquals(new St("t", 3, ""), p.peek("t"));
        assertEquals(new St("t", 3, ""), p.use("t"));
    }

    @Test
    void idleTables_areDropped_butNotThoseWaitedOn_held_orKept() {
        advance("idle", 1);
        advance("held", 1);
        advance("kept", 1);
        CompletableFuture<St> waiting = p.await("waited", 5);
        long later = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);

        long minute = TimeUnit.MINUTES.toNanos(1);
        assertEquals(0, p.evictIdle(System.nanoTime(), s -> minute, id -> false), "nothing is idle yet");
        int dropped = p.evictIdle(later, s -> s.id().equals("kept") ? -1 : minute, id -> id.equals("held"));

        assertEquals(1, dropped);
        assertNull(p.peek("idle"));
        assertEquals(3, p.size());
        advance("waited", 5);
        assertTrue(waiting.isDone(), "the table waited on stayed, so its waiter is told");
        advance("idle", 1);
        assertEquals(new St("idle", 1, ""), p.peek("idle"), "a dropped table is made again when it is next needed");
    }

    @Test
    void revokedPartitions_loseTheirTablesOnly() {
        p.put("a", new St("a", 1, ""), 1);
        p.put("b", new St("b", 1, ""), 2);
        p.accept(event("c", 1, 1), 3);

        assertEquals(2, p.dropPartitions(List.of(1, 3)));
        assertNull(p.peek("a"));
        assertEquals(new St("b", 1, ""), p.peek("b"));
        assertNull(p.peek("c"));
        assertEquals(List.of(new Projection.Held<>("b", new St("b", 1, ""), 2)), p.held());
        assertTrue(p.remove("b"));
        assertFalse(p.remove("b"));
        assertEquals(0, p.size());
    }

    @Test
    void aBound_dropsThoseItPicksFirst_thenAny_butNeverTheTableJustPut() {
        for (int i = 0; i < 50; i++) {
            String id = "t" + i;
            p.put(id, new St(id, i % 2 == 0 ? 1 : 2, ""), -1);
            p.bound(10, id, s -> s.seq() == 1);
            assertEquals(new St(id, i % 2 == 0 ? 1 : 2, ""), p.peek(id));
            assertTrue(p.size() <= 10);
        }
        p.put("u", new St("u", 1, ""), -1);
        assertEquals(2, p.bound(10, "u", s -> s.seq() == 1), "about a tenth: down to 9 of 11");
        assertEquals(9, p.size());
        assertEquals(new St("u", 1, ""), p.peek("u"));
        assertEquals(0, p.bound(10, "u", s -> true), "within the bound nothing is dropped");
    }

    @Test
    void update_changesAHeldTableOnly() {
        advance("t", 2);

        assertEquals(new St("t", 2, "x"), p.update("t", s -> new St(s.id(), s.seq(), "x")));
        assertNull(p.update("u", s -> s));
        assertNull(p.peek("u"));
    }
}
