package online.durak.table.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import online.durak.service.api.OpenApiErrors;

/**
 * The forwarded part of the public OpenAPI document, made from the upstreams' own documents (as JSON): of each
 * upstream's paths exactly those the edge routes to it ({@link ForwardedPath#upstreamOf}, so never an internal or
 * admin path), with the schemas, security schemes and tags they use, and on each operation the edge's own 503
 * {@code UPSTREAM_UNAVAILABLE}. Pure, so that the same documents always give the same result.
 *
 * <p>A schema keeps its name unless another schema of that name is there already (the edge's, or an upstream's taken
 * before: upstreams go by name): the same schema is shared (the error body, which every service takes from
 * durak-service), a different one is renamed to the upstream's name and its own ({@code leaderboard}'s
 * {@code Rating} as {@code LeaderboardRating}), and every reference follows. A security scheme or tag of a name the
 * document has already is the document's (every service verifies the one token).
 */
final class DocumentMerge {
    private static final String SCHEMA_REF = "#/components/schemas/";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DocumentMerge() {
    }

    /**
     * @param edge        the edge's own document
     * @param upstreams   each upstream's document, by the upstream's name
     * @param routes      the forwarded paths in the edge's order ({@link ForwardedPath#inOrder})
     * @param unavailable what the edge's 503 {@code UPSTREAM_UNAVAILABLE} means, for every forwarded operation
     * @return what to add to the edge's document, as a document of its own: {@code {openapi, paths, components:
     *         {schemas, securitySchemes}, tags}}
     * @throws IllegalStateException when a forwarded path is the edge's own too, a route's upstream documents no path
     *                               it takes, or an upstream has no document
     */
    static ObjectNode forwarded(JsonNode edge, Map<String, JsonNode> upstreams, List<ForwardedPath> routes,
                                String unavailable) {
        ObjectNode out = NODES.objectNode().put("openapi", edge.path("openapi").asText());
        ObjectNode paths = out.putObject("paths");
        ObjectNode components = out.putObject("components");
        ObjectNode schemas = components.putObject("schemas");
        ObjectNode securitySchemes = components.putObject("securitySchemes");
        Map<String, JsonNode> taken = new HashMap<>();
        edge.path("components").path("schemas").properties().forEach(e -> taken.put(e.getKey(), e.getValue()));
        Set<String> schemesTaken = new TreeSet<>();
        edge.path("components").path("securitySchemes").fieldNames().forEachRemaining(schemesTaken::add);
        Set<String> tagsTaken = new TreeSet<>();
        edge.path("tags").forEach(t -> tagsTaken.add(t.path("name").asText()));

        for (String upstream : new TreeSet<>(routes.stream().map(ForwardedPath::upstream).toList())) {
            JsonNode doc = upstreams.get(upstream);
            if (doc == null) {
                throw new IllegalStateException("the " + upstream + " upstream has no OpenAPI document");
            }
            Map<String, JsonNode> selected = new TreeMap<>();
            doc.path("paths").properties().forEach(e -> {
                if (upstream.equals(ForwardedPath.upstreamOf(routes, e.getKey()))) {
                    if (edge.path("paths").has(e.getKey())) {
                        throw new IllegalStateException(e.getKey() + " is forwarded to the " + upstream
                                + " upstream and is the edge's own path too");
                    }
                    selected.put(e.getKey(), e.getValue().deepCopy());
                }
            });
            for (ForwardedPath r : routes) {
                if (r.upstream().equals(upstream) && selected.keySet().stream()
                        .noneMatch(p -> r.matches(p.replaceAll("\\{[^/}]+}", "x")))) {
                    throw new IllegalStateException("the edge forwards " + r.path() + " to the " + upstream
                            + " upstream, whose OpenAPI document has no such path");
                }
            }

            JsonNode own = doc.path("components").path("schemas");
            Set<String> needed = closure(selected.values(), own, upstream);
            Map<String, String> names = names(needed, own, taken, upstream);
            for (String name : needed) {
                String as = names.get(name);
                if (!taken.containsKey(as)) {
                    JsonNode schema = renamed(own.get(name).deepCopy(), names);
                    schemas.set(as, schema);
                    taken.put(as, schema);
                }
            }
            selected.forEach((path, item) -> {
                renamed(item, names);
                operations(item).forEach(op -> {
                    unavailable(op, unavailable);
                    op.path("security").forEach(req -> req.fieldNames().forEachRemaining(scheme -> {
                        if (schemesTaken.add(scheme)) {
                            securitySchemes.set(scheme, doc.path("components").path("securitySchemes").path(scheme));
                        }
                    }));
                    op.path("tags").forEach(tag -> {
                        for (JsonNode t : doc.path("tags")) {
                            if (t.path("name").equals(tag) && tagsTaken.add(tag.asText())) {
                                out.withArrayProperty("tags").add(t);
                            }
                        }
                    });
                });
                paths.set(path, item);
            });
        }
        return out;
    }

    /** The schemas the paths refer to, directly or through other schemas, by name. */
    private static Set<String> closure(Iterable<JsonNode> from, JsonNode own, String upstream) {
        Set<String> needed = new TreeSet<>();
        Deque<JsonNode> todo = new ArrayDeque<>();
        from.forEach(todo::add);
        while (!todo.isEmpty()) {
            for (String name : refs(todo.pop())) {
                if (!own.has(name)) {
                    throw new IllegalStateException("the " + upstream + " upstream's document refers to the schema "
                            + name + ", which it does not have");
                }
                if (needed.add(name)) {
                    todo.add(own.get(name));
                }
            }
        }
        return needed;
    }

    /**
     * Each needed schema's name in the merged document. A schema equal to the one of its name there already is
     * shared, but only while every schema it refers to is shared too (else the copy there would refer to another);
     * a taken name that is not shared becomes the upstream's name and its own.
     */
    private static Map<String, String> names(Set<String> needed, JsonNode own, Map<String, JsonNode> taken,
                                             String upstream) {
        Set<String> shared = new TreeSet<>();
        for (String name : needed) {
            if (own.get(name).equals(taken.get(name))) {
                shared.add(name);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = shared.removeIf(name -> refs(own.get(name)).stream().anyMatch(r -> !shared.contains(r)));
        }
        Map<String, String> names = new TreeMap<>();
        for (String name : needed) {
            String as = shared.contains(name) || !taken.containsKey(name) ? name
                    : Character.toUpperCase(upstream.charAt(0)) + upstream.substring(1) + name;
            if (!as.equals(name) && (taken.containsKey(as) || needed.contains(as))) {
                throw new IllegalStateException("the " + upstream + " upstream's schema " + name + " clashes with "
                        + "one of that name, and its other name " + as + " is taken too");
            }
            names.put(name, as);
        }
        return names;
    }

    /** The schema names a part of a document refers to. */
    private static Set<String> refs(JsonNode node) {
        Set<String> found = new LinkedHashSet<>();
        Deque<JsonNode> todo = new ArrayDeque<>(List.of(node));
        while (!todo.isEmpty()) {
            JsonNode n = todo.pop();
            JsonNode ref = n.get("$ref");
            if (ref != null && ref.isTextual()) {
                if (!ref.asText().startsWith(SCHEMA_REF)) {
                    throw new IllegalStateException("a reference other than to a schema: " + ref.asText());
                }
                found.add(ref.asText().substring(SCHEMA_REF.length()));
            }
            n.forEach(todo::add);
        }
        return found;
    }

    /** The node with each schema reference following {@code names}. */
    private static JsonNode renamed(JsonNode node, Map<String, String> names) {
        if (node.isObject()) {
            ObjectNode o = (ObjectNode) node;
            JsonNode ref = o.get("$ref");
            if (ref != null && ref.isTextual()) {
                o.set("$ref", TextNode.valueOf(SCHEMA_REF + names.get(ref.asText().substring(SCHEMA_REF.length()))));
            }
        }
        node.forEach(child -> renamed(child, names));
        return node;
    }

    private static List<ObjectNode> operations(JsonNode pathItem) {
        return pathItem.properties().stream().filter(e -> METHODS.contains(e.getKey()))
                .map(e -> (ObjectNode) e.getValue()).toList();
    }

    /** The edge's own answer when the upstream does not: added to the operation's 503, or its 503. */
    private static void unavailable(ObjectNode operation, String unavailable) {
        ObjectNode responses = operation.withObjectProperty("responses");
        JsonNode existing = responses.get("503");
        if (existing instanceof ObjectNode r) {
            r.put("description", r.path("description").asText() + "; " + unavailable);
        } else {
            ObjectNode r = responses.putObject("503");
            r.put("description", unavailable);
            r.putObject("content").putObject("application/json").putObject("schema")
                    .put("$ref", SCHEMA_REF + OpenApiErrors.ERROR_SCHEMA);
        }
    }
}
