package online.durak.table.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import io.smallrye.openapi.api.SmallRyeOpenAPI;
import io.smallrye.openapi.runtime.io.Format;
import io.smallrye.openapi.runtime.io.OpenApiSerializer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import online.durak.service.api.ErrorCodes;
import online.durak.service.api.OpenApiErrors;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;

/**
 * The public API's one OpenAPI document: at build, this service's own document gets the paths it forwards
 * ({@code durak.upstreams.NAME.paths}), described by the document of the service each goes to. Those documents are
 * the services' own, written by their builds ({@code quarkus.smallrye-openapi.store-schema-directory}) and taken into
 * this one's as resources, {@value #DOCUMENTS}{@code NAME/openapi.json} (pom.xml), so that /q/openapi never depends on
 * another service being up. What is taken and how clashing schema names are resolved: {@link DocumentMerge}. A
 * forwarded upstream without a document, or a forwarded path its document does not describe, fails the build.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class UpstreamDocuments implements OASFilter {
    static final String DOCUMENTS = "upstream-openapi/";
    private static final Pattern PATHS = Pattern.compile("durak\\.upstreams\\.([^.]+)\\.paths");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        Map<String, List<String>> paths = configured(ConfigProvider.getConfig());
        Map<String, JsonNode> documents = new TreeMap<>();
        paths.keySet().forEach(name -> documents.put(name, document(name)));
        try {
            JsonNode edge = JSON.readTree(OpenApiSerializer.serialize(openAPI, Format.JSON));
            byte[] bytes = JSON.writeValueAsBytes(DocumentMerge.forwarded(edge, documents,
                    ForwardedPath.inOrder(paths), OpenApiErrors.describe(ErrorCodes.UPSTREAM_UNAVAILABLE)));
            OpenAPI add = SmallRyeOpenAPI.builder().enableModelReader(false).enableStandardFilter(false)
                    .enableAnnotationScan(false).enableStandardStaticFiles(false)
                    .withCustomStaticFile(() -> new ByteArrayInputStream(bytes)).build().model();
            add.getPaths().getPathItems().forEach(openAPI.getPaths()::addPathItem);
            if (openAPI.getComponents() == null) {
                openAPI.setComponents(OASFactory.createComponents());
            }
            if (add.getComponents().getSchemas() != null) {
                add.getComponents().getSchemas().forEach(openAPI.getComponents()::addSchema);
            }
            if (add.getComponents().getSecuritySchemes() != null) {
                add.getComponents().getSecuritySchemes().forEach(openAPI.getComponents()::addSecurityScheme);
            }
            if (add.getTags() != null) {
                add.getTags().forEach(openAPI::addTag);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code durak.upstreams.NAME.paths} by NAME, as this build's configuration has them. */
    static Map<String, List<String>> configured(Config config) {
        Map<String, List<String>> paths = new TreeMap<>();
        for (String key : config.getPropertyNames()) {
            Matcher m = PATHS.matcher(key);
            if (m.matches()) {
                paths.put(m.group(1), new ArrayList<>(config.getValues(key, String.class)));
            }
        }
        return paths;
    }

    private static JsonNode document(String upstream) {
        String name = DOCUMENTS + upstream + "/openapi.json";
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the " + upstream + " upstream's OpenAPI document " + name + " is not "
                        + "in the build: its service writes it when it is built (table-service/README.md, \"The public "
                        + "API document\")");
            }
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
