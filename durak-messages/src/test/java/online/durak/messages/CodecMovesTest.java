package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Move;
import org.junit.jupiter.api.Test;

/** Moves as docs/conformance.md writes them. */
class CodecMovesTest {

    @Test
    void everyMoveType_isWrittenAsFormatMdShows() {
        assertEquals("{\"type\":\"attack\",\"cards\":[\"8C\",\"8D\"]}",
                Codec.toJson(new Move.Attack(CardSet.parse("8D", "8C"))));
        assertEquals("{\"type\":\"cover\",\"attack\":\"8D\",\"card\":\"10D\"}",
                Codec.toJson(new Move.Cover(Card.parse("8D"), Card.parse("10D"))));
        assertEquals("{\"type\":\"transfer\",\"card\":\"8H\"}", Codec.toJson(new Move.Transfer(Card.parse("8H"))));
        assertEquals("{\"type\":\"transfer\",\"showTrump\":\"8S\"}", Codec.toJson(new Move.ShowTrump(Card.parse("8S"))));
        assertEquals("{\"type\":\"take\"}", Codec.toJson(Move.TAKE));
        assertEquals("{\"type\":\"throw\",\"cards\":[\"9C\",\"QH\"]}", Codec.toJson(new Move.Throw(CardSet.parse("QH", "9C"))));
        assertEquals("{\"type\":\"pass\"}", Codec.toJson(Move.PASS));
    }

    @Test
    void everyOfferedMove_roundTripsExactly() {
        Set<Class<?>> kinds = Samples.matches().stream().flatMap(m -> m.moves.stream())
                .peek(m -> assertEquals(m, Codec.readMove(Codec.parse(Codec.toJson(m))), m.toString()))
                .map(Object::getClass).collect(Collectors.toSet());
        assertEquals(Set.of(Move.class.getPermittedSubclasses()), kinds, "every kind of move was offered");
    }

    @Test
    void cardsInAnyOrder_areRead() {
        assertEquals(new Move.Throw(CardSet.parse("9C", "QH")),
                Codec.readMove(Codec.parse("{\"type\":\"throw\",\"cards\":[\"QH\",\"9C\"]}")));
    }

    @Test
    void badMoves_areInvalidMoveNamingTheField() {
        assertBad(null, "[]");
        assertBad("type", "{}");
        assertBad("type", "{\"type\":7}");
        assertBad("type", "{\"type\":\"surrender\"}");
        assertBad("cards", "{\"type\":\"attack\"}");
        assertBad("cards", "{\"type\":\"attack\",\"cards\":[]}");
        assertBad("cards", "{\"type\":\"attack\",\"cards\":\"8D\"}");
        assertBad("cards", "{\"type\":\"attack\",\"cards\":[\"8D\",\"8D\"]}");
        assertBad("cards", "{\"type\":\"throw\",\"cards\":[\"1D\"]}");
        assertBad("cards", "{\"type\":\"throw\",\"cards\":[8]}");
        assertBad("attack", "{\"type\":\"cover\",\"card\":\"10D\"}");
        assertBad("card", "{\"type\":\"cover\",\"attack\":\"8D\",\"card\":\"10X\"}");
        assertBad("card", "{\"type\":\"transfer\"}");
        assertBad("showTrump", "{\"type\":\"transfer\",\"card\":\"8H\",\"showTrump\":\"8S\"}");
        assertBad("seat", "{\"type\":\"take\",\"seat\":1}");
        assertBad("cards", "{\"type\":\"pass\",\"cards\":[]}");
    }

    @Test
    void cards_areWrittenInTheirTextForm() {
        assertEquals("10D", Codec.cardText(Card.parse("10D")));
        assertEquals(Card.parse("QS"), Codec.readCard("QS"));
        assertEquals("[\"6C\",\"AC\",\"10D\",\"2H\",\"KS\"]",
                Codec.write(Codec.toNode(CardSet.parse("KS", "2H", "10D", "AC", "6C"))));
        CardSet all = new CardSet((1L << 52) - 1);
        assertEquals(all, Codec.readCards(Codec.toNode(all)));
        MessageException e = assertThrows(MessageException.class, () -> Codec.readCard("11D"));
        assertTrue(e.getMessage().contains("11D"));
    }

    private static void assertBad(String field, String json) {
        MessageException e = assertThrows(MessageException.class, () -> Codec.readMove(Codec.parse(json)), json);
        assertEquals(MessageException.INVALID_MOVE, e.code(), json);
        assertEquals(field, e.field(), json);
    }
}
