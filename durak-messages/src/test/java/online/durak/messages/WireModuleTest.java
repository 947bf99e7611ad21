package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import online.durak.engine.Card;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import org.junit.jupiter.api.Test;

/**
 * {@link Wire#module()} in a service's own mapper (lenient, as Quarkus configures it): a body that holds settings, a
 * view, a move and an event is written exactly as {@link Codec} writes them, and read back as strictly.
 */
class WireModuleTest {

    record Body(Rules settings, SeatView view, Move move, VisibleEvent event) {
    }

    private static final ObjectMapper SERVICE = JsonMapper.builder().addModule(Wire.module())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private static Body sample() {
        PlayedMatch m = Samples.matches().get(0);
        PlayedMatch.Seen seen = m.views.stream().filter(s -> s.view().seat() >= 0 && !s.view().table().isEmpty()
                && !s.view().legalMoves().isEmpty()).findFirst().orElseThrow();
        online.durak.engine.Event dealt = m.events.stream()
                .filter(e -> e instanceof online.durak.engine.Event.DealStarted).findFirst().orElseThrow();
        return new Body(m.rules, seen.view(), seen.view().legalMoves().get(0),
                EventVisibility.forSeat(dealt, 0, m.rules)); // the redacted form
    }

    @Test
    void aBody_isWrittenAsCodecWritesItsParts_andReadBack() throws Exception {
        Body b = sample();
        String json = SERVICE.writeValueAsString(b);
        assertEquals("{\"settings\":" + Codec.toJson(b.settings()) + ",\"view\":" + Codec.toJson(b.view())
                + ",\"move\":" + Codec.toJson(b.move()) + ",\"event\":" + Codec.toJson(b.event()) + "}", json);
        Body back = SERVICE.readValue(json, Body.class);
        assertEquals(b.settings(), back.settings());
        assertEquals(Codec.toJson(b.view()), Codec.toJson(back.view()));
        assertEquals(b.move(), back.move());
        assertEquals(b.event(), back.event());
    }

    @Test
    void theParts_areReadStrictly_evenInALenientMapper() throws Exception {
        ObjectNode body = SERVICE.valueToTree(sample());
        ((ObjectNode) body.get("view")).put("extra", 1);
        assertRefused(MessageException.INVALID_VIEW, "extra", body);
        body = SERVICE.valueToTree(sample());
        ((ObjectNode) body.get("settings")).remove("stake");
        assertRefused(MessageException.INVALID_SETTING, "stake", body);
        body = SERVICE.valueToTree(sample());
        body.putObject("move").put("type", "take").put("seat", 1);
        assertRefused(MessageException.INVALID_MOVE, "seat", body);
        body = SERVICE.valueToTree(sample());
        body.putObject("event").put("type", "Took");
        assertRefused(MessageException.INVALID_EVENT, "seat", body);
    }

    @Test
    void text_isNotReadFromANumber() {
        MessageException e = assertThrows(MessageException.class, () -> Codec.readCommandMessage(Codec.parse(
                "{\"commandId\":5,\"tableId\":\"t\",\"playerId\":\"p\",\"payload\":{\"type\":\"start\"}}")));
        assertEquals("commandId", e.field());
        assertEquals("must be a string, not 5", e.reason());
        MessageException v = assertThrows(MessageException.class,
                () -> Codec.readRules(Codec.parse("{\"players\":2,\"variant\":3}")));
        assertEquals("variant", v.field());
        assertEquals("must be a string, not 3", v.reason());
        assertEquals(new Move.Cover(Card.parse("8D"), Card.parse("10D")),
                Codec.readMove(Codec.parse("{\"type\":\"cover\",\"attack\":\"8D\",\"card\":\"10D\"}")));
    }

    private static void assertRefused(String code, String field, ObjectNode body) {
        Throwable t = assertThrows(Exception.class, () -> SERVICE.treeToValue(body, Body.class));
        while (!(t instanceof MessageException) && t.getCause() != null) {
            t = t.getCause();
        }
        MessageException e = (MessageException) t;
        assertEquals(code, e.code(), e.getMessage());
        assertEquals(field, e.field(), e.getMessage());
    }
}
