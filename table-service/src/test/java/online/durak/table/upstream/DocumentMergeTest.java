package online.durak.table.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The forwarded part of the public document: exactly the paths the edge routes to each upstream, the schemas they use
 * (shared when equal, renamed by the upstream's name when not), and the edge's 503 on each operation.
 */
class DocumentMergeTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.ALLOW_SINGLE_QUOTES);
    private static final String UNAVAILABLE = "UPSTREAM_UNAVAILABLE: gone";
    /** The edge's own document: its path, the error body, a Rating of its own, its security scheme and a tag. */
    private static final JsonNode EDGE = json("""
            {'openapi': '3.1.0',
             'paths': {'/api/tables/{id}': {'get': {'responses': {'200': {'description': 'a table'}}}}},
             'components': {
               'schemas': {
                 'Error': {'type': 'object', 'properties': {'code': {'type': 'string'}}},
                 'Rating': {'type': 'number'}},
               'securitySchemes': {'bearer': {'type': 'http', 'scheme': 'bearer', 'description': 'the edge'}}},
             'tags': [{'name': 'tables', 'description': 'the edge'}]}
            """);
    /** A leaderboard: public paths, an operators' and a services' path, a schema that clashes with the edge's. */
    private static final JsonNode LEADERBOARD = json("""
            {'openapi': '3.1.0',
             'paths': {
               '/api/leaderboard': {'get': {'tags': ['leaderboard'], 'security': [{'bearer': []}],
                   'responses': {
                     '200': {'content': {'application/json': {'schema': {'$ref': '#/components/schemas/Page'}}}},
                     '400': {'content': {'application/json': {'schema': {'$ref': '#/components/schemas/Error'}}}}}}},
               '/api/players/{id}': {'get': {'tags': ['players'],
                   'responses': {'200': {'content': {'application/json': {'schema': {'$ref': '#/components/schemas/Row'}}}},
                                 '503': {'description': 'BUSY: busy'}}}},
               '/api/daily/list': {'get': {'responses': {'200': {'description': 'the list'}}}},
               '/admin/rebuild': {'post': {'responses': {'202': {'content': {'application/json': {'schema':
                   {'$ref': '#/components/schemas/Status'}}}}}}},
               '/internal/chips/holds': {'post': {'responses': {'200': {'description': 'held'}}}},
               '/api/info': {'get': {'responses': {'200': {'description': 'its name'}}}}},
             'components': {
               'schemas': {
                 'Error': {'type': 'object', 'properties': {'code': {'type': 'string'}}},
                 'Rating': {'type': 'object', 'properties': {'mu': {'type': 'number'}}},
                 'Row': {'type': 'object', 'properties': {'rating': {'$ref': '#/components/schemas/Rating'}}},
                 'Page': {'type': 'object', 'properties': {'rows': {'type': 'array',
                     'items': {'$ref': '#/components/schemas/Row'}}}},
                 'Status': {'type': 'object'}},
               'securitySchemes': {'bearer': {'type': 'http', 'scheme': 'bearer', 'description': 'the leaderboard'}}},
             'tags': [{'name': 'leaderboard', 'description': 'boards'}, {'name': 'players'},
                      {'name': 'tables', 'description': 'not the edge'}]}
            """);
    /** Matchmaking: /api/daily (its) and a /api/daily/list of its own that the edge routes to the leaderboard. */
    private static final JsonNode MATCHMAKING = json("""
            {'openapi': '3.1.0',
             'paths': {
               '/api/daily': {'post': {'responses': {
                   '201': {'content': {'application/json': {'schema': {'$ref': '#/components/schemas/Rating'}}}}}}},
               '/api/daily/list': {'get': {'responses': {'200': {'description': 'not this one'}}}}},
             'components': {'schemas': {'Rating': {'type': 'object', 'properties': {'mu': {'type': 'number'}}}}}}
            """);
    private static final List<ForwardedPath> ROUTES = ForwardedPath.inOrder(Map.of(
            "leaderboard", List.of("/api/leaderboard*", "/api/players/*", "/api/daily/list"),
            "matchmaking", List.of("/api/daily*")));

    @Test
    void onlyThePathsTheEdgeRoutesToEachUpstream_areTaken_neverItsInternalOrAdminPaths() {
        JsonNode out = merged();
        assertEquals(Set.of("/api/leaderboard", "/api/players/{id}", "/api/daily/list", "/api/daily"),
                names(out.path("paths")));
        assertEquals("the list", out.at("/paths/~1api~1daily~1list/get/responses/200/description").asText(),
                "the most specific route's upstream: the leaderboard's, not matchmaking's");
        assertEquals("3.1.0", out.path("openapi").asText());
    }

    @Test
    void aSchemaEqualToTheEdges_isShared_aDifferentOne_isRenamedByItsUpstream_andEveryReferenceFollows() {
        JsonNode out = merged();
        JsonNode schemas = out.at("/components/schemas");
        // Error: equal to the edge's, not added again; Rating: the edge has another; Status: the admin path's only;
        // matchmaking's Rating: the edge's name is taken by another, so it is matchmaking's
        assertEquals(Set.of("LeaderboardRating", "Row", "Page", "MatchmakingRating"), names(schemas));
        assertEquals(LEADERBOARD.at("/components/schemas/Rating"), schemas.path("LeaderboardRating"));
        assertEquals("#/components/schemas/LeaderboardRating", schemas.at("/Row/properties/rating/$ref").asText());
        assertEquals("#/components/schemas/Row", schemas.at("/Page/properties/rows/items/$ref").asText());
        assertEquals("#/components/schemas/Error",
                out.at("/paths/~1api~1leaderboard/get/responses/400/content/application~1json/schema/$ref").asText());
        assertEquals("#/components/schemas/MatchmakingRating",
                out.at("/paths/~1api~1daily/post/responses/201/content/application~1json/schema/$ref").asText());
    }

    @Test
    void theSameDocuments_alwaysGiveTheSameDocument() {
        JsonNode once = merged();
        JsonNode again = DocumentMerge.forwarded(EDGE, Map.of("matchmaking", MATCHMAKING, "leaderboard", LEADERBOARD),
                ForwardedPath.inOrder(Map.of("matchmaking", List.of("/api/daily*"), "leaderboard",
                        List.of("/api/leaderboard*", "/api/players/*", "/api/daily/list"))), UNAVAILABLE);
        assertEquals(once, again);
    }

    @Test
    void aSchemaEqualByItselfButReferringToARenamedOne_isRenamedToo() {
        JsonNode edge = json("""
                {'openapi': '3.1.0', 'paths': {},
                 'components': {'schemas': {
                   'Row': {'type': 'object', 'properties': {'rating': {'$ref': '#/components/schemas/Rating'}}},
                   'Rating': {'type': 'number'}}}}
                """);
        JsonNode out = DocumentMerge.forwarded(edge, Map.of("leaderboard", LEADERBOARD), ForwardedPath.inOrder(Map.of(
                "leaderboard", List.of("/api/players/*"))), UNAVAILABLE);
        // the leaderboard's Row reads as the edge's, but its Rating is another: the edge's Row would mean the wrong one
        assertEquals("#/components/schemas/LeaderboardRow",
                out.at("/paths/~1api~1players~1{id}/get/responses/200/content/application~1json/schema/$ref").asText());
        assertEquals("#/components/schemas/LeaderboardRating",
                out.at("/components/schemas/LeaderboardRow/properties/rating/$ref").asText());
    }

    @Test
    void everyForwardedOperation_hasTheEdges503_addedToItsOwn() {
        JsonNode out = merged();
        assertEquals(UNAVAILABLE, out.at("/paths/~1api~1leaderboard/get/responses/503/description").asText());
        assertEquals("#/components/schemas/Error",
                out.at("/paths/~1api~1leaderboard/get/responses/503/content/application~1json/schema/$ref").asText());
        assertEquals("BUSY: busy; " + UNAVAILABLE,
                out.at("/paths/~1api~1players~1{id}/get/responses/503/description").asText());
    }

    @Test
    void securitySchemesAndTags_ofANameTheEdgeHas_areTheEdges() {
        JsonNode out = merged();
        assertTrue(out.at("/components/securitySchemes").isEmpty(), "bearer is the edge's: " + out);
        assertEquals(json("[{'name': 'leaderboard', 'description': 'boards'}, {'name': 'players'}]"), out.path("tags"));
    }

    @Test
    void aForwardedPathTheEdgeServesItself_aRouteNoDocumentHas_andAnUpstreamWithoutDocument_failTheBuild() {
        JsonNode clashing = json("{'openapi': '3.1.0', 'paths': {'/api/tables/{id}': {'get': {}}}}");
        var own = assertThrows(IllegalStateException.class, () -> DocumentMerge.forwarded(EDGE,
                Map.of("x", clashing), ForwardedPath.inOrder(Map.of("x", List.of("/api/tables/*"))), UNAVAILABLE));
        assertTrue(own.getMessage().contains("/api/tables/{id} is forwarded to the x upstream and is the edge's own"),
                own.getMessage());
        var undocumented = assertThrows(IllegalStateException.class, () -> DocumentMerge.forwarded(EDGE,
                Map.of("leaderboard", LEADERBOARD), ForwardedPath.inOrder(Map.of("leaderboard",
                        List.of("/api/leaderboard*", "/api/me/chips*"))), UNAVAILABLE));
        assertTrue(undocumented.getMessage().contains("forwards /api/me/chips* to the leaderboard upstream, whose "
                + "OpenAPI document has no such path"), undocumented.getMessage());
        var missing = assertThrows(IllegalStateException.class, () -> DocumentMerge.forwarded(EDGE, Map.of(),
                ROUTES, UNAVAILABLE));
        assertTrue(missing.getMessage().contains("the leaderboard upstream has no OpenAPI document"),
                missing.getMessage());
    }

    @Test
    void theRoutes_matchAsVertxRoutesThem_mostSpecificFirst() {
        assertEquals(List.of("/api/leaderboard*", "/api/daily/list", "/api/players/*", "/api/daily*"),
                ROUTES.stream().map(ForwardedPath::path).toList());
        assertEquals("leaderboard", ForwardedPath.upstreamOf(ROUTES, "/api/leaderboard/bots"));
        assertEquals("leaderboard", ForwardedPath.upstreamOf(ROUTES, "/api/players/{id}"));
        assertEquals("leaderboard", ForwardedPath.upstreamOf(ROUTES, "/api/daily/list"));
        assertEquals("matchmaking", ForwardedPath.upstreamOf(ROUTES, "/api/daily"));
        assertNull(ForwardedPath.upstreamOf(ROUTES, "/api/playersX"));
        assertNull(ForwardedPath.upstreamOf(ROUTES, "/api/info"));
        ForwardedPath pot = new ForwardedPath("/api/tables/:id/pot", "leaderboard");
        assertTrue(pot.matches("/api/tables/t-1/pot"));
        assertFalse(pot.matches("/api/tables/t-1/pot/x"));
        assertFalse(pot.matches("/api/tables/a/b/pot"));
        assertFalse(pot.matches("/api/tables//pot"));
        assertFalse(pot.matches("/api/tables/t-1/moves"));
        assertEquals("/api/tables/*", pot.route(), "installed on its prefix, the rest checked by matches");
        assertEquals("/api/players/*", new ForwardedPath("/api/players/*", "leaderboard").route());
    }

    /** The edge's document with both upstreams', as the edge routes them. */
    private static JsonNode merged() {
        return DocumentMerge.forwarded(EDGE, Map.of("leaderboard", LEADERBOARD, "matchmaking", MATCHMAKING), ROUTES,
                UNAVAILABLE);
    }

    private static Set<String> names(JsonNode object) {
        Set<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }
}
