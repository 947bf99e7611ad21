package online.durak.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The service's packages import one way, top down, and so never in a circle: what the compiled classes
 * ({@code target/classes}) use, as the JDK's {@code jdeps} reads it, against the layers below. A package may import
 * only packages of the layers under its own; what has to go up (a projection's change that sockets push, a stop that
 * sockets must hear, the rules service going down and up) goes by a listener interface defined below or a CDI event.
 */
class LayersTest {
    private static final String ROOT = "online.durak.table.";
    /** Top down. */
    static final List<List<String>> LAYERS = List.of(
            List.of("api", "ws", "upstream"), // transport: REST, WebSocket, the forwarded paths; never each other
            List.of("play"),                  // the application: commands, hints, rematches, lobby, views, the stop
            List.of("chips", "bots"),         // other services' clients
            List.of("messaging"),             // commands out, replies and table events in
            List.of("projection"),            // the tables folded from their events
            List.of("store"),                 // the event store, read only
            List.of("auth", "limits"));       // identity: who asks, and how often it may; they import none
    /** A dependency as {@code jdeps -verbose:class} prints it. */
    private static final Pattern EDGE = Pattern.compile("^\\s+(\\S+)\\s+->\\s+(\\S+)\\s");

    @Test
    void everyPackageImportsOnlyTheLayersBelowIt() {
        Map<String, Set<String>> edges = packageEdges(Path.of("target/classes"));
        assertTrue(edges.keySet().containsAll(List.of("api -> play", "ws -> play", "play -> messaging")),
                "jdeps found the service's classes: " + edges.keySet());
        List<String> wrong = offending(edges);
        assertEquals(List.of(), wrong, "imports against the layers " + LAYERS + " (top down): " + String.join("; ",
                wrong));
    }

    @Test
    void anUpwardImportACircleAndAPackageOfNoLayerAreNamed() {
        Map<String, Set<String>> edges = new TreeMap<>();
        edges.put("api -> play", Set.of("api.PlayResource -> play.Hints"));
        edges.put("play -> ws", Set.of("play.Draining -> ws.Sessions"));
        edges.put("ws -> play", Set.of("ws.FrameDispatch -> play.Hints"));
        edges.put("ws -> api", Set.of("ws.Sessions -> api.TableResource"));
        edges.put("extra -> store", Set.of("extra.Thing -> store.EventStore"));
        assertEquals(List.of(
                "extra is in no layer (extra.Thing -> store.EventStore)",
                "play imports ws, a layer above it (play.Draining -> ws.Sessions)",
                "ws imports api, a package of its own layer (ws.Sessions -> api.TableResource)"), offending(edges));
    }

    /** Each edge against the layers, named with the classes that make it. */
    static List<String> offending(Map<String, Set<String>> edges) {
        List<String> wrong = new ArrayList<>();
        edges.forEach((edge, classes) -> {
            String[] ends = edge.split(" -> ");
            int from = layerOf(ends[0]);
            int to = layerOf(ends[1]);
            String which = " (" + String.join(", ", classes) + ")";
            if (from < 0 || to < 0) {
                wrong.add((from < 0 ? ends[0] : ends[1]) + " is in no layer" + which);
            } else if (to < from) {
                wrong.add(ends[0] + " imports " + ends[1] + ", a layer above it" + which);
            } else if (to == from) {
                wrong.add(ends[0] + " imports " + ends[1] + ", a package of its own layer" + which);
            }
        });
        return wrong;
    }

    private static int layerOf(String pkg) {
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(pkg)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The imports between the service's packages ({@code online.durak.table.X}, subpackages counted as X), each
     * {@code "from -> to"} with the class dependencies that make it ({@code "ws.ViewPush -> play.TableViews"}).
     */
    static Map<String, Set<String>> packageEdges(Path classes) {
        assertTrue(Files.isDirectory(classes), classes + " is compiled before the tests");
        ToolProvider jdeps = ToolProvider.findFirst("jdeps")
                .orElseThrow(() -> new AssertionError("no jdeps in this JDK"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = jdeps.run(new PrintWriter(out), new PrintWriter(err), "-verbose:class", "-e",
                Pattern.quote(ROOT) + ".*", classes.toString());
        assertEquals(0, status, "jdeps failed: " + err);
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            Matcher m = EDGE.matcher(line);
            if (!m.find() || !m.group(1).startsWith(ROOT) || !m.group(2).startsWith(ROOT)) {
                continue;
            }
            String from = local(m.group(1));
            String to = local(m.group(2));
            String fromPackage = packageOf(from);
            String toPackage = packageOf(to);
            if (!fromPackage.equals(toPackage)) {
                edges.computeIfAbsent(fromPackage + " -> " + toPackage, k -> new TreeSet<>()).add(from + " -> " + to);
            }
        }
        return edges;
    }

    private static String packageOf(String local) {
        int dot = local.indexOf('.');
        return dot < 0 ? "(the root package)" : local.substring(0, dot);
    }

    /** A class's name below the root, nested classes as their outer one: {@code api.Responses}. */
    private static String local(String className) {
        String name = className.substring(ROOT.length());
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }
}
