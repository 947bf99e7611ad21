package online.durak.table.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import online.durak.service.api.ErrorCodes;
import online.durak.service.api.InfoResource;
import online.durak.service.api.OpenApiErrors;
import online.durak.table.it.FakeLeaderboard;
import online.durak.table.it.TestTopics;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.OpenApiDocument;
import org.junit.jupiter.api.Test;

/**
 * The public document (/q/openapi) against what the edge does, request by request: which upstream a path reaches is
 * what the stand-in upstreams answer ({@link FakeLeaderboard#UPSTREAM}), not what the merge computes. Every route the
 * edge is built with ({@code durak.upstreams.NAME.paths} of application.properties) is documented; every operation of
 * an upstream's own document that reaches that upstream through the edge is in the public document as that document
 * describes it, and no other of its operations is; the rest are the edge's own resources. So a path forwarded without
 * its description, or a path no longer forwarded, fails here.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
@QuarkusTestResource(FakeLeaderboard.class)
class PublicDocumentTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");

    @Test
    void everyRouteTheEdgeIsBuiltWith_reachesItsUpstream_byADocumentedPath() {
        Map<String, List<String>> built = builtRoutes();
        assertEquals(Set.of("bots", "leaderboard", "matchmaking"), built.keySet());
        JsonNode served = served();
        for (ForwardedPath route : ForwardedPath.inOrder(built)) {
            List<String> documented = new ArrayList<>();
            served.path("paths").properties().forEach(p -> operations(p.getValue()).forEach(method -> {
                String request = request(p.getKey());
                if (route.matches(request) && route.upstream().equals(reached(method, request))) {
                    documented.add(method + " " + p.getKey());
                }
            }));
            assertFalse(documented.isEmpty(), "the edge forwards " + route.path() + " to " + route.upstream()
                    + ", but no operation of /q/openapi reaches it there");
        }
    }

    @Test
    void anUpstreamsOperationsThatTheEdgeForwards_areInThePublicDocument_asItsOwnDocumentDescribesThem_andNoOthers() {
        JsonNode served = served();
        Set<String> edgesOwn = edgesOwn();
        List<String> notForwarded = new ArrayList<>();
        upstreamDocuments().forEach((upstream, doc) -> doc.path("paths").properties().forEach(p ->
                operations(p.getValue()).forEach(method -> {
                    JsonNode theirs = p.getValue().path(method);
                    JsonNode ours = served.path("paths").path(p.getKey()).path(method);
                    String op = method + " " + p.getKey();
                    if (!upstream.equals(reached(method, request(p.getKey())))) {
                        notForwarded.add(op);
                        assertTrue(ours.isMissingNode() || edgesOwn.contains(method.toUpperCase() + " " + p.getKey()),
                                op + " is not forwarded to " + upstream + " but documented");
                        return;
                    }
                    assertFalse(ours.isMissingNode(), op + " is forwarded to " + upstream + " but not documented");
                    assertEquals(theirs.path("summary"), ours.path("summary"), op);
                    assertEquals(theirs.path("description"), ours.path("description"), op);
                    assertEquals(theirs.path("parameters"), ours.path("parameters"), op);
                    Set<String> statuses = names(theirs.path("responses"));
                    statuses.add("503");
                    assertEquals(statuses, names(ours.path("responses")), op);
                    assertTrue(ours.at("/responses/503/description").asText()
                            .endsWith(OpenApiErrors.describe(ErrorCodes.UPSTREAM_UNAVAILABLE)), op);
                })));
        assertTrue(notForwarded.containsAll(List.of("post /admin/rebuild", "post /internal/chips/holds",
                "get /api/info")), "the services' own and the operators' paths stay theirs: " + notForwarded);
    }

    @Test
    void everyOtherOperation_isTheEdgesOwnResources_andEveryErrorIsDescribedByItsCodes() {
        Set<String> expected = edgesOwn();
        upstreamDocuments().forEach((upstream, doc) -> doc.path("paths").properties().forEach(p ->
                operations(p.getValue()).stream().filter(m -> upstream.equals(reached(m, request(p.getKey()))))
                        .forEach(m -> expected.add(m.toUpperCase() + " " + p.getKey()))));
        OpenApiDocument served = OpenApiDocument.served();
        assertEquals(expected, served.operations());
        assertEquals(List.of(), served.undescribedErrors(ErrorCodes::describe));
    }

    /** The operations of this service's own resources. */
    private static Set<String> edgesOwn() {
        return OpenApiDocument.resourceOperations(Path.of("target/classes"), InfoResource.class);
    }

    /** The upstreams' paths as application.properties names them: the test's extra upstream is not built in. */
    private static Map<String, List<String>> builtRoutes() {
        try {
            return UpstreamDocuments.configured(new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(
                    PublicDocumentTest.class.getClassLoader().getResource("application.properties"))).build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each upstream's own document, as this service's build took it in (UpstreamDocuments). */
    private static Map<String, JsonNode> upstreamDocuments() {
        Map<String, JsonNode> docs = new TreeMap<>();
        for (String upstream : builtRoutes().keySet()) {
            try (InputStream in = PublicDocumentTest.class.getClassLoader()
                    .getResourceAsStream(UpstreamDocuments.DOCUMENTS + upstream + "/openapi.json")) {
                docs.put(upstream, JSON.readTree(in));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return docs;
    }

    private static JsonNode served() {
        try {
            return JSON.readTree(RestAssured.given().queryParam("format", "json").get("/q/openapi").then()
                    .statusCode(200).extract().asString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> operations(JsonNode pathItem) {
        return names(pathItem).stream().filter(METHODS::contains).toList();
    }

    private static Set<String> names(JsonNode object) {
        Set<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** A request path for a documented one: each parameter filled. */
    private static String request(String documentedPath) {
        return documentedPath.replaceAll("\\{[^/}]+}", "t-1");
    }

    /** The stand-in upstream a request through the edge reached, or null: the edge answered itself. */
    private static String reached(String method, String path) {
        try {
            HttpResponse<InputStream> r = HTTP.send(HttpRequest.newBuilder(URI.create(RestAssured.baseURI + ":"
                            + RestAssured.port + path)).method(method.toUpperCase(), HttpRequest.BodyPublishers.noBody())
                    .build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = r.body()) { // an event stream's end is not waited for
                return r.headers().firstValue(FakeLeaderboard.UPSTREAM).orElse(null);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
