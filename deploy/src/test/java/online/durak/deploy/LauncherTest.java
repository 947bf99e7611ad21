package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher without starting anything: its options, the services' ports, the token keys. */
class LauncherTest {

    @Test
    void defaults_areEveryServiceFromPort8080_andTheInfrastructuresDefaults() {
        Launcher.Options o = Launcher.parse(new String[0], Map.of());
        assertEquals(ServiceProcess.SERVICES, o.services());
        assertEquals(8080, o.httpPortBase());
        assertEquals(9080, o.managementPortBase(), "health and metrics: a port of their own per service");
        assertEquals(Duration.ofSeconds(240), o.readyTimeout());
        assertEquals(Path.of("data"), o.infra().config().dataDir());
        assertEquals(12, o.infra().config().partitions());
        assertEquals(RestartPolicy.DEFAULT, o.restartPolicy());
        assertEquals(-1, o.infra().controlPort(), "no control port unless asked for");
        assertEquals(Map.of("table-service", 8080, "rules-service", 8081, "matchmaking-service", 8082,
            "leaderboard-service", 8083, "bot-service", 8084), Launcher.ports(o.services(), 8080));
    }

    @Test
    void managementPorts_followTheHttpPorts_unlessGiven() {
        assertEquals(19080, Launcher.parse(new String[] {"--http-port-base", "18080"}, Map.of()).managementPortBase());
        assertEquals(0, Launcher.parse(new String[] {"--http-port-base", "0"}, Map.of()).managementPortBase(),
            "free HTTP ports: free management ports");
        assertEquals(7100, Launcher.parse(new String[] {"--management-port-base", "7100"}, Map.of())
            .managementPortBase());
        assertEquals(0, Launcher.parse(new String[0], Map.of("DURAK_MANAGEMENT_PORT_BASE", "0")).managementPortBase());
        assertThrows(IllegalArgumentException.class,
            () -> Launcher.parse(new String[] {"--management-port-base", "65534"}, Map.of()));
    }

    @Test
    void edgesAndInstances_takeTheirPortsTenApart_andHaproxyTakesTheEdgePort() {
        Launcher.Options one = Launcher.parse(new String[0], Map.of());
        assertEquals(List.of("table-service", "rules-service", "matchmaking-service", "leaderboard-service",
            "bot-service"), Launcher.instances(one.instances(), 8080, 9080).stream().map(Launcher.Instance::name)
            .toList(), "one of each and no HAProxy by default");

        Launcher.Options o = Launcher.parse(new String[] {"--edges", "2", "--instances", "rules-service=2,bot-service=2"},
            Map.of());
        List<Launcher.Instance> all = Launcher.instances(o.instances(), 8080, 9080);
        assertEquals(List.of(
            new Launcher.Instance("table-service", "table-service", 8090, 9090),
            new Launcher.Instance("table-service-2", "table-service", 8100, 9100),
            new Launcher.Instance("rules-service", "rules-service", 8081, 9081),
            new Launcher.Instance("rules-service-2", "rules-service", 8091, 9091),
            new Launcher.Instance("matchmaking-service", "matchmaking-service", 8082, 9082),
            new Launcher.Instance("leaderboard-service", "leaderboard-service", 8083, 9083),
            new Launcher.Instance("bot-service", "bot-service", 8084, 9084),
            new Launcher.Instance("bot-service-2", "bot-service", 8094, 9094),
            new Launcher.Instance("haproxy", "table-service", 8080, 9080)), all);
        assertEquals(2, Launcher.parse(new String[0], Map.of("DURAK_EDGES", "2")).instances().get("table-service"));

        List<Launcher.Instance> free = Launcher.instances(o.instances(), 0, 0);
        List<Integer> ports = new java.util.ArrayList<>();
        free.forEach(i -> {
            ports.add(i.port());
            ports.add(i.managementPort());
        });
        assertEquals(ports.size(), new HashSet<>(ports).size(), "free ports, none twice: " + free);
        // what the services are told and the launcher prints is where the instances listen: HAProxy for the edges
        assertEquals(Map.of("table-service", 8080, "rules-service", 8081, "matchmaking-service", 8082,
            "leaderboard-service", 8083, "bot-service", 8084), Launcher.entryPorts(all));
        Map<String, Integer> entry = Launcher.entryPorts(free);
        for (Launcher.Instance i : free) {
            if (i.name().equals(i.service()) && !i.service().equals("table-service") || i.name().equals("haproxy")) {
                assertEquals(i.port(), entry.get(i.service()), "free ports: " + i);
            }
        }
        List<Launcher.Instance> single = Launcher.instances(one.instances(), 0, 0);
        assertEquals(single.get(0).port(), Launcher.entryPorts(single).get("table-service"), "one edge, free ports");

        for (String[] bad : List.of(new String[] {"--edges", "0"}, new String[] {"--edges", "10"},
                new String[] {"--instances", "rules-service"}, new String[] {"--instances", "rules-service=x"},
                new String[] {"--instances", "table-service=2"}, new String[] {"--instances", "nope=2"},
                new String[] {"--services", "table-service", "--instances", "bot-service=2"})) {
            assertThrows(IllegalArgumentException.class, () -> Launcher.parse(bad, Map.of()), String.join(" ", bad));
        }
    }

    @Test
    void theTableServiceIsToldWhereTheLeaderboardService_listens() {
        // started here: its port; not started here: its default port after the base; free ports and not here: none
        assertEquals("http://127.0.0.1:9003",
            Launcher.serviceUrl(Map.of("leaderboard-service", 9003), 8080, "leaderboard-service"));
        assertEquals("http://127.0.0.1:8083", Launcher.serviceUrl(Map.of(), 8080, "leaderboard-service"));
        assertEquals(null, Launcher.serviceUrl(Map.of(), 0, "leaderboard-service"));
        assertEquals("http://127.0.0.1:8084", Launcher.botUrl(Map.of(), 8080));
    }

    @Test
    void ownOptions_andTheInfrastructuresOptions_mixInAnyOrder() {
        Launcher.Options o = Launcher.parse(new String[] {"--kafka-port", "0", "--services=rules-service,table-service",
            "--data", "/tmp/x", "--http-port-base", "9000", "--partitions=3", "--ready-timeout", "30",
            "--watch-pid", "42"}, Map.of());
        assertEquals(List.of("table-service", "rules-service"), o.services(), "always started in the same order");
        assertEquals(9000, o.httpPortBase());
        assertEquals(Duration.ofSeconds(30), o.readyTimeout());
        assertEquals(0, o.infra().config().kafkaPort());
        assertEquals(3, o.infra().config().partitions());
        assertEquals(Path.of("/tmp/x"), o.infra().config().dataDir());
        assertEquals(List.of(42L), o.infra().watchPids());
        assertEquals(Map.of("table-service", 9000, "rules-service", 9001), Launcher.ports(o.services(), 9000));
    }

    @Test
    void theEnvironment_givesDefaults_andOptionsWin() {
        Launcher.Options o = Launcher.parse(new String[] {"--http-port-base", "7000"},
            Map.of("DURAK_HTTP_PORT_BASE", "6000", "DURAK_SERVICES", "bot-service", "DURAK_PARTITIONS", "5"));
        assertEquals(7000, o.httpPortBase());
        assertEquals(List.of("bot-service"), o.services());
        assertEquals(5, o.infra().config().partitions());
    }

    @Test
    void restartLimits_comeFromOptionsOrTheEnvironment() {
        Launcher.Options o = Launcher.parse(new String[] {"--max-restarts", "2", "--restart-window=60",
            "--control-port", "0"}, Map.of("DURAK_MAX_RESTARTS", "9"));
        assertEquals(RestartPolicy.limit(2, Duration.ofSeconds(60)), o.restartPolicy());
        assertEquals(0, o.infra().controlPort());
        assertEquals(0, Launcher.parse(new String[0], Map.of("DURAK_MAX_RESTARTS", "0")).restartPolicy().maxRestarts(),
            "0 = no restarts");
        assertThrows(IllegalArgumentException.class, () -> Launcher.parse(new String[] {"--max-restarts", "-1"}, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Launcher.parse(new String[] {"--restart-window", "0"}, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Launcher.parse(new String[] {"--control-port", "x"}, Map.of()));
    }

    @Test
    void portBaseZero_givesEveryServiceADifferentFreePort() {
        Map<String, Integer> ports = Launcher.ports(ServiceProcess.SERVICES, 0);
        assertEquals(5, new HashSet<>(ports.values()).size());
        ports.values().forEach(p -> assertTrue(p > 0));
    }

    @Test
    void portBasesZero_giveEveryInstanceItsOwnHttpAndManagementPorts() {
        Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        ServiceProcess.SERVICES.forEach(s -> counts.put(s, 2));
        for (int round = 0; round < 20; round++) { // the operating system hands out free ports in its own order
            List<Launcher.Instance> instances = Launcher.instances(counts, 0, 0);
            List<Integer> all = new java.util.ArrayList<>();
            instances.stream().filter(i -> !i.name().equals(Haproxy.NAME)).forEach(i -> {
                all.add(i.port());
                all.add(i.managementPort());
            });
            assertEquals(all.size(), new HashSet<>(all).size(), "no port twice: " + instances);
        }
    }

    @Test
    void theServicesCalled_areFoundAtTheirPorts_startedHereOrAtTheBase() {
        Map<String, Integer> ports = Launcher.ports(ServiceProcess.SERVICES, 0);
        assertEquals("http://127.0.0.1:" + ports.get("leaderboard-service"),
            Launcher.serviceUrl(ports, 0, "leaderboard-service"));
        assertEquals("http://127.0.0.1:9003", Launcher.serviceUrl(Map.of("table-service", 9000), 9000,
            "leaderboard-service"), "started apart, at its place after the base");
        assertEquals(null, Launcher.serviceUrl(Map.of(), 0, "leaderboard-service"), "unknown: the service's default");
    }

    @Test
    void badOptions_areRefused() {
        assertThrows(IllegalArgumentException.class, () -> Launcher.parse(new String[] {"--services", "chess-service"}, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Launcher.parse(new String[] {"--http-port-base", "x"}, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Launcher.parse(new String[] {"--http-port-base", "70000"}, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Launcher.parse(new String[] {"--ready-timeout"}, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Launcher.parse(new String[] {"--colour", "red"}, Map.of()));
    }

    @Test
    void theUsage_namesEveryOption_itsVariable_andItsDefault_asTheEnvironmentSetsIt() {
        String usage = Cli.usage(new Launcher.Line(), Map.of("DURAK_PARTITIONS", "7")).replaceAll("\\s+", " ");
        for (String s : List.of("deploy/start.sh [--no-build]", "--help", "--home", "--http-port-base",
            "DURAK_HTTP_PORT_BASE; default 8080", "--services", "DURAK_SERVICES", "--ready-timeout",
            "DURAK_READY_TIMEOUT; default 240", "--max-restarts", "DURAK_MAX_RESTARTS; default 5", "--restart-window",
            "DURAK_RESTART_WINDOW; default 600", "--data", "DURAK_DATA_DIR", "--kafka-port", "DURAK_KAFKA_PORT; default 9092",
            "--pg-port", "DURAK_PG_PORT; default 5432", "--partitions", "DURAK_PARTITIONS; default 7", "--pg-url",
            "--pg-user", "--pg-password", "--watch-pid", "--control-port", "DURAK_SERVICE_JAVA_OPTS", "DURAK_BOT_URL")) {
            assertTrue(usage.contains(s), s + " in\n" + usage);
        }
        assertTrue(Cli.usage(new InfraMain.Line(), Map.of()).contains("--control-port"));
    }

    @Test
    void aLaterOption_wins_asStartShPutsHomeFirst() {
        assertEquals(Path.of("/b"), Launcher.parse(new String[] {"--home", "/a", "--home", "/b"}, Map.of()).home());
    }

    @Test
    void theTokenKeys_areMadeOnce_perDataFolder(@TempDir Path a, @TempDir Path b) throws Exception {
        Map<String, String> env = TokenKeys.environment(a);
        Path priv = Path.of(env.get(TokenKeys.ENV_PRIVATE_KEY));
        Path pub = Path.of(env.get(TokenKeys.ENV_PUBLIC_KEY));
        assertEquals(a.resolve("jwt-private.pem").toAbsolutePath(), priv);
        assertEquals(a.resolve("jwt-public.pem").toAbsolutePath(), pub);
        String privateKey = Files.readString(priv);
        String publicKey = Files.readString(pub);
        assertTrue(privateKey.startsWith("-----BEGIN PRIVATE KEY-----\n"), privateKey);
        assertTrue(publicKey.startsWith("-----BEGIN PUBLIC KEY-----\n"), publicKey);
        // a real RSA pair: what one signs, the other verifies
        java.security.KeyFactory ec = java.security.KeyFactory.getInstance("RSA");
        java.security.Signature sign = java.security.Signature.getInstance("SHA256withRSA");
        sign.initSign(ec.generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(der(privateKey))));
        sign.update(new byte[] {1, 2, 3});
        byte[] signature = sign.sign();
        java.security.Signature verify = java.security.Signature.getInstance("SHA256withRSA");
        verify.initVerify(ec.generatePublic(new java.security.spec.X509EncodedKeySpec(der(publicKey))));
        verify.update(new byte[] {1, 2, 3});
        assertTrue(verify.verify(signature));

        assertEquals(env, TokenKeys.environment(a), "the same files after a restart");
        assertEquals(privateKey, Files.readString(priv), "the same key after a restart");
        assertNotEquals(privateKey, Files.readString(Path.of(TokenKeys.environment(b).get(TokenKeys.ENV_PRIVATE_KEY))));
    }

    @Test
    void anOlderFoldersP256Pair_isReplacedByAnRsaPair(@TempDir Path dir) throws Exception {
        java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("EC");
        g.initialize(new java.security.spec.ECGenParameterSpec("secp256r1"));
        java.security.KeyPair ec = g.generateKeyPair();
        String oldPrivate = "-----BEGIN PRIVATE KEY-----\n"
                + java.util.Base64.getMimeEncoder().encodeToString(ec.getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----\n";
        Files.writeString(dir.resolve("jwt-private.pem"), oldPrivate);
        Files.writeString(dir.resolve("jwt-public.pem"), "-----BEGIN PUBLIC KEY-----\n"
                + java.util.Base64.getMimeEncoder().encodeToString(ec.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n");

        Map<String, String> env = TokenKeys.environment(dir);
        String privateKey = Files.readString(Path.of(env.get(TokenKeys.ENV_PRIVATE_KEY)));
        assertNotEquals(oldPrivate, privateKey);
        java.security.KeyFactory.getInstance("RSA").generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(der(privateKey)));
        java.security.KeyFactory.getInstance("RSA").generatePublic(new java.security.spec.X509EncodedKeySpec(
                der(Files.readString(Path.of(env.get(TokenKeys.ENV_PUBLIC_KEY))))));
    }

    private static byte[] der(String pem) {
        return java.util.Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
    }

    @Test
    void aServiceWhoseJarIsMissing_isNotStarted(@TempDir Path home) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ServiceProcess.start("table-service",
            ServiceProcess.jarOf(home, "table-service"), 1, Map.of(), List.of(), Map.of(), home.resolve("x.log")));
        assertTrue(e.getMessage().contains("quarkus-run.jar"), e.getMessage());
    }
}
