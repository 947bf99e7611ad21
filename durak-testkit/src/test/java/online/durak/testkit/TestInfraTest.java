package online.durak.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
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
            + "pg.jdbc.url=jdbc:postgresql://127.0.0.1:2/durak\npg.user=durak\npg.password=durak\npid="
            + ProcessHandle.current().pid() + "\n");
        TestInfra alive = TestInfra.running(props).orElseThrow();
        assertEquals(Map.of("kafka.bootstrap.servers", "127.0.0.1:1",
            "quarkus.datasource.reactive.url", "postgresql://127.0.0.1:2/durak",
            "quarkus.datasource.jdbc.url", "jdbc:postgresql://127.0.0.1:2/durak",
            "quarkus.datasource.username", "durak", "quarkus.datasource.password", "durak",
            "durak.daily.secret-file", TestInfra.dailySecretFile().toString()), alive.quarkusConfig());
    }

    @Test
    void theTestsDailySecret_is32RandomBytes_readableByItsOwnerOnly_theSameWithinTheJvm() throws IOException {
        Path file = TestInfra.dailySecretFile();
        assertEquals(32, Files.size(file));
        assertEquals(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"),
            Files.getPosixFilePermissions(file));
        assertEquals(file, TestInfra.dailySecretFile());
        assertFalse(java.util.Arrays.equals(new byte[32], Files.readAllBytes(file)));
    }

    /** The client side of the control port, against a stand-in that answers as deploy's InfraControl does. */
    @Test
    void restartsAreAskedForOnTheControlPort_andAnErrorAnswerIsAnException() throws Exception {
        List<String> asked = new CopyOnWriteArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                while (!server.isClosed()) {
                    try (Socket c = server.accept()) {
                        String line = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8))
                            .readLine();
                        asked.add(line);
                        String answer = line.equals("restart kafka") ? "ok 1234"
                            : "error restart postgres failed: PostgreSQL is external; nothing to restart";
                        c.getOutputStream().write((answer + "\n").getBytes(StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            t.setDaemon(true);
            t.start();
            TestInfra infra = new TestInfra(Path.of("infra.properties"), props("control.port=" + server.getLocalPort()));
            assertTrue(infra.canRestart());
            assertEquals(1234, infra.restartKafka());
            IllegalStateException e = assertThrows(IllegalStateException.class, infra::restartPostgres);
            assertEquals("the test infrastructure could not restart postgres: error restart postgres failed: "
                + "PostgreSQL is external; nothing to restart", e.getMessage());
            assertEquals(List.of("restart kafka", "restart postgres"), asked);
        }
    }

    @Test
    void withoutAControlPort_aRestartIsAClearException() {
        TestInfra infra = new TestInfra(Path.of("/x/infra.properties"), props(""));
        assertFalse(infra.canRestart());
        IllegalStateException e = assertThrows(IllegalStateException.class, infra::restartKafka);
        assertTrue(e.getMessage().startsWith("cannot restart kafka: the test infrastructure of /x/infra.properties has no"
            + " control.port ("), e.getMessage());
    }

    private static Properties props(String extra) {
        Properties p = new Properties();
        p.setProperty("kafka.bootstrap.servers", "127.0.0.1:1");
        p.setProperty("pg.reactive.url", "postgresql://127.0.0.1:2/durak");
        p.setProperty("pg.jdbc.url", "jdbc:postgresql://127.0.0.1:2/durak");
        p.setProperty("pg.user", "durak");
        p.setProperty("pg.password", "durak");
        if (!extra.isEmpty()) {
            String[] kv = extra.split("=", 2);
            p.setProperty(kv[0], kv[1]);
        }
        return p;
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
