package online.durak.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestInfraTest {

    @Test
    void rootIsTheFolderWithCiOrTheParentPom(@TempDir Path tmp) throws IOException {
        Path repo = tmp.resolve("repo");
        Path module = repo.resolve("rules-service");
        Files.createDirectories(module.resolve("src"));
        Files.writeString(repo.resolve("pom.xml"), "<project><artifactId>durak-parent</artifactId></project>");
        Files.writeString(module.resolve("pom.xml"),
            "<project><parent><artifactId>durak-parent</artifactId></parent><artifactId>x</artifactId></project>");
        assertEquals(repo, TestInfra.findRoot(module.resolve("src")));

        Files.createDirectories(module.resolve(".ci"));
        assertEquals(module, TestInfra.findRoot(module.resolve("src")));
    }

    @Test
    void aStaleFileOfADeadLauncherIsNotUsed(@TempDir Path tmp) throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        Path props = tmp.resolve("infra.properties");
        Files.writeString(props, "kafka.bootstrap.servers=127.0.0.1:1\npg.reactive.url=postgresql://127.0.0.1:2/durak\n"
            + "pg.user=durak\npg.password=durak\npid=" + p.pid() + "\n");
        assertTrue(TestInfra.running(props).isEmpty());
        assertFalse(Files.exists(props), "the stale file is removed");

        Files.writeString(props, "kafka.bootstrap.servers=127.0.0.1:1\npg.reactive.url=postgresql://127.0.0.1:2/durak\n"
            + "pg.user=durak\npg.password=durak\npid=" + ProcessHandle.current().pid() + "\n");
        TestInfra alive = TestInfra.running(props).orElseThrow();
        assertEquals(Map.of("kafka.bootstrap.servers", "127.0.0.1:1",
            "quarkus.datasource.reactive.url", "postgresql://127.0.0.1:2/durak",
            "quarkus.datasource.username", "durak", "quarkus.datasource.password", "durak"), alive.quarkusConfig());
    }

    /** Starts (or finds) the real thing: both servers accept connections, and a second call is the same. */
    @Test
    void sharedInfrastructureIsReachable() throws IOException {
        TestInfra infra = TestInfra.shared();
        assertSame(infra, TestInfra.shared());
        String[] kafka = infra.bootstrapServers().split(":");
        connect(kafka[0], Integer.parseInt(kafka[1]));
        URI pg = URI.create(infra.reactiveUrl());
        connect(pg.getHost(), pg.getPort());
        assertEquals(infra.quarkusConfig(), new DurakInfraResource().start());
        assertTrue(TestInfra.alive(TestInfra.load(infra.propertiesFile()).getProperty("pid")));
    }

    private static void connect(String host, int port) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 5000);
        }
    }
}
