package online.durak.messages;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import online.durak.engine.Event;
import org.junit.jupiter.api.Test;

/**
 * A command, reply or event message read from its bytes goes straight into its record ({@code Codec}'s one reading);
 * it must read what the tree's reading reads, and refuse what it refuses with the same code, field and message.
 */
class OneReadingTest {
    private static final String AT = "\"at\":\"2025-03-01T12:00:00Z\"";

    @Test
    void everyPlayedEvent_readsFromBytesAsFromTheTree() throws java.io.IOException {
        long seq = 0;
        for (Event e : Samples.allEvents()) {
            EventMessage m = new EventMessage("table-1", ++seq, e, seq % 2 == 0 ? "cmd-" + seq : null,
                    Instant.parse("2025-03-01T12:00:00.123456Z").plusSeconds(seq));
            byte[] bytes = Codec.toBytes(m);
            assertEquals(Codec.readEventMessage(Codec.parse(bytes)), Codec.readEventMessage(bytes));
            // in one pass, not by the tree after a refusal
            assertEquals(m, Wire.oneReading(EventMessage.class).readValue(bytes));
        }
        for (CommandMessage c : CodecMessagesTest.sampleCommands()) {
            byte[] bytes = Codec.toBytes(c);
            assertEquals(Codec.readCommandMessage(Codec.parse(bytes)), Codec.readCommandMessage(bytes));
            assertEquals(c, Wire.oneReading(CommandMessage.class).readValue(bytes));
        }
        for (ReplyMessage r : CodecMessagesTest.sampleReplies()) {
            byte[] bytes = Codec.toBytes(r);
            assertEquals(Codec.readReplyMessage(Codec.parse(bytes)), Codec.readReplyMessage(bytes));
            assertEquals(r, Wire.oneReading(ReplyMessage.class).readValue(bytes));
        }
    }

    @Test
    void badEventMessages_areRefusedAsTheTreeRefusesThem() {
        List<String> events = List.of("{\"type\":\"Exploded\"}", "{\"type\":\"Took\"}", "{\"seat\":1}",
                "{\"type\":5,\"seat\":1}", "{\"type\":\"Took\",\"seat\":\"one\"}",
                "{\"type\":\"Took\",\"seat\":1,\"colour\":2}", "{\"type\":\"Threw\",\"seat\":1,\"cards\":[\"1X\"]}",
                "{\"type\":\"SeatTaken\",\"seat\":1,\"playerId\":\"p\",\"name\":\"n\",\"bot\":\"GENIUS\"}",
                "{\"type\":\"MatchStarted\",\"rules\":{\"variant\":\"PODKIDNOI\"}}",
                "{\"type\":\"TableClosed\",\"reason\":\"BORED\"}", "{\"type\":\"Took\",\"seat\":2.5}", "[]", "null");
        for (String event : events) {
            String type = event.contains("\"type\":\"") ? event.replaceAll(".*\"type\":\"(\\w+)\".*", "$1") : "Took";
            assertRefusedAlike(Codec::readEventMessage, Codec::readEventMessage, "{\"tableId\":\"t\",\"seq\":1,"
                    + "\"type\":\"" + type + "\"," + AT + ",\"commandId\":null,\"event\":" + event + "}");
        }
        for (String envelope : List.of("", "null", "[]", "{", "{\"tableId\":\"t\",\"seq\":1,\"type\":\"Passed\"," + AT
                + ",\"event\":{\"type\":\"Took\",\"seat\":2}}", "{\"tableId\":\"t\",\"seq\":1,\"type\":\"Took\","
                + "\"at\":\"yesterday\",\"event\":{\"type\":\"Took\",\"seat\":2}}", "{\"tableId\":\"t\",\"seq\":-1,"
                + "\"type\":\"Took\"," + AT + ",\"event\":{\"type\":\"Took\",\"seat\":2}}", "{\"tableId\":\"t\","
                + "\"seq\":123456789012345678901234,\"type\":\"Took\"," + AT + ",\"event\":{\"type\":\"Took\",\"seat\":2}}",
                "{\"tableId\":\"t\",\"type\":\"Took\"," + AT + ",\"event\":{\"type\":\"Took\",\"seat\":2}}",
                "{\"tableId\":\"t\",\"seq\":1,\"type\":\"Took\"," + AT + ",\"event\":{\"type\":\"Took\",\"seat\":2},"
                        + "\"extra\":1}", "{\"tableId\":\"t\",\"seq\":1,\"seq\":2,\"type\":\"Took\"," + AT
                + ",\"event\":{\"type\":\"Took\",\"seat\":2}}", "{\"tableId\":\"t\",\"seq\":1,\"type\":\"Took\"," + AT
                + ",\"event\":{\"type\":\"Took\",\"seat\":2}} {}")) {
            assertRefusedAlike(Codec::readEventMessage, Codec::readEventMessage, envelope);
        }
    }

    @Test
    void badCommandsAndReplies_areRefusedAsTheTreeRefusesThem() {
        String head = "{\"commandId\":\"c\",\"tableId\":\"t\",\"playerId\":\"p\",";
        for (String command : List.of("{\"tableId\":\"t\",\"playerId\":\"p\",\"payload\":{\"type\":\"start\"}}",
                head + "\"seed\":5,\"payload\":{\"type\":\"start\"}}", head + "\"payload\":{\"type\":\"dance\"}}",
                head + "\"payload\":{\"type\":\"addBot\",\"seat\":1,\"level\":\"GOD\"}}",
                head + "\"payload\":{\"type\":\"play\",\"move\":{\"type\":\"cover\",\"attack\":\"8D\"}}}",
                head + "\"payload\":{\"type\":\"create\",\"rules\":{\"variant\":\"PODKIDNOI\"}}}",
                head + "\"payload\":{\"type\":\"start\"},\"extra\":true}", "\"just text\"")) {
            assertRefusedAlike(Codec::readCommandMessage, Codec::readCommandMessage, command);
        }
        String reply = "{\"commandId\":\"c\",\"tableId\":\"t\",\"accepted\":true,\"code\":null,\"message\":null,";
        for (String r : List.of(reply + "\"lastSeq\":1,\"events\":{}}", reply + "\"lastSeq\":\"1\"}",
                reply + "\"lastSeq\":2,\"events\":[{\"tableId\":\"t\",\"seq\":1,\"type\":\"Took\"," + AT
                        + ",\"event\":{\"type\":\"Took\",\"seat\":2}}]}", reply + "\"lastSeq\":1,\"events\":[{"
                        + "\"tableId\":\"t\",\"seq\":1,\"type\":\"Took\"," + AT + ",\"event\":{\"type\":\"Took\"}}]}",
                "{\"commandId\":\"c\",\"tableId\":\"t\",\"accepted\":false,\"code\":null,\"message\":null,"
                        + "\"lastSeq\":1}")) {
            assertRefusedAlike(Codec::readReplyMessage, Codec::readReplyMessage, r);
        }
    }

    private static <T> void assertRefusedAlike(Function<byte[], T> fromBytes,
                                               Function<com.fasterxml.jackson.databind.JsonNode, T> fromTree,
                                               String json) {
        MessageException tree = assertThrows(MessageException.class, () -> fromTree.apply(Codec.parse(json)), json);
        MessageException bytes = assertThrows(MessageException.class, () -> fromBytes.apply(json.getBytes(UTF_8)), json);
        assertEquals(tree.code(), bytes.code(), json);
        assertEquals(tree.field(), bytes.field(), json);
        assertEquals(tree.getMessage(), bytes.getMessage(), json);
    }
}
