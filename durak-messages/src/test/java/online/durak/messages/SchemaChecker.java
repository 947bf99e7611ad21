package online.durak.messages;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A small checker for the part of JSON Schema 2020-12 that messages.schema.json uses, written for this test
 * (no schema library). It refuses keywords it does not know, so the schema cannot say more than is checked.
 * Besides validating, it remembers which declared properties of which object schemas samples had, so a test
 * can ask for properties that the code never writes.
 */
final class SchemaChecker {
    static final Set<String> KEYWORDS = Set.of("$ref", "type", "const", "enum", "pattern", "minLength", "format",
            "minimum", "maximum", "properties", "patternProperties", "additionalProperties", "required", "items",
            "prefixItems", "minItems", "maxItems", "uniqueItems", "oneOf", "anyOf");
    static final Set<String> ANNOTATIONS = Set.of("$schema", "$id", "$defs", "title", "description");

    private final JsonNode root;
    private final Map<JsonNode, Set<String>> seen = new IdentityHashMap<>();
    private final Map<String, Pattern> patterns = new HashMap<>();

    SchemaChecker(JsonNode root) {
        this.root = root;
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
        List<String> errors = new ArrayList<>();
        validate(value, def(defName), defName, true, errors);
        return errors;
    }

    /** Properties declared in some object schema of $defs that no checked sample had. */
    Set<String> neverSeen() {
        Set<String> missing = new TreeSet<>();
        for (Map.Entry<String, JsonNode> d : root.get("$defs").properties()) {
            JsonNode props = d.getValue().get("properties");
            if (props == null) {
                continue;
            }
            Set<String> had = seen.getOrDefault(d.getValue(), Set.of());
            for (Iterator<String> names = props.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!had.contains(name)) {
                    missing.add(d.getKey() + "." + name);
                }
            }
        }
        return missing;
    }

    /** Every keyword of every schema in the document is one this checker knows, and every $ref resolves. */
    List<String> unsupported() {
        List<String> problems = new ArrayList<>();
        for (Iterator<String> top = root.fieldNames(); top.hasNext(); ) {
            String k = top.next();
            if (!ANNOTATIONS.contains(k)) {
                problems.add("top level: " + k);
            }
        }
        for (Map.Entry<String, JsonNode> d : root.get("$defs").properties()) {
            walk(d.getValue(), "$defs/" + d.getKey(), problems);
        }
        return problems;
    }

    private void walk(JsonNode s, String path, List<String> problems) {
        if (s.isBoolean()) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : s.properties()) {
            String k = e.getKey();
            if (!KEYWORDS.contains(k) && !ANNOTATIONS.contains(k)) {
                problems.add(path + ": unsupported keyword " + k);
            }
            switch (k) {
                case "$ref" -> {
                    if (resolve(e.getValue().textValue()) == null) {
                        problems.add(path + ": unresolved " + e.getValue());
                    }
                }
                case "properties", "patternProperties" -> e.getValue().properties()
                        .forEach(p -> walk(p.getValue(), path + "/" + p.getKey(), problems));
                case "items", "additionalProperties" -> walk(e.getValue(), path + "/" + k, problems);
                case "prefixItems", "oneOf", "anyOf" -> {
                    int i = 0;
                    for (JsonNode sub : e.getValue()) {
                        walk(sub, path + "/" + k + "/" + i++, problems);
                    }
                }
                case "format" -> {
                    if (!e.getValue().textValue().equals("date-time")) {
                        problems.add(path + ": unsupported format " + e.getValue());
                    }
                }
                default -> {
                }
            }
        }
    }

    private JsonNode resolve(String ref) {
        String prefix = "#/$defs/";
        return ref != null && ref.startsWith(prefix) ? root.get("$defs").get(ref.substring(prefix.length())) : null;
    }

    private void validate(JsonNode v, JsonNode s, String path, boolean record, List<String> errors) {
        if (s.isBoolean()) {
            if (!s.booleanValue()) {
                errors.add(path + ": nothing is allowed here, found " + v);
            }
            return;
        }
        for (Iterator<String> keys = s.fieldNames(); keys.hasNext(); ) {
            String k = keys.next();
            if (!KEYWORDS.contains(k) && !ANNOTATIONS.contains(k)) {
                errors.add(path + ": the checker does not know the keyword " + k);
            }
        }
        if (s.has("$ref")) {
            validate(v, resolve(s.get("$ref").textValue()), path, record, errors);
        }
        if (s.has("type") && !hasType(v, s.get("type"))) {
            errors.add(path + ": " + v + " is not of type " + s.get("type"));
            return;
        }
        if (s.has("const") && !same(v, s.get("const"))) {
            errors.add(path + ": " + v + " is not " + s.get("const"));
        }
        if (s.has("enum")) {
            boolean found = false;
            for (JsonNode option : s.get("enum")) {
                found |= same(v, option);
            }
            if (!found) {
                errors.add(path + ": " + v + " is not one of " + s.get("enum"));
            }
        }
        if (v.isTextual()) {
            textual(v.textValue(), s, path, errors);
        }
        if (v.isNumber()) {
            if (s.has("minimum") && v.decimalValue().compareTo(s.get("minimum").decimalValue()) < 0) {
                errors.add(path + ": " + v + " is below " + s.get("minimum"));
            }
            if (s.has("maximum") && v.decimalValue().compareTo(s.get("maximum").decimalValue()) > 0) {
                errors.add(path + ": " + v + " is above " + s.get("maximum"));
            }
        }
        if (v.isObject()) {
            object(v, s, path, record, errors);
        }
        if (v.isArray()) {
            array(v, s, path, record, errors);
        }
        if (s.has("oneOf")) {
            alternatives(v, s.get("oneOf"), true, path, record, errors);
        }
        if (s.has("anyOf")) {
            alternatives(v, s.get("anyOf"), false, path, record, errors);
        }
    }

    private Pattern pattern(String regex) {
        return patterns.computeIfAbsent(regex, Pattern::compile);
    }

    private void textual(String text, JsonNode s, String path, List<String> errors) {
        if (s.has("pattern") && !pattern(s.get("pattern").textValue()).matcher(text).find()) {
            errors.add(path + ": \"" + text + "\" does not match " + s.get("pattern"));
        }
        if (s.has("minLength") && text.codePointCount(0, text.length()) < s.get("minLength").intValue()) {
            errors.add(path + ": \"" + text + "\" is too short");
        }
        if (s.has("format")) {
            try {
                OffsetDateTime.parse(text);
            } catch (DateTimeParseException e) {
                errors.add(path + ": \"" + text + "\" is not a date-time");
            }
        }
    }

    private void object(JsonNode v, JsonNode s, String path, boolean record, List<String> errors) {
        JsonNode props = s.get("properties");
        JsonNode patterns = s.get("patternProperties");
        JsonNode additional = s.get("additionalProperties");
        for (Map.Entry<String, JsonNode> f : v.properties()) {
            String name = f.getKey();
            boolean declared = false;
            if (props != null && props.has(name)) {
                declared = true;
                validate(f.getValue(), props.get(name), path + "." + name, record, errors);
            }
            if (patterns != null) {
                for (Map.Entry<String, JsonNode> pattern : patterns.properties()) {
                    if (pattern(pattern.getKey()).matcher(name).find()) {
                        declared = true;
                        validate(f.getValue(), pattern.getValue(), path + "." + name, record, errors);
                    }
                }
            }
            if (!declared && additional != null) {
                validate(f.getValue(), additional, path + "." + name + " (undeclared)", record, errors);
            }
        }
        if (s.has("required")) {
            for (JsonNode r : s.get("required")) {
                if (!v.has(r.textValue())) {
                    errors.add(path + ": required property " + r.textValue() + " is missing");
                }
            }
        }
        if (record && props != null) {
            Set<String> names = seen.computeIfAbsent(s, k -> new HashSet<>());
            v.fieldNames().forEachRemaining(names::add);
        }
    }

    private void array(JsonNode v, JsonNode s, String path, boolean record, List<String> errors) {
        int prefix = 0;
        if (s.has("prefixItems")) {
            JsonNode items = s.get("prefixItems");
            prefix = items.size();
            for (int i = 0; i < Math.min(prefix, v.size()); i++) {
                validate(v.get(i), items.get(i), path + "[" + i + "]", record, errors);
            }
        }
        if (s.has("items")) {
            for (int i = prefix; i < v.size(); i++) {
                validate(v.get(i), s.get("items"), path + "[" + i + "]", record, errors);
            }
        }
        if (s.has("minItems") && v.size() < s.get("minItems").intValue()) {
            errors.add(path + ": fewer than " + s.get("minItems") + " items");
        }
        if (s.has("maxItems") && v.size() > s.get("maxItems").intValue()) {
            errors.add(path + ": more than " + s.get("maxItems") + " items");
        }
        if (s.has("uniqueItems") && s.get("uniqueItems").booleanValue()) {
            Set<String> distinct = new LinkedHashSet<>();
            for (JsonNode item : v) {
                if (!distinct.add(item.toString())) {
                    errors.add(path + ": " + item + " occurs twice");
                }
            }
        }
    }

    /** oneOf (exactly one branch fits) or anyOf (at least one); only the first fitting branch is recorded. */
    private void alternatives(JsonNode v, JsonNode branches, boolean exactlyOne, String path, boolean record,
                              List<String> errors) {
        List<JsonNode> fitting = new ArrayList<>();
        List<String> why = new ArrayList<>();
        for (JsonNode branch : branches) {
            List<String> e = new ArrayList<>();
            validate(v, branch, path, false, e);
            if (e.isEmpty()) {
                fitting.add(branch);
            } else {
                why.add(e.get(0));
            }
        }
        if (fitting.isEmpty()) {
            errors.add(path + ": fits no alternative: " + why);
        } else if (exactlyOne && fitting.size() > 1) {
            errors.add(path + ": fits " + fitting.size() + " alternatives of oneOf");
        } else if (record) {
            validate(v, fitting.get(0), path, true, errors);
        }
    }

    private static boolean hasType(JsonNode v, JsonNode type) {
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (hasType(v, t)) {
                    return true;
                }
            }
            return false;
        }
        return switch (type.textValue()) {
            case "null" -> v.isNull();
            case "boolean" -> v.isBoolean();
            case "integer" -> v.isIntegralNumber();
            case "number" -> v.isNumber();
            case "string" -> v.isTextual();
            case "array" -> v.isArray();
            case "object" -> v.isObject();
            default -> throw new AssertionError("unknown type " + type);
        };
    }

    /** JSON equality, numbers by value (an int and a long of the same value are the same). */
    private static boolean same(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }
}
