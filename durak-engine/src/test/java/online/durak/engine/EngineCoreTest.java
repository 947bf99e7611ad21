package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine's core keeps no library (README "Rules conformance"): no compiled class outside {@code engine/conformance}
 * (which reads JSON) and {@code engine/cli} (the command line, picocli, which reads replays as JSON) refers to a JSON
 * library or to picocli. A class file names every class it uses in its constant pool, so reading the bytes finds any
 * use, imported or written out in full.
 */
class EngineCoreTest {
    private static final List<String> JSON_LIBRARIES = List.of("com/fasterxml/", "org/json/", "com/google/gson/",
            "jakarta/json/", "javax/json/", "org/yaml/");
    private static final List<String> LIBRARIES = Stream.concat(JSON_LIBRARIES.stream(), Stream.of("picocli/"))
            .toList();

    private static Path classes() throws URISyntaxException {
        Path card = Path.of(Card.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return card.resolve("online/durak/engine");
    }

    private static List<String> users(Stream<Path> classFiles, List<String> libraries) {
        return classFiles.filter(f -> {
            try {
                String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                return libraries.stream().anyMatch(bytes::contains);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }).map(Path::toString).toList();
    }

    @Test
    void coreClasses_useNoJsonLibrary_norPicocli() throws IOException, URISyntaxException {
        Path root = classes();
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> core = walk.filter(f -> f.toString().endsWith(".class"))
                    .filter(f -> !root.relativize(f).startsWith("conformance") && !root.relativize(f).startsWith("cli"))
                    .toList();
            assertTrue(core.size() > 30, "the engine's classes are found: " + core.size());
            assertEquals(List.of(), users(core.stream(), LIBRARIES));
        }
    }

    @Test
    void theCommandLine_isFoundUsingPicocli_soTheScanSeesAUse() throws IOException, URISyntaxException {
        try (Stream<Path> walk = Files.walk(classes().resolve("cli"))) {
            assertTrue(users(walk.filter(f -> f.toString().endsWith("Main.class")), List.of("picocli/")).size() == 1);
        }
    }

    @Test
    void theConformanceReader_isFoundUsingJackson_soTheScanSeesAUse() throws IOException, URISyntaxException {
        try (Stream<Path> walk = Files.walk(classes().resolve("conformance"))) {
            assertTrue(users(walk.filter(f -> f.toString().endsWith("CaseReader.class")), JSON_LIBRARIES).size() == 1);
        }
    }

    @Test
    void theReplayReader_isFoundUsingJackson_soTheScanSeesAUse() throws IOException, URISyntaxException {
        try (Stream<Path> walk = Files.walk(classes().resolve("cli"))) {
            assertTrue(users(walk.filter(f -> f.toString().endsWith("ReplayFile.class")), JSON_LIBRARIES).size() == 1);
        }
    }
}
