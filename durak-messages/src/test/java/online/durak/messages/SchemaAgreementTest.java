package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import online.durak.engine.Event;
import online.durak.engine.Move;
import org.junit.jupiter.api.Test;

/**
 * The schema and the code cannot drift apart: every kind of message the code writes, from real played
 * matches, has exactly the properties its schema object declares (the required ones present, none
 * undeclared), follows the schema's types and patterns, and every declared property is written by some
 * sample. Checked without a schema library ({@link SchemaChecker}).
 */
class SchemaAgreementTest {

    private static JsonNode schema() throws IOException {
        try (InputStream in = Codec.class.getResourceAsStream(Codec.SCHEMA_RESOURCE)) {
            assertNotNull(in, "the schema is packaged at " + Codec.SCHEMA_RESOURCE);
            return Codec.parse(in.readAllBytes());
        }
    }

    private static Set<String> names(JsonNode node) {
        Set<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The brief's rule, spelt out: declared ⊇ written ⊇ required. */
    private static void assertPropertyNames(JsonNode sample, JsonNode def) {
        Set<String> written = names(sample);
        Set<String> declared = names(def.get("properties"));
        Set<String> required = new TreeSet<>();
        def.get("required").forEach(r -> required.add(r.textValue()));
        assertTrue(declared.containsAll(written), "undeclared " + written + " vs " + declared + ": " + sample);
        assertTrue(written.containsAll(required), "missing " + required + " vs " + written + ": " + sample);
        if (declared.equals(required)) {
            assertEquals(declared, written, sample.toString());
        }
    }

    @Test
    void theSchema_usesOnlyWhatTheCheckerChecks() throws IOException {
        SchemaChecker checker = new SchemaChecker(schema());
        assertEquals(List.of(), checker.unsupported());
        assertEquals("https://json-schema.org/draft/2020-12/schema", schema().get("$schema").textValue());
    }

    @Test
    void everyMessageTheCodeWrites_followsTheSchema_andEveryDeclaredPropertyIsWritten() throws IOException {
        SchemaChecker checker = new SchemaChecker(schema());
        List<String> errors = new ArrayList<>();
        Instant at = Instant.parse("2025-03-01T12:00:00Z");
        long seq = 0;
        for (PlayedMatch m : Samples.matches()) {
            ObjectNode rules = Codec.toNode(m.rules);
            errors.addAll(checker.check(rules, "Rules"));
            errors.addAll(checker.check(rules, "RulesRequest"));
            for (Event e : m.events) {
                seq++;
                ObjectNode json = Codec.toNode(e);
                assertPropertyNames(json, checker.def("event." + e.type()));
                errors.addAll(checker.check(json, "event." + e.type()));
                errors.addAll(checker.check(json, "Event"));
                EventMessage stored = new EventMessage("table-" + seq % 3, seq, e, seq % 2 == 0 ? null : "c" + seq, at);
                ObjectNode envelope = Codec.toNode(stored);
                assertPropertyNames(envelope, checker.def("EventMessage"));
                errors.addAll(checker.check(envelope, "EventMessage"));
                for (int seat = EventVisibility.NO_SEAT; seat < m.rules.players(); seat++) {
                    SeatEventMessage seen = SeatEventMessage.forSeat(stored, seat, m.rules);
                    ObjectNode visible = Codec.toNode(seen.event());
                    if (!(seen.event() instanceof VisibleEvent.Open)) {
                        assertPropertyNames(visible, checker.def("visible." + e.type()));
                        errors.addAll(checker.check(visible, "visible." + e.type()));
                    }
                    errors.addAll(checker.check(visible, "VisibleEvent"));
                    errors.addAll(checker.check(Codec.toNode(seen), "SeatEventMessage"));
                }
            }
            for (Move move : m.moves) {
                ObjectNode json = Codec.toNode(move);
                errors.addAll(checker.check(json, "Move"));
            }
            for (PlayedMatch.Seen seen : m.views) {
                ObjectNode json = Codec.toNode(seen.view());
                assertPropertyNames(json, checker.def("SeatView"));
                errors.addAll(checker.check(json, "SeatView"));
            }
        }
        for (CommandMessage c : CodecMessagesTest.sampleCommands()) {
            ObjectNode json = Codec.toNode(c);
            assertPropertyNames(json, checker.def("CommandMessage"));
            assertPropertyNames(json.get("payload"), checker.def("command." + c.payload().type()));
            errors.addAll(checker.check(json, "CommandMessage"));
        }
        for (ReplyMessage r : CodecMessagesTest.sampleReplies()) {
            ObjectNode json = Codec.toNode(r);
            assertPropertyNames(json, checker.def("ReplyMessage"));
            errors.addAll(checker.check(json, "ReplyMessage"));
        }
        assertEquals(List.of(), errors.stream().distinct().limit(20).toList());
        assertEquals(Set.of(), checker.neverSeen(), "declared in the schema but never written by the code");
    }

    @Test
    void everyMoveType_hasItsOwnSchemaObject() throws IOException {
        SchemaChecker checker = new SchemaChecker(schema());
        for (PlayedMatch m : Samples.matches()) {
            for (Move move : m.moves) {
                String def = "move." + (move instanceof Move.ShowTrump ? "showTrump" : move.type());
                assertPropertyNames(Codec.toNode(move), checker.def(def));
                assertEquals(List.of(), checker.check(Codec.toNode(move), def));
            }
        }
    }

    @Test
    void theSettingsAClientMaySend_areExactlyTheSettingsTheCodeReads() throws IOException {
        SchemaChecker checker = new SchemaChecker(schema());
        JsonNode request = checker.def("RulesRequest");
        assertEquals(names(checker.def("Rules").get("properties")), names(request.get("properties")));
        ObjectNode full = Codec.toNode(Samples.matches().get(0).rules);
        for (String setting : names(request.get("properties"))) {
            ObjectNode without = full.deepCopy();
            without.remove(setting);
            if (!setting.equals("players")) {
                assertNotNull(Codec.readRules(without), setting);
            }
            assertEquals(setting.equals("players"), !checker.check(without, "RulesRequest").isEmpty(), setting);
        }
        assertEquals(List.of(), checker.check(Codec.parse("{\"players\":3}"), "RulesRequest"));
        assertTrue(!checker.check(Codec.parse("{\"players\":3,\"colour\":1}"), "RulesRequest").isEmpty());
    }

    @Test
    void theChecker_noticesDrift() throws IOException {
        SchemaChecker checker = new SchemaChecker(schema());
        ObjectNode took = Codec.toNode(new Event.Took(1));
        took.put("extra", 1);
        assertTrue(!checker.check(took, "event.Took").isEmpty(), "an undeclared property");
        assertTrue(!checker.check(Codec.parse("{\"type\":\"Took\"}"), "event.Took").isEmpty(), "a missing one");
        assertTrue(!checker.check(Codec.parse("{\"type\":\"Took\",\"seat\":\"1\"}"), "event.Took").isEmpty());
        assertTrue(!checker.check(Codec.parse("{\"type\":\"attack\",\"cards\":[\"1D\"]}"), "Move").isEmpty());
        checker.check(Codec.toNode(new Event.Took(1)), "event.Took");
        assertTrue(checker.neverSeen().contains("event.Passed.seat"), "coverage is tracked");
    }
}
