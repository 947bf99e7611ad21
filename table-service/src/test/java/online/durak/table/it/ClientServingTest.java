package online.durak.table.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The web client is served as a real site is (docs/webclient.md "Served"): its files and the API's JSON go gzip'd to
 * a browser that asks for it, its content-hashed assets are kept for a year, and {@code index.html} is asked for again
 * every time. Over real HTTP (the JDK's client, which neither asks for nor unpacks gzip by itself); the files are
 * stand-ins under {@code src/test/resources/META-INF/resources}, served by the same static-file handler as the built
 * client (Quinoa is off in tests).
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class ClientServingTest {
    private static final String ASSET = "/assets/client-T3st1ng.js";
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void ready() {
        It.awaitReady();
    }

    @Test
    void aHashedAsset_isGzippedWhenAskedFor_andKeptForAYear() throws Exception {
        HttpResponse<byte[]> plain = get(ASSET, null);
        assertEquals(200, plain.statusCode());
        assertEquals(Optional.empty(), plain.headers().firstValue("Content-Encoding").filter(e -> !e.equals("identity")));
        assertEquals("public, max-age=31536000, immutable", plain.headers().firstValue("Cache-Control").orElse(null));

        HttpResponse<byte[]> gzipped = get(ASSET, "gzip, deflate, br");
        assertEquals(200, gzipped.statusCode());
        assertEquals("gzip", gzipped.headers().firstValue("Content-Encoding").orElse(null));
        assertEquals("public, max-age=31536000, immutable", gzipped.headers().firstValue("Cache-Control").orElse(null));
        assertTrue(gzipped.headers().allValues("Vary").toString().toLowerCase().contains("accept-encoding"),
                gzipped.headers().map().toString());
        assertTrue(gzipped.body().length < plain.body().length / 2,
                gzipped.body().length + " bytes gzip'd of " + plain.body().length);
        assertArrayEquals(plain.body(), gunzip(gzipped.body()));
        assertTrue(gzipped.headers().firstValue("Content-Type").orElse("").contains("javascript"));
    }

    @Test
    void indexHtml_isAskedForAgainEveryTime_andGzipped() throws Exception {
        for (String path : new String[] {"/", "/index.html"}) {
            HttpResponse<byte[]> r = get(path, "gzip");
            assertEquals(200, r.statusCode(), path);
            assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElse(null), path);
            assertEquals("no-cache", r.headers().firstValue("Cache-Control").orElse(null), path);
            assertTrue(new String(gunzip(r.body()), java.nio.charset.StandardCharsets.UTF_8).contains("<div id=\"app\">"), path);
        }
    }

    @Test
    void theApisJson_isGzippedWhenAskedFor_andNotCachedLikeAnAsset() throws Exception {
        HttpResponse<byte[]> r = get("/api/info", "gzip");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElse(null));
        assertTrue(new String(gunzip(r.body()), java.nio.charset.StandardCharsets.UTF_8).contains("\"service\""));

        HttpResponse<byte[]> guest = http.send(HttpRequest.newBuilder(uri("/api/guests"))
                .header("Content-Type", "application/json").header("Accept-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Zip\"}")).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(201, guest.statusCode());
        assertEquals("gzip", guest.headers().firstValue("Content-Encoding").orElse(null));
        assertTrue(new String(gunzip(guest.body()), java.nio.charset.StandardCharsets.UTF_8).contains("\"token\""));
        assertFalse(guest.headers().firstValue("Cache-Control").orElse("").contains("immutable"));

        HttpResponse<byte[]> missing = get("/api/no-such-thing", "gzip");
        assertEquals(404, missing.statusCode());
        assertFalse(missing.headers().firstValue("Cache-Control").orElse("").contains("immutable"));
    }

    private HttpResponse<byte[]> get(String path, String acceptEncoding) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path));
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static URI uri(String path) {
        return URI.create(RestAssured.baseURI + ":" + RestAssured.port + path);
    }

    private static byte[] gunzip(byte[] body) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }
}
