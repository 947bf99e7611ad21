package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;
import online.durak.engine.SeatView;
import org.junit.jupiter.api.Test;

/** {@link Codec#readSeatView} is the inverse of writing it ({@link Codec#toNode(Object)}), and strict. */
class SeatViewReadTest {

    @Test
    void everyRealView_readsBackToTheSameView() {
        int views = 0;
        for (PlayedMatch m : Samples.matches()) {
            for (PlayedMatch.Seen seen : m.views) {
                SeatView v = seen.view();
                JsonNode json = Codec.toNode(v);
                SeatView back = Codec.readSeatView(Codec.parse(Codec.write(json)));
                assertSame(v, back);
                assertEquals(json, Codec.toNode(back));
                views++;
            }
        }
        assertTrue(views > 1000, "views " + views);
    }

    /** Field by field (a record's equals compares the table's card arrays by identity). */
    private static void assertSame(SeatView a, SeatView b) {
        assertEquals(a.seat(), b.seat());
        assertEquals(a.phase(), b.phase());
        assertEquals(a.toAct(), b.toAct());
        assertEquals(a.attacker(), b.attacker());
        assertEquals(a.defender(), b.defender());
        assertEquals(a.hands(), b.hands());
        assertEquals(a.handSizes(), b.handSizes());
        assertEquals(a.known(), b.known());
        assertEquals(a.table().size(), b.table().size());
        for (int i = 0; i < a.table().size(); i++) {
            assertArrayEquals(a.table().get(i), b.table().get(i));
        }
        assertEquals(a.trump(), b.trump());
        assertEquals(a.trumpCard(), b.trumpCard());
        assertEquals(a.stockCount(), b.stockCount());
        assertEquals(a.discardCount(), b.discardCount());
        assertEquals(a.discard(), b.discard());
        assertEquals(a.trumpsInPlay(), b.trumpsInPlay());
        assertEquals(a.boutsPlayed(), b.boutsPlayed());
        assertEquals(a.out(), b.out());
        assertEquals(a.roomLeft(), b.roomLeft());
        assertEquals(a.stillToCome(), b.stillToCome());
        assertEquals(a.passed(), b.passed());
        assertEquals(a.legalMoves(), b.legalMoves());
        assertEquals(a.durak(), b.durak());
        assertEquals(a.points(), b.points());
        assertEquals(a.shuffleCommitment(), b.shuffleCommitment());
    }

    /** A real seat's view in the middle of a deal, with cards on the table. */
    private static ObjectNode sample() {
        for (PlayedMatch m : Samples.matches()) {
            for (PlayedMatch.Seen seen : m.views) {
                SeatView v = seen.view();
                if (v.seat() >= 0 && !v.table().isEmpty() && v.discard() != null && !v.legalMoves().isEmpty()) {
                    return Codec.toNode(v);
                }
            }
        }
        throw new AssertionError("no sample view");
    }

    private static void assertBad(String field, Consumer<ObjectNode> change) {
        ObjectNode json = sample();
        change.accept(json);
        MessageException e = assertThrows(MessageException.class, () -> Codec.readSeatView(json), json.toString());
        assertEquals(MessageException.INVALID_VIEW, e.code(), e.getMessage());
        assertEquals(field, e.field(), e.getMessage());
    }

    @Test
    void badViews_areRefused_namingTheField() {
        assertBad("extra", o -> o.put("extra", 1));
        assertBad("seat", o -> o.remove("seat"));
        assertBad("trumpCard", o -> o.remove("trumpCard"));
        assertBad("points", o -> o.remove("points"));
        assertBad("seat", o -> o.put("seat", 9));
        assertBad("seat", o -> o.put("seat", -1));
        assertBad("toAct", o -> o.put("toAct", "one"));
        assertBad("phase", o -> o.put("phase", "SLEEP"));
        assertBad("hand", o -> o.remove("hand"));
        assertBad("hands", o -> o.putObject("hands"));
        assertBad("hand", o -> o.putNull("seat")); // a view from no seat has every hand or none, never one
        assertBad("hand", o -> o.putArray("hand").add("6H").add("6H"));
        assertBad("hand", o -> o.putArray("hand").add("1Z"));
        assertBad("handSizes", o -> o.putArray("handSizes").add(3));
        assertBad("handSizes", o -> ((ArrayNode) o.get("handSizes")).set(0, -1));
        assertBad("known", o -> o.putObject("known").putArray("x"));
        assertBad("known", o -> o.putObject("known").putArray("7"));
        assertBad("table", o -> o.putArray("table").addArray().add("6H"));
        assertBad("table", o -> {
            ArrayNode t = o.putArray("table");
            t.addArray().add("6H").addNull();
            t.addArray().add("7H").add("6H");
        });
        assertBad("trump", o -> o.put("trump", "X"));
        assertBad("stockCount", o -> o.put("stockCount", -2));
        assertBad("trumpsInPlay", o -> o.remove("trumpsInPlay"));
        assertBad("legalMoves", o -> o.putArray("legalMoves").addObject().put("type", "dance"));
        assertBad("legalMoves", o -> o.put("legalMoves", "pass"));
        assertBad("points", o -> o.putArray("points").add(1));
        assertBad("out", o -> o.putArray("out").add(7));
        assertBad("shuffleCommitment", o -> o.put("shuffleCommitment", "AB".repeat(32)));
        assertBad("shuffleCommitment", o -> o.put("shuffleCommitment", "ab"));
        assertBad("shuffleCommitment", o -> o.put("shuffleCommitment", 7));
    }

    @Test
    void notAnObject_isRefused() {
        MessageException e = assertThrows(MessageException.class, () -> Codec.readSeatView(Codec.parse("[1]")));
        assertEquals(MessageException.INVALID_VIEW, e.code());
        assertThrows(MessageException.class, () -> Codec.readSeatView(null));
    }
}
