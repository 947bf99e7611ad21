package online.durak.testkit;

import static io.restassured.RestAssured.given;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A service's OpenAPI document as it serves it ({@code /q/openapi}), read against the service's own REST resources:
 * the operations its compiled resource classes declare, and whether each error answer is described by its codes. An
 * operation is {@code "GET /api/x/{id}"}.
 */
public final class OpenApiDocument {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch");
    /** An error answer's description as durak-service's OpenApiErrors writes it: each code, then what it means. */
    private static final Pattern DESCRIBED = Pattern.compile("(?:^|; )([A-Z][A-Z0-9_]*): ");
    private final Map<String, Map<String, Object>> paths;

    private OpenApiDocument(Map<String, Map<String, Object>> paths) {
        this.paths = paths;
    }

    /** The document the running service serves. */
    public static OpenApiDocument served() {
        return new OpenApiDocument(given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().jsonPath().getMap("paths"));
    }

    /** Every operation the document lists. */
    public Set<String> operations() {
        Set<String> out = new TreeSet<>();
        paths.forEach((path, item) -> item.keySet().stream().filter(METHODS::contains)
                .forEach(m -> out.add(m.toUpperCase() + " " + path)));
        return out;
    }

    /** One operation of the document, as JSON maps; null when it has none such. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> operation(String operation) {
        String[] mp = operation.split(" ", 2);
        Map<String, Object> item = paths.get(mp[1]);
        return item == null ? null : (Map<String, Object>) item.get(mp[0].toLowerCase());
    }

    /**
     * The error answers (4xx, 5xx) whose description is not their codes each described as {@code describe} (durak-
     * service's {@code ErrorCodes::describe}) has it, as {@code "POST /api/x 400: Bad Request"}; none when every one is.
     */
    @SuppressWarnings("unchecked")
    public List<String> undescribedErrors(UnaryOperator<String> describe) {
        List<String> out = new ArrayList<>();
        for (String op : operations()) {
            Map<String, Map<String, Object>> responses = (Map<String, Map<String, Object>>) operation(op)
                    .getOrDefault("responses", Map.of());
            responses.forEach((status, response) -> {
                String description = String.valueOf(response.get("description"));
                if (status.matches("[45]\\d\\d") && !description.equals(described(description, describe))) {
                    out.add(op + " " + status + ": " + description);
                }
            });
        }
        return out;
    }

    /** The codes a description names, each followed by what {@code describe} says of it. */
    private static String described(String description, UnaryOperator<String> describe) {
        List<String> parts = new ArrayList<>();
        Matcher m = DESCRIBED.matcher(description);
        while (m.find()) {
            parts.add(m.group(1) + ": " + describe.apply(m.group(1)));
        }
        return String.join("; ", parts);
    }

    /**
     * Every operation the concrete classes under {@code classes} (a module's {@code target/classes}) declare
     * ({@link #resourceOperations(Class)}), and those of {@code more} (a library's resources the service serves).
     */
    public static Set<String> resourceOperations(Path classes, Class<?>... more) {
        Set<String> out = new TreeSet<>();
        for (Class<?> type : more) {
            out.addAll(resourceOperations(type));
        }
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file).toString().replace(".class", "").replace('/', '.');
                out.addAll(resourceOperations(Class.forName(name, false,
                        Thread.currentThread().getContextClassLoader())));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /**
     * The operations a resource class declares: a {@code jakarta.ws.rs.Path} on the class and on the method, and an
     * HTTP method's annotation; none for an interface (a REST client) or an abstract class.
     */
    public static Set<String> resourceOperations(Class<?> type) {
        Set<String> out = new TreeSet<>();
        String root = path(type.getAnnotations());
        if (root == null || type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            return out;
        }
        for (Method method : type.getDeclaredMethods()) {
            String verb = httpMethod(method.getAnnotations());
            if (verb != null) {
                String sub = path(method.getAnnotations());
                out.add(verb + " " + joined(root, sub == null ? "" : sub));
            }
        }
        return out;
    }

    /** {@code /api/x} and {@code {id: [a-z]+}/y} as the document writes the path: {@code /api/x/{id}/y}. */
    private static String joined(String root, String sub) {
        String path = ("/" + root + "/" + sub).replaceAll("/+", "/").replaceAll("\\{(\\w+)\\s*:[^}]*}", "{$1}");
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private static String path(Annotation[] annotations) {
        for (Annotation a : annotations) {
            if (a.annotationType().getName().equals("jakarta.ws.rs.Path")) {
                return value(a);
            }
        }
        return null;
    }

    /** {@code GET} for {@code @GET}: an annotation that is itself annotated {@code jakarta.ws.rs.HttpMethod}. */
    private static String httpMethod(Annotation[] annotations) {
        for (Annotation a : annotations) {
            for (Annotation meta : a.annotationType().getAnnotations()) {
                if (meta.annotationType().getName().equals("jakarta.ws.rs.HttpMethod")) {
                    return value(meta);
                }
            }
        }
        return null;
    }

    private static String value(Annotation a) {
        try {
            return (String) a.annotationType().getMethod("value").invoke(a);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
