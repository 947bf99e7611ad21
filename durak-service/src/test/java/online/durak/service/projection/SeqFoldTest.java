package online.durak.service.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fold by seq: skip what is applied, fill a gap from the store, apply in order only, stop at a failure. */
class SeqFoldTest {
    /** An event: its seq and what it adds to the state's text. */
    record Ev(long seq, String text) {
    }

    /** A state: the last seq and the texts folded so far. */
    record St(long seq, String text) {
    }

    private final List<Ev> stored = new ArrayList<>();
    private final List<String> reads = new ArrayList<>();
    private final SeqFold<Ev, St> fold = new SeqFold<>((id, after, before) -> {
        reads.add(id + " " + after + ".." + before);
        return stored.stream().filter(e -> e.seq() > after && (before == 0 || e.seq() < before)).toList();
    }, Ev::seq, St::seq);

    private static St step(St s, Ev e) {
        if (e.text().equals("bad")) {
            throw new IllegalStateException("cannot apply " + e.seq());
        }
        return new St(e.seq(), s.text() + e.text());
    }

    private void store(String... texts) {
        for (String t : texts) {
            stored.add(new Ev(stored.size() + 1, t));
        }
    }

    @Test
    void theNextEvent_isApplied_withoutReadingTheStore() {
        SeqFold.Outcome<Ev, St> o = fold.accept("t", new St(2, "ab"), new Ev(3, "c"), SeqFoldTest::step);

        assertEquals(SeqFold.Kind.APPLIED, o.kind());
        assertEquals(new St(3, "abc"), o.state());
        assertEquals(0, o.fromStore());
        assertEquals(List.of(), reads);
    }

    @Test
    void anEventAppliedAlready_isSkipped() {
        St s = new St(3, "abc");
        SeqFold.Outcome<Ev, St> o = fold.accept("t", s, new Ev(2, "x"), SeqFoldTest::step);

        assertEquals(SeqFold.Kind.DUPLICATE, o.kind());
        assertSame(s, o.state());
        o = fold.accept("t", s, new Ev(3, "x"), SeqFoldTest::step);
        assertEquals(SeqFold.Kind.DUPLICATE, o.kind());
        assertEquals(List.of(), reads);
    }

    @Test
    void aGap_isFilledFromTheStore_beforeTheEvent() {
        store("a", "b", "c", "d");
        SeqFold.Outcome<Ev, St> o = fold.accept("t", new St(1, "a"), new Ev(4, "d"), SeqFoldTest::step);

        assertEquals(SeqFold.Kind.APPLIED, o.kind());
        assertEquals(new St(4, "abcd"), o.state());
        assertEquals(2, o.fromStore());
        assertEquals(List.of("t 1..4"), reads, "only the missing events are asked for");
    }

    @Test
    void aGapTheStoreCannotFill_leavesTheEventOut_afterWhatItHas() {
        store("a", "b");
        SeqFold.Outcome<Ev, St> o = fold.accept("t", new St(0, ""), new Ev(5, "e"), SeqFoldTest::step);

        assertEquals(SeqFold.Kind.LEFT_OUT, o.kind());
        assertEquals(new St(2, "ab"), o.state());
        assertEquals(2, o.fromStore());
    }

    @Test
    void aStoreThatCannotBeRead_propagates_andNothingIsApplied() {
        SeqFold<Ev, St> broken = new SeqFold<>((id, after, before) -> {
            throw new IllegalStateException("store down");
        }, Ev::seq, St::seq);

        assertThrows(IllegalStateException.class,
                () -> broken.accept("t", new St(0, ""), new Ev(3, "c"), SeqFoldTest::step));
    }

    @Test
    void anEventTheStepCannotApply_stopsTheFold_beforeIt() {
        store("a", "bad", "c");
        SeqFold.Outcome<Ev, St> o = fold.catchUp("t", new St(0, ""), SeqFoldTest::step);

        assertEquals(SeqFold.Kind.FAILED, o.kind());
        assertEquals(new St(1, "a"), o.state());
        assertEquals(2, o.failedEvent().seq());
        assertEquals("cannot apply 2", o.failure().getMessage());

        o = fold.accept("t", new St(1, "a"), new Ev(2, "bad"), SeqFoldTest::step);
        assertEquals(SeqFold.Kind.FAILED, o.kind());
        assertEquals(new St(1, "a"), o.state());
    }

    @Test
    void fold_skipsWhatItHas_andStopsAtAGap() {
        SeqFold.Outcome<Ev, St> o = fold.fold(new St(1, "a"),
                List.of(new Ev(1, "x"), new Ev(2, "b"), new Ev(3, "c"), new Ev(5, "e")), SeqFoldTest::step);

        assertEquals(SeqFold.Kind.APPLIED, o.kind());
        assertEquals(new St(3, "abc"), o.state());
        assertEquals(2, o.fromStore());
        assertNull(o.failure());
        assertEquals(SeqFold.Kind.DUPLICATE, fold.fold(o.state(), List.of(), SeqFoldTest::step).kind());
    }
}
