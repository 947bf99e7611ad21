package online.durak.deploy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;

/**
 * One Apache Kafka node in KRaft combined mode (broker + controller, node id 1), run in this JVM
 * with {@link KafkaRaftServer} from {@code org.apache.kafka:kafka_2.13}.
 *
 * <p>Layout of {@code dataDir}: {@code server.properties} (written at every start, for reference and
 * for the storage tool) and {@code logs/} (the log directory: topic partitions, the
 * {@code __cluster_metadata} log and {@code meta.properties}). The storage is formatted only when
 * {@code logs/meta.properties} does not exist yet, so a restart on the same folder keeps topics,
 * records and committed offsets.
 *
 * <p>The controller quorum is static ({@code controller.quorum.voters}), so the ports may differ from
 * one start to the next. The first {@link #start()} of an instance picks its ports (free ones when asked for 0);
 * later starts of the same instance ({@link #restart()}, or {@link #stop()} then {@link #start()}) use them
 * again, so clients reconnect to the same address.
 *
 * <p>A broker that stops without {@link #stop()} asking (it shut itself down, or asked Kafka's {@link Exit} to end
 * the JVM after a fatal fault, e.g. its only log directory failed) is reported to the {@link #onFailure} listener;
 * without one, a fatal fault ends the JVM as it would in Kafka's own launcher.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);
    private static final String HOST = "127.0.0.1";
    private static final int NODE_ID = 1;
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(60);

    private final Path dataDir;
    private final int requestedPort;
    private final Map<String, String> overrides = new LinkedHashMap<>();

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    /** The running instances, for Kafka's {@link Exit} procedures (one JVM-wide setting). */
    private static final Set<EmbeddedKafka> RUNNING = ConcurrentHashMap.newKeySet();

    private KafkaRaftServer server;
    private int port;            // 0 until the first start picks it, then kept
    private int controllerPort;  // the same
    private long startupMillis;
    private volatile Consumer<String> failureListener;

    /**
     * @param dataDir folder for this node's config and logs (created if missing)
     * @param port    the client (PLAINTEXT) port on 127.0.0.1; 0 picks a free one
     */
    public EmbeddedKafka(Path dataDir, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("bad port " + port);
        }
        this.dataDir = dataDir.toAbsolutePath().normalize();
        this.requestedPort = port;
    }

    /** Adds or replaces one broker setting (applied at the next {@link #start()}). */
    public synchronized EmbeddedKafka withBrokerProperty(String key, String value) {
        overrides.put(key, value);
        return this;
    }

    /** Formats the storage on first use, then starts the node and waits until the broker is up. */
    public synchronized EmbeddedKafka start() {
        if (server != null) {
            throw new IllegalStateException("already started");
        }
        long t0 = System.nanoTime();
        try {
            Path logDir = dataDir.resolve("logs");
            Files.createDirectories(logDir);
            if (port == 0) { // the first start picks them; restarts keep them, so clients find the broker again
                port = requestedPort != 0 ? requestedPort : Ports.freePort();
                controllerPort = Ports.freePort(port);
            }

            Properties props = brokerProperties(logDir);
            Path configFile = dataDir.resolve("server.properties");
            try (OutputStream out = Files.newOutputStream(configFile)) {
                props.store(out, "Generated by " + EmbeddedKafka.class.getName() + " at every start; edits are lost");
            }

            if (!Files.exists(logDir.resolve("meta.properties"))) {
                format(configFile);
            }

            KafkaConfig config = KafkaConfig.fromProps(props, false);
            KafkaRaftServer s = new KafkaRaftServer(config, Time.SYSTEM);
            try {
                s.startup();
            } catch (RuntimeException e) {
                safeShutdown(s);
                throw e;
            }
            server = s;
            installExitProcedures();
            RUNNING.add(this);
            watch(s);
            awaitBrokerReady();
            startupMillis = (System.nanoTime() - t0) / 1_000_000;
            LOG.info("Kafka (KRaft, in process) up at {} in {} ms, data in {}", bootstrapServers(), startupMillis, dataDir);
            return this;
        } catch (IOException e) {
            throw new IllegalStateException("could not start Kafka in " + dataDir, e);
        }
    }

    private Properties brokerProperties(Path logDir) {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        p.put("controller.quorum.voters", NODE_ID + "@" + HOST + ":" + controllerPort);
        p.put("listeners", "PLAINTEXT://" + HOST + ":" + port + ",CONTROLLER://" + HOST + ":" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + port);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        // small footprint: 2 cores on the target machine
        p.put("num.network.threads", "2");
        p.put("num.io.threads", "2");
        p.put("background.threads", "2");
        p.put("num.recovery.threads.per.data.dir", "1");
        p.put("num.replica.fetchers", "1");
        p.put("log.cleaner.threads", "1");
        p.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
        p.put("group.coordinator.threads", "1");
        p.put("share.coordinator.threads", "1");
        // single node: replication factor 1 everywhere
        p.put("default.replication.factor", "1");
        p.put("min.insync.replicas", "1");
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "10");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("transaction.state.log.num.partitions", "10");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("share.coordinator.state.topic.num.partitions", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        // topics are created explicitly (Infra / createTopics)
        p.put("auto.create.topics.enable", "false");
        overrides.forEach(p::put);
        return p;
    }

    private void format(Path configFile) {
        String clusterId = Uuid.randomUuid().toString();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int rc;
        try (PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8)) {
            // No --standalone: the quorum is static (controller.quorum.voters).
            rc = StorageTool.execute(new String[] {
                "format", "-t", clusterId, "-c", configFile.toString(), "--ignore-formatted" }, out);
        }
        String output = buf.toString(StandardCharsets.UTF_8).trim();
        if (rc != 0) {
            throw new IllegalStateException("kafka storage format failed (" + rc + "): " + output);
        }
        LOG.info("Formatted Kafka storage, cluster id {}: {}", clusterId, output);
    }

    private void awaitBrokerReady() {
        try (Admin admin = admin()) {
            admin.describeCluster().nodes().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Kafka", e);
        } catch (ExecutionException | TimeoutException e) {
            stop();
            throw new IllegalStateException("Kafka did not come up at " + bootstrapServers(), e);
        }
    }

    /** {@code 127.0.0.1:PORT}; only valid while started. */
    public synchronized String bootstrapServers() {
        requireStarted();
        return HOST + ":" + port;
    }

    public synchronized int port() {
        requireStarted();
        return port;
    }

    public synchronized boolean isRunning() {
        return server != null;
    }

    /** Milliseconds the last {@link #start()} took (format + startup + broker ready). */
    public synchronized long startupMillis() {
        return startupMillis;
    }

    public Path dataDir() {
        return dataDir;
    }

    /** A new admin client for this node; the caller closes it. */
    public Admin admin() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "durak-deploy-admin");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) ADMIN_TIMEOUT.toMillis());
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 15_000);
        return Admin.create(p);
    }

    /**
     * Creates the topics that do not exist yet, each with {@code partitions} partitions and
     * replication factor 1, and waits until every partition of every named topic has a leader.
     * Existing topics are left as they are (a different partition count is only logged).
     *
     * @return the partition count of each named topic after the call
     */
    public Map<String, Integer> createTopics(int partitions, Collection<String> names) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1");
        }
        try (Admin admin = admin()) {
            Set<String> existing = admin.listTopics().names().get();
            List<NewTopic> missing = new ArrayList<>();
            for (String name : names) {
                if (!existing.contains(name)) {
                    missing.add(new NewTopic(name, partitions, (short) 1));
                }
            }
            if (!missing.isEmpty()) {
                var results = admin.createTopics(missing).values();
                for (var e : results.entrySet()) {
                    try {
                        e.getValue().get();
                        LOG.info("Created topic {} with {} partitions", e.getKey(), partitions);
                    } catch (ExecutionException ex) {
                        if (!(ex.getCause() instanceof TopicExistsException)) {
                            throw ex;
                        }
                    }
                }
            }
            return awaitLeaders(admin, names, partitions);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not create topics " + names, e.getCause());
        }
    }

    public Map<String, Integer> createTopics(int partitions, String... names) {
        return createTopics(partitions, List.of(names));
    }

    private Map<String, Integer> awaitLeaders(Admin admin, Collection<String> names, int wanted)
            throws InterruptedException, ExecutionException {
        long deadline = System.nanoTime() + ADMIN_TIMEOUT.toNanos();
        while (true) {
            Map<String, TopicDescription> d;
            try {
                d = admin.describeTopics(names).allTopicNames().get();
            } catch (ExecutionException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
                continue;
            }
            boolean ready = d.values().stream()
                .allMatch(t -> t.partitions().stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty()));
            if (ready) {
                Map<String, Integer> counts = new LinkedHashMap<>();
                for (String name : names) {
                    int n = d.get(name).partitions().size();
                    counts.put(name, n);
                    if (n != wanted) {
                        LOG.warn("Topic {} exists with {} partitions ({} requested); left as it is", name, n, wanted);
                    }
                }
                return counts;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("partitions of " + names + " got no leader in time");
            }
            Thread.sleep(100);
        }
    }

    /** Stops the node (controlled shutdown) and waits for it; data stays on disk. Idempotent. */
    public synchronized void stop() {
        if (server == null) {
            return;
        }
        long t0 = System.nanoTime();
        KafkaRaftServer s = server;
        server = null;
        RUNNING.remove(this);
        safeShutdown(s);
        LOG.info("Kafka stopped in {} ms", (System.nanoTime() - t0) / 1_000_000);
    }

    /**
     * Stops the node and starts it again on the same ports with the same data (topics, records, committed offsets);
     * returns the milliseconds from the stop until the broker answered again.
     */
    public synchronized long restart() {
        long t0 = System.nanoTime();
        stop();
        start();
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /**
     * Who hears of a broker that stopped unexpectedly (it shut itself down, or a fatal fault asked Kafka to end the
     * JVM), with a message saying so; called at most once per start, from a Kafka or watcher thread.
     */
    public EmbeddedKafka onFailure(Consumer<String> listener) {
        this.failureListener = listener;
        return this;
    }

    /** A thread that waits for the broker's end: when it ends while still counted as running, that is a failure. */
    private void watch(KafkaRaftServer s) {
        Thread t = new Thread(() -> {
            try {
                s.awaitShutdown();
            } catch (RuntimeException e) {
                LOG.debug("awaiting Kafka's shutdown", e);
            }
            boolean unexpected;
            synchronized (this) {
                unexpected = server == s;
                if (unexpected) {
                    server = null;
                    RUNNING.remove(this);
                }
            }
            if (unexpected) {
                fail("the Kafka broker at " + HOST + ":" + port + " shut down by itself");
            }
        }, "durak-kafka-watch");
        t.setDaemon(true);
        t.start();
    }

    private void fail(String message) {
        LOG.error("{}", message);
        Consumer<String> l = failureListener;
        if (l != null) {
            l.accept(message);
        }
    }

    /**
     * Kafka ends the JVM through {@link Exit} after a fatal fault ({@code halt}: without running shutdown hooks, which
     * would leave the launcher's services and PostgreSQL behind). Instead every running instance with a listener is
     * told; with none, the JVM ends as Kafka asked. Set once per JVM; not while stopping on purpose.
     */
    private static synchronized void installExitProcedures() {
        if (exitProceduresInstalled) {
            return;
        }
        exitProceduresInstalled = true;
        Exit.setExitProcedure((code, message) -> fatal("exit", code, message));
        Exit.setHaltProcedure((code, message) -> fatal("halt", code, message));
    }

    private static boolean exitProceduresInstalled;

    private static void fatal(String how, int code, String message) {
        List<EmbeddedKafka> told = new ArrayList<>();
        for (EmbeddedKafka k : RUNNING) {
            if (k.failureListener != null) {
                told.add(k);
            }
        }
        String what = "Kafka asked to " + how + " the JVM with status " + code + (message == null ? "" : ": " + message);
        if (RUNNING.isEmpty()) { // a broker being stopped on purpose: the JVM may be shutting down already
            LOG.warn("{} while stopping; ignored", what);
            return;
        }
        if (told.isEmpty()) {
            LOG.error("{}; doing so", what);
            if (how.equals("halt")) {
                Runtime.getRuntime().halt(code);
            } else {
                System.exit(code);
            }
            return;
        }
        for (EmbeddedKafka k : told) {
            k.fail("the Kafka broker at " + HOST + ":" + k.port + " failed (" + what + ")");
        }
    }

    /** For tests: the broker shuts down as if by itself, without {@link #stop()}. */
    void shutDownBehindItsBack() {
        KafkaRaftServer s;
        synchronized (this) {
            s = server;
        }
        if (s != null) {
            s.shutdown();
        }
    }

    /** Controlled shutdown, waited for at most {@link #STOP_TIMEOUT} (a broker that failed may hang in it). */
    private static void safeShutdown(KafkaRaftServer s) {
        Thread t = new Thread(() -> {
            try {
                s.shutdown();
                s.awaitShutdown();
            } catch (RuntimeException e) {
                LOG.warn("Error while stopping Kafka", e);
            }
        }, "durak-kafka-stop");
        t.setDaemon(true);
        t.start();
        try {
            t.join(STOP_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (t.isAlive()) {
            LOG.warn("Kafka did not stop within {} s; going on without it", STOP_TIMEOUT.toSeconds());
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void requireStarted() {
        if (server == null) {
            throw new IllegalStateException("Kafka is not running");
        }
    }
}
