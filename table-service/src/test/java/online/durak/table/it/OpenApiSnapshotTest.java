package online.durak.table.it;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import online.durak.messages.Codec;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The web client's API types are generated (openapi-typescript, in its build) from a checked-in copy of this
 * service's OpenAPI document, {@code src/main/webui/src/api/openapi.json}: it must be the document the server serves,
 * so the client cannot drift. After a change of the API, write it again with {@code -Dopenapi.update=true}.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class OpenApiSnapshotTest {
    static final Path SNAPSHOT = Path.of("src/main/webui/src/api/openapi.json");
    /** The copy's layout: two spaces, {@code "name": value}, one array item a line, {@code []} and {@code {}}. */
    private static final DefaultPrettyPrinter AS_CHECKED_IN = new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER).withObjectEmptySeparator("")
            .withArrayEmptySeparator("")).withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);

    @BeforeEach
    void ready() {
        It.awaitReady();
    }

    @Test
    void theClientsCopyOfTheOpenApiDocumentIsTheServedOne() throws Exception {
        JsonNode served = Codec.parse(given().queryParam("format", "json").get("/q/openapi")
                .then().statusCode(200).extract().asString());
        if (Boolean.getBoolean("openapi.update")) {
            Files.writeString(SNAPSHOT, new ObjectMapper().writer(AS_CHECKED_IN).writeValueAsString(served) + "\n");
        }
        JsonNode copy = Codec.parse(Files.readString(SNAPSHOT));
        List<String> differ = new ArrayList<>();
        diff("", served, copy, differ);
        assertTrue(differ.isEmpty(), SNAPSHOT + " differs from /q/openapi at " + differ.subList(0, Math.min(20, differ.size()))
                + ": run this test with -Dopenapi.update=true and commit the file (the client's types follow it)");
    }

    /** The JSON pointers where the two documents differ (the deepest object level that does). */
    private static void diff(String at, JsonNode a, JsonNode b, List<String> out) {
        if (a.equals(b)) {
            return;
        }
        if (a.isObject() && b.isObject()) {
            for (Iterator<String> it = a.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!b.has(f)) {
                    out.add(at + "/" + f + " (only served)");
                } else {
                    diff(at + "/" + f, a.get(f), b.get(f), out);
                }
            }
            for (Iterator<String> it = b.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!a.has(f)) {
                    out.add(at + "/" + f + " (only in the copy)");
                }
            }
            return;
        }
        out.add(at.isEmpty() ? "/" : at);
    }
}
