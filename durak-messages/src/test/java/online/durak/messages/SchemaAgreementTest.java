package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.ShuffleProof;
import org.junit.jupiter.api.Test;

/**
 * The schema and the code cannot drift apart: every kind of message the code writes, from real played
 * matches, has exactly the properties its schema object declares (the required ones present, none
 * undeclared), is valid against the schema (checked by the networknt JSON Schema validator, draft 2020-12,
 * formats asserted), and every declared property is written by some sample.
 */
class SchemaAgreementTest {

    private static String schemaText() throws IOException {
        try (InputStream in = Codec.class.getResourceAsStream(Codec.SCHEMA_RESOURCE)) {
            assertNotNull(in, "the schema is packaged at " + Codec.SCHEMA_RESOURCE);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static JsonNode schema() throws IOException {
        return Codec.parse(schemaText());
    }

    /**
     * The validator, one {@code $defs} entry at a time, and which declared properties of each object
     * definition the checked samples had (so a test can ask for properties the code never writes).
     */
    static final class Checker {
        private final JsonNode root;
        private final SchemaRegistry registry;
        private final String id;
        private final Map<String, Schema> schemas = new HashMap<>();
        private final Map<String, Set<String>> seen = new HashMap<>();

        Checker() throws IOException {
            String text = schemaText();
            root = Codec.parse(text);
            id = root.get("$id").textValue();
            registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, b -> b
                    .schemas(Map.of(id, text))
                    .schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
        }

        JsonNode def(String name) {
            JsonNode d = root.get("$defs").get(name);
            if (d == null) {
                throw new AssertionError("the schema has no $defs/" + name);
            }
            return d;
        }

        /** The problems of {@code value} against {@code $defs/defName}; empty when it is valid. */
        List<String> check(JsonNode value, String defName) {
            JsonNode d = def(defName);
            if (d.has("properties") && value.isObject()) {
                value.fieldNames().forEachRemaining(n -> seen.computeIfAbsent(defName, k -> new TreeSet<>()).add(n));
            }
            Schema s = schemas.computeIfAbsent(defName,
                    n -> registry.getSchema(SchemaLocation.of(id + "#/$defs/" + n)));
            return s.validate(Codec.write(value), InputFormat.JSON).stream().map(e -> defName + ": " + e).toList();
        }

        /** Properties declared in some object definition of $defs that no checked sample had. */
        Set<String> neverSeen() {
            Set<String> missing = new TreeSet<>();
            for (Map.Entry<String, JsonNode> d : root.get("$defs").properties()) {
                JsonNode props = d.getValue().get("properties");
                if (props != null) {
                    Set<String> had = seen.getOrDefault(d.getKey(), Set.of());
                    props.fieldNames().forEachRemaining(n -> {
                        if (!had.contains(n)) {
                            missing.add(d.getKey() + "." + n);
                        }
                    });
                }
            }
            return missing;
        }

        /** The schema document against the draft 2020-12 meta-schema (bundled with the validator). */
        List<String> againstMetaSchema() throws IOException {
            return registry.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"))
                    .validate(schemaText(), InputFormat.JSON).stream().map(Object::toString).toList();
        }
    }

    /** Keywords the schema may use: a keyword the validator does not know would be silently ignored. */
    private static final Set<String> KEYWORDS = Set.of("$ref", "type", "const", "enum", "pattern", "minLength",
            "format", "minimum", "maximum", "properties", "patternProperties", "additionalProperties", "required",
            "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "oneOf", "anyOf",
            "$schema", "$id", "$defs", "title", "description");

    /** Every key of every schema object in the document (property names and $defs names skipped). */
    private static void keywords(JsonNode schema, String where, List<String> unknown) {
        if (!schema.isObject()) {
            return;
        }
        for (Map.Entry<String, JsonNode> k : schema.properties()) {
            String key = k.getKey();
            JsonNode v = k.getValue();
            if (!KEYWORDS.contains(key)) {
                unknown.add(where + ": " + key);
            } else if (Set.of("properties", "patternProperties", "$defs").contains(key)) {
                v.properties().forEach(p -> keywords(p.getValue(), where + "/" + key + "/" + p.getKey(), unknown));
            } else if (v.isArray() && Set.of("oneOf", "anyOf", "prefixItems").contains(key)) {
                for (int i = 0; i < v.size(); i++) {
                    keywords(v.get(i), where + "/" + key + "/" + i, unknown);
                }
            } else if (Set.of("items", "additionalProperties").contains(key)) {
                keywords(v, where + "/" + key, unknown);
            }
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
    void theSchema_isValidDraft2020_12_andUsesOnlyKeywordsTheValidatorChecks() throws IOException {
        Checker checker = new Checker();
        assertEquals(List.of(), checker.againstMetaSchema());
        List<String> unknown = new ArrayList<>();
        keywords(schema(), "#", unknown);
        assertEquals(List.of(), unknown);
        assertEquals("https://json-schema.org/draft/2020-12/schema", schema().get("$schema").textValue());
    }

    @Test
    void everyMessageTheCodeWrites_followsTheSchema_andEveryDeclaredPropertyIsWritten() throws IOException {
        Checker checker = new Checker();
        List<String> errors = new ArrayList<>();
        Instant at = Instant.parse("2025-03-01T12:00:00Z");
        long seq = 0;
        for (PlayedMatch m : Samples.matches()) {
            ObjectNode rules = Codec.toNode(m.rules);
            errors.addAll(checker.check(rules, "Rules"));
            if (m.rules.daily() == null) { // a daily table's settings are written by services, never sent by clients
                errors.addAll(checker.check(rules, "RulesRequest"));
            }
            for (Event e : m.events) {
                seq++;
                ObjectNode json = Codec.toNode(e);
                if (e instanceof Event.DealStarted d && d.salt() != null) { // the replay's shuffleProof of the deal
                    ObjectNode proof = Codec.toNode(ShuffleProof.of(d));
                    assertPropertyNames(proof, checker.def("ShuffleProof"));
                    errors.addAll(checker.check(proof, "ShuffleProof"));
                }
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
                errors.addAll(checker.check(json, "move." + (move instanceof Move.ShowTrump ? "showTrump" : move.type())));
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
            errors.addAll(checker.check(json.get("payload"), "command." + c.payload().type()));
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
        Checker checker = new Checker();
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
        Checker checker = new Checker();
        JsonNode request = checker.def("RulesRequest");
        // every setting but the daily game's two, which only services write (docs/daily.md)
        Set<String> written = new java.util.TreeSet<>(names(checker.def("Rules").get("properties")));
        assertTrue(written.removeAll(List.of("daily", "practice")));
        assertEquals(written, names(request.get("properties")));
        String daily = "{\"players\":3,\"daily\":\"2026-12-01\"}";
        assertTrue(!checker.check(Codec.parse(daily), "RulesRequest").isEmpty());
        assertThrows(MessageException.class, () -> Codec.readRules(Codec.parse(daily)));
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
    void theValidator_noticesDrift() throws IOException {
        Checker checker = new Checker();
        ObjectNode took = Codec.toNode(new Event.Took(1));
        took.put("extra", 1);
        assertTrue(!checker.check(took, "event.Took").isEmpty(), "an undeclared property");
        assertTrue(!checker.check(Codec.parse("{\"type\":\"Took\"}"), "event.Took").isEmpty(), "a missing one");
        assertTrue(!checker.check(Codec.parse("{\"type\":\"Took\",\"seat\":\"1\"}"), "event.Took").isEmpty());
        assertTrue(!checker.check(Codec.parse("{\"type\":\"attack\",\"cards\":[\"1D\"]}"), "Move").isEmpty());
        ObjectNode envelope = Codec.toNode(new EventMessage("t", 1, new Event.Took(1), null, Instant.EPOCH));
        assertEquals(List.of(), checker.check(envelope, "EventMessage"));
        envelope.put("at", "yesterday");
        assertTrue(!checker.check(envelope, "EventMessage").isEmpty(), "a format (date-time)");
        checker.check(Codec.toNode(new Event.Took(1)), "event.Took");
        assertTrue(checker.neverSeen().contains("event.Passed.seat"), "coverage is tracked");
    }
}
