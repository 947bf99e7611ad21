package online.durak.service.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The tables in memory: one state per table, waiting for a seq, dropping idle tables. */
class ProjectionTest {
    record St(String id, long seq) {
    }

    private final Projection<St> p = new Projection<>(id -> new St(id, 0), St::seq);

    private void advance(String id, long seq) {
        p.locked(id, s -> {
            p.set(s, new St(id, seq));
            p.wake(s);
            return null;
        });
    }

    @Test
    void aWaiter_completesOnceTheTableReachesItsSeq() throws Exception {
        CompletableFuture<St> f = p.await("t", 2);
        assertFalse(f.isDone());

        advance("t", 1);
        assertFalse(f.isDone(), "seq 1 is not 2");
        advance("t", 2);
        assertEquals(new St("t", 2), f.get(1, TimeUnit.SECONDS));
        assertTrue(p.await("t", 1).isDone(), "a seq reached already completes at once");
    }

    @Test
    void peek_makesNoTable() {
        assertNull(p.peek("t"));
        assertEquals(0, p.size());
        advance("t", 3);
        assertEquals(new St("t", 3), p.peek("t"));
        assertEquals(new St("t", 3), p.use("t"));
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
        assertEquals(new St("idle", 1), p.peek("idle"), "a dropped table is made again when it is next needed");
    }
}
