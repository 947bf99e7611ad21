package online.durak.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import online.durak.deploy.Cli;
import org.junit.jupiter.api.Test;

/** The load tool's and the fault harness's command lines (docs/load.md, docs/faults.md), read by picocli. */
class CommandLinesTest {

    @Test
    void theLoadTool_defaults_asDocsLoadSays() {
        LoadMain.Options o = LoadMain.parse(new String[0]);
        assertEquals("http://localhost:8080", o.api());
        assertEquals(Path.of("data"), o.data());
        assertEquals(1, o.tables());
        assertEquals(2, o.minPlayers());
        assertEquals(4, o.maxPlayers());
        assertEquals(Duration.ofSeconds(10), o.warmup());
        assertEquals(Duration.ofSeconds(60), o.duration());
        assertEquals(Long.MAX_VALUE, o.maxMoves());
        assertEquals(Duration.ZERO, o.think());
        assertEquals(1000, o.floorSamples());
        assertTrue(o.floor() && o.load());
        assertEquals(0, o.views());
    }

    @Test
    void theLoadTool_takesEveryOption() {
        LoadMain.Options o = LoadMain.parse(new String[] {"--api", "http://h:1/api/", "--data=/tmp/d", "--tables", "200",
            "--players", "3", "--warmup", "20", "--duration", "30", "--max-moves", "500", "--think-ms", "2000",
            "--floor-samples", "50", "--no-floor", "--seed", "7", "--views", "10", "--pause-ms", "5"});
        assertEquals("http://h:1", o.api());
        assertEquals(Path.of("/tmp/d"), o.data());
        assertEquals(200, o.tables());
        assertEquals(3, o.minPlayers());
        assertEquals(3, o.maxPlayers());
        assertEquals(Duration.ofSeconds(20), o.warmup());
        assertEquals(Duration.ofSeconds(30), o.duration());
        assertEquals(500, o.maxMoves());
        assertEquals(Duration.ofSeconds(2), o.think());
        assertEquals(50, o.floorSamples());
        assertFalse(o.floor());
        assertEquals(7, o.seed());
        assertEquals(10, o.views());
        assertEquals(5, o.pauseMs());
        assertFalse(LoadMain.parse(new String[] {"--floor-only"}).load());
    }

    @Test
    void theLoadTool_refusesABadLine() {
        for (String[] bad : List.of(new String[] {"--players", "7"}, new String[] {"--players", "4-2"},
                new String[] {"--players", "x"}, new String[] {"--tables", "0"}, new String[] {"--tables", "x"},
                new String[] {"--think-ms", "-1"}, new String[] {"--duration"}, new String[] {"--colour", "red"})) {
            assertThrows(IllegalArgumentException.class, () -> LoadMain.parse(bad), String.join(" ", bad));
        }
    }

    @Test
    void theFaultHarness_defaults_options_andABadFault() {
        FaultMain.Line d = FaultMain.Line.of(new String[0]);
        assertEquals("http://localhost:8080/api", d.system.api);
        assertEquals(Path.of("data"), d.system.data);
        assertEquals(20, d.tables);
        assertEquals(30, d.settle);
        assertEquals(FaultMain.ALL, d.faults);
        FaultMain.Line o = FaultMain.Line.of(new String[] {"--home", "/repo", "--tables", "5", "--settle", "10",
            "--faults", "kafka,rules", "--home", "/other"});
        assertEquals(Path.of("/other"), o.home, "the later --home wins (faults.sh gives one first)");
        assertEquals(List.of("kafka", "rules"), o.faults);
        assertThrows(IllegalArgumentException.class, () -> FaultMain.Line.of(new String[] {"--faults", "disk"}));
        assertThrows(IllegalArgumentException.class, () -> FaultMain.Line.of(new String[] {"--tables"}));
        assertThrows(IllegalArgumentException.class, () -> FaultMain.Line.of(new String[] {"--nope", "1"}));
    }

    @Test
    void theUsages_nameEveryOption() {
        String load = Cli.usage(new LoadMain.Line(), Map.of());
        for (String o : List.of("--api", "--data", "--tables", "--players", "--warmup", "--duration", "--max-moves",
                "--think-ms", "--floor-samples", "--no-floor", "--floor-only", "--seed", "--views", "--pause-ms",
                "--help")) {
            assertTrue(load.contains(o), o);
        }
        String faults = Cli.usage(new FaultMain.Line(), Map.of());
        for (String o : List.of("--api", "--data", "--home", "--tables", "--settle", "--faults", "--help")) {
            assertTrue(faults.contains(o), o);
        }
    }

    @Test
    void theLobbyMeasurement_takesEveryOption_andRefusesABadLine() {
        LobbyMain.Options o = LobbyMain.parse(new String[] {"--api", "http://h:1/api", "--data", "/tmp/d", "--tables",
            "50", "--sockets", "20", "--changes", "10", "--threads", "2"});
        assertEquals(new LobbyMain.Options("http://h:1", "http://h:1001", Path.of("/tmp/d"), 50, 20, 10, 2), o);
        assertEquals(new LobbyMain.Options("http://localhost:8080", "http://localhost:9080", Path.of("data"), 10_000,
            2_000, 200, 4), LobbyMain.parse(new String[0]));
        assertEquals("http://127.0.0.1:7000", LobbyMain.parse(new String[] {"--management", "http://127.0.0.1:7000"})
            .management());
        for (String[] bad : List.of(new String[] {"--tables", "0"}, new String[] {"--changes", "1"},
                new String[] {"--sockets", "x"}, new String[] {"--what", "1"}, new String[] {"--threads"})) {
            assertThrows(IllegalArgumentException.class, () -> LobbyMain.parse(bad), String.join(" ", bad));
        }
    }
}
