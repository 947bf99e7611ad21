package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Event;
import org.junit.jupiter.api.Test;

/** Every event type survives the trip to JSON and back exactly, alone and in its envelope. */
class CodecEventsTest {

    @Test
    void playedMatches_produceEveryEventRecord() {
        List<Event> events = Samples.allEvents();
        List<Class<?>> records = records(Event.class);
        for (Class<?> record : records) {
            assertTrue(events.stream().anyMatch(record::isInstance), "no sample of " + record.getSimpleName());
        }
        assertEquals(records.size(), Samples.oneOfEachType().size(), "every event record has its own type name");
    }

    /** The records of a sealed hierarchy, through its sealed sub-interfaces (Event.DealEvent). */
    private static List<Class<?>> records(Class<?> sealed) {
        List<Class<?>> all = new java.util.ArrayList<>();
        for (Class<?> c : sealed.getPermittedSubclasses()) {
            if (c.isRecord()) {
                all.add(c);
            } else {
                all.addAll(records(c));
            }
        }
        return all;
    }

    @Test
    void everyPlayedEvent_roundTripsExactly() {
        for (Event e : Samples.allEvents()) {
            String json = Codec.toJson(e);
            assertEquals(e, Codec.readEvent(Codec.parse(json)), json);
            assertEquals(e.type(), Codec.parse(json).get("type").textValue());
        }
    }

    @Test
    void everyPlayedEvent_roundTripsInItsEnvelope() {
        long seq = 0;
        for (Event e : Samples.allEvents()) {
            seq++;
            EventMessage m = new EventMessage("table-1", seq, e, seq % 2 == 0 ? "cmd-" + seq : null,
                    Instant.parse("2025-03-01T12:00:00.123456Z").plusSeconds(seq));
            assertEquals(m, Codec.readEventMessage(Codec.toBytes(m)));
        }
    }

    @Test
    void nullsAndNobody_roundTrip() {
        List<Event> events = List.of(
                new Event.DealStarted(2, 1, List.of(Card.parse("6S"), Card.parse("10D")), 0, 2, null),
                new Event.DealEnded(-1, List.of(1, 1), CardSet.EMPTY),
                new Event.SeatTaken(3, "player-3", null, null),
                new Event.MatchLeft(0, "player-0", null),
                new Event.MatchLeft(1, "player-1", online.durak.engine.BotLevel.EASY),
                new Event.PlayersOut(List.of()),
                new Event.BoutEnded(true, 1, CardSet.parse("10D", "AS", "6C")));
        for (Event e : events) {
            assertEquals(e, Codec.readEvent(Codec.parse(Codec.toJson(e))));
        }
    }

    @Test
    void aDealDealtBeforeTheSeal_readsWithoutSalt_andIsWrittenAsItWas() {
        String old = "{\"type\":\"DealStarted\",\"deal\":1,\"dealer\":0,\"deckOrder\":[\"6S\",\"10D\"],"
                + "\"redeals\":0,\"attacker\":1,\"shownTrump\":null}";
        Event.DealStarted e = (Event.DealStarted) Codec.readEvent(Codec.parse(old));
        assertNull(e.salt());
        assertEquals(old, Codec.toJson(e));
        String sealed = Codec.toJson(new Event.DealStarted(1, 0, List.of(Card.parse("6S"), Card.parse("10D")), 0, 1,
                null, "0f".repeat(32)));
        assertEquals(old.replace("null}", "null,\"salt\":\"" + "0f".repeat(32) + "\"}"), sealed);
        assertEquals("0f".repeat(32), ((Event.DealStarted) Codec.readEvent(Codec.parse(sealed))).salt());
        assertThrows(MessageException.class, () -> Codec.readEvent(Codec.parse(old.replace("null}",
                "null,\"salt\":\"XYZ\"}"))), "a salt of another form");
    }

    @Test
    void wireNames_areTheDocumentedOnes() {
        assertEquals("{\"type\":\"Covered\",\"seat\":1,\"attack\":\"8D\",\"card\":\"10D\"}",
                Codec.toJson(new Event.Covered(1, Card.parse("8D"), Card.parse("10D"))));
        assertEquals("{\"type\":\"DealEnded\",\"durak\":null,\"points\":[2,2,0],\"durakCards\":[]}",
                Codec.toJson(new Event.DealEnded(-1, List.of(2, 2, 0), CardSet.EMPTY)));
        assertEquals("{\"type\":\"Attacked\",\"seat\":0,\"cards\":[\"6C\",\"6D\",\"6S\"]}",
                Codec.toJson(new Event.Attacked(0, CardSet.parse("6S", "6C", "6D"))));
    }

    @Test
    void envelope_hasTheDocumentedFields() {
        EventMessage m = new EventMessage("t-9", 7, new Event.Took(2), "c-1", Instant.parse("2025-03-01T12:00:00Z"));
        assertEquals("{\"tableId\":\"t-9\",\"seq\":7,\"type\":\"Took\",\"at\":\"2025-03-01T12:00:00Z\","
                + "\"commandId\":\"c-1\",\"event\":{\"type\":\"Took\",\"seat\":2}}", Codec.toJson(m));
    }

    @Test
    void badEvents_areRefusedNamingTheField() {
        assertField(MessageException.INVALID_EVENT, "type", "{\"type\":\"Exploded\"}");
        assertField(MessageException.INVALID_EVENT, "seat", "{\"type\":\"Took\"}");
        assertField(MessageException.INVALID_EVENT, "seat", "{\"type\":\"Took\",\"seat\":\"one\"}");
        assertField(MessageException.INVALID_EVENT, "colour", "{\"type\":\"Took\",\"seat\":1,\"colour\":2}");
        assertField(MessageException.INVALID_EVENT, "cards", "{\"type\":\"Threw\",\"seat\":1,\"cards\":[\"1X\"]}");
        assertField(MessageException.INVALID_EVENT, "bot",
                "{\"type\":\"SeatTaken\",\"seat\":1,\"playerId\":\"p\",\"name\":\"n\",\"bot\":\"GENIUS\"}");
        assertField(MessageException.INVALID_SETTING, "deck",
                "{\"type\":\"MatchStarted\",\"rules\":{\"variant\":\"PODKIDNOI\"}}");
    }

    @Test
    void envelopeWhoseTypeDisagreesWithItsEvent_isRefused() {
        MessageException e = assertThrows(MessageException.class, () -> Codec.readEventMessage(Codec.parse(
                "{\"tableId\":\"t\",\"seq\":1,\"type\":\"Passed\",\"at\":\"2025-03-01T12:00:00Z\",\"commandId\":null,"
                        + "\"event\":{\"type\":\"Took\",\"seat\":2}}")));
        assertEquals("type", e.field());
        MessageException at = assertThrows(MessageException.class, () -> Codec.readEventMessage(Codec.parse(
                "{\"tableId\":\"t\",\"seq\":1,\"type\":\"Took\",\"at\":\"yesterday\",\"commandId\":null,"
                        + "\"event\":{\"type\":\"Took\",\"seat\":2}}")));
        assertEquals("at", at.field());
        MessageException seq = assertThrows(MessageException.class, () -> Codec.readEventMessage(Codec.parse(
                "{\"tableId\":\"t\",\"seq\":123456789012345678901234,\"type\":\"Took\",\"at\":\"2025-03-01T12:00:00Z\","
                        + "\"commandId\":null,\"event\":{\"type\":\"Took\",\"seat\":2}}")));
        assertEquals("seq", seq.field());
        assertTrue(seq.getMessage().contains(Long.toString(Long.MAX_VALUE)), seq.getMessage());
        MessageException missing = assertThrows(MessageException.class, () -> Codec.readEventMessage(Codec.parse(
                "{\"tableId\":\"t\",\"type\":\"Took\",\"at\":\"2025-03-01T12:00:00Z\","
                        + "\"event\":{\"type\":\"Took\",\"seat\":2}}")));
        assertEquals(MessageException.INVALID_MESSAGE, missing.code());
        assertEquals("seq", missing.field(), "commandId may be left out, seq may not");
    }

    @Test
    void notJson_isInvalidJson() {
        String[][] cases = {{"", "no JSON given"}, {"{", "it ends too early"},
            {"{\"type\":\"Took\",\"seat\":1} x", "unexpected word x"},
            {"{\"type\":\"Took\",\"seat\":1} {}", "more text after the JSON value"},
            {"{\"a\":1,\"a\":2}", "field \"a\" is given twice"}, {"{'a':1}", "unexpected character '"},
            {"just text", "unexpected word just"}, {"{\"a\":\"x\ny\"}", "control character"}, {"[1,]", "not valid JSON"}};
        for (String[] c : cases) {
            MessageException e = assertThrows(MessageException.class, () -> Codec.parse(c[0]), c[0]);
            assertEquals(MessageException.INVALID_JSON, e.code(), c[0]);
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
            for (String internal : new String[] {"line", "column", "Source", "jackson", "`", "(code", "REDACTED"}) {
                assertFalse(e.getMessage().contains(internal), "parser internals: " + e.getMessage());
            }
        }
        assertTrue(Codec.parse("[]").isArray());
    }

    private static void assertField(String code, String field, String json) {
        MessageException e = assertThrows(MessageException.class, () -> Codec.readEvent(Codec.parse(json)), json);
        assertEquals(code, e.code(), json);
        assertEquals(field, e.field(), json);
    }
}
