package online.durak.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The system's infrastructure on one machine: Kafka (KRaft, in process) and PostgreSQL (embedded,
 * or external by URL), the system's topics, and {@code <data>/infra.properties} for whoever wants
 * the addresses.
 *
 * <p>Data folder layout: {@code kafka/} (see {@link EmbeddedKafka}), {@code postgres/} (see
 * {@link EmbeddedPostgresServer}), {@code infra.lock} (held while running, so two launchers cannot
 * share a folder) and {@code infra.properties} (written once everything is ready, removed on a
 * clean stop).
 */
public final class Infra implements AutoCloseable {

    public static final String COMMANDS_TOPIC = "durak.commands";
    public static final String TABLE_EVENTS_TOPIC = "durak.table-events";
    public static final String REPLIES_TOPIC = "durak.replies";
    public static final List<String> TOPICS = List.of(COMMANDS_TOPIC, TABLE_EVENTS_TOPIC, REPLIES_TOPIC);
    public static final int DEFAULT_PARTITIONS = 12;

    public static final String PROPERTIES_FILE = "infra.properties";
    public static final String KEY_BOOTSTRAP = "kafka.bootstrap.servers";
    public static final String KEY_JDBC_URL = "pg.jdbc.url";
    public static final String KEY_REACTIVE_URL = "pg.reactive.url";
    public static final String KEY_PG_USER = "pg.user";
    public static final String KEY_PG_PASSWORD = "pg.password";

    private static final Logger LOG = LoggerFactory.getLogger(Infra.class);

    /** What to start. */
    public record Config(Path dataDir, int kafkaPort, int pgPort, int partitions,
                         String externalPgUrl, String externalPgUser, String externalPgPassword,
                         boolean unsafeNoFsync) {

        public Config {
            if (partitions < 1) {
                throw new IllegalArgumentException("partitions must be >= 1");
            }
        }

        /** Embedded everything in {@code dataDir}, free ports, {@value #DEFAULT_PARTITIONS} partitions. */
        public static Config of(Path dataDir) {
            return new Config(dataDir, 0, 0, DEFAULT_PARTITIONS, null, null, null, false);
        }

        public Config withPorts(int kafka, int pg) {
            return new Config(dataDir, kafka, pg, partitions, externalPgUrl, externalPgUser, externalPgPassword,
                    unsafeNoFsync);
        }

        public Config withPartitions(int n) {
            return new Config(dataDir, kafkaPort, pgPort, n, externalPgUrl, externalPgUser, externalPgPassword,
                    unsafeNoFsync);
        }

        public Config withExternalPostgres(String url, String user, String password) {
            return new Config(dataDir, kafkaPort, pgPort, partitions, url, user, password, unsafeNoFsync);
        }

        /**
         * The embedded PostgreSQL without {@code fsync}: faster, but a power loss or a crash of the machine can lose
         * moves players were told were accepted, or corrupt the database. For tests only.
         */
        public Config withUnsafeNoFsync() {
            return new Config(dataDir, kafkaPort, pgPort, partitions, externalPgUrl, externalPgUser,
                    externalPgPassword, true);
        }
    }

    private final Config config;
    private final Path dataDir;
    private final EmbeddedKafka kafka;
    private final EmbeddedPostgresServer postgres;
    private final Map<String, String> extraProperties = new LinkedHashMap<>();
    private FileChannel lockChannel;
    private FileLock lock;
    private Thread shutdownHook;
    private boolean started;
    private volatile Consumer<String> failureListener;
    private Supervisor postgresSupervisor;

    public Infra(Config config) {
        this.config = config;
        this.dataDir = config.dataDir().toAbsolutePath().normalize();
        this.kafka = new EmbeddedKafka(dataDir.resolve("kafka"), config.kafkaPort());
        this.postgres = config.externalPgUrl() != null && !config.externalPgUrl().isBlank()
            ? EmbeddedPostgresServer.external(config.externalPgUrl(), config.externalPgUser(), config.externalPgPassword())
            : EmbeddedPostgresServer.embedded(dataDir.resolve("postgres"), config.pgPort(), !config.unsafeNoFsync());
    }

    /**
     * Starts PostgreSQL and Kafka (side by side), creates the topics and writes
     * {@code infra.properties}. On failure everything started so far is stopped again.
     */
    public synchronized Infra start() {
        if (started) {
            throw new IllegalStateException("already started");
        }
        long t0 = System.nanoTime();
        try {
            Files.createDirectories(dataDir);
            acquireLock(); // fails without touching anything when another launcher has the folder
            DataFolder.restrict(dataDir); // the owner's only, also a folder an older version made
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Files.deleteIfExists(dataDir.resolve(PROPERTIES_FILE));
            // postgres is mostly a child process: start it while Kafka starts in this thread
            CompletableFuture<Void> pg = CompletableFuture.runAsync(postgres::start);
            try {
                kafka.start();
                kafka.createTopics(config.partitions(), TOPICS);
            } finally {
                try {
                    pg.join();
                } catch (CompletionException e) {
                    throw e.getCause() instanceof RuntimeException re ? re : e;
                }
            }
            writeProperties();
            started = true;
            LOG.info("Infrastructure ready in {} ms (Kafka {} ms, PostgreSQL {} ms)",
                (System.nanoTime() - t0) / 1_000_000, kafka.startupMillis(), postgres.startupMillis());
            return this;
        } catch (IOException e) {
            stopAll();
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            stopAll();
            throw e;
        }
    }

    private void acquireLock() throws IOException {
        lockChannel = FileChannel.open(dataDir.resolve("infra.lock"),
            StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            lock = lockChannel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            lockChannel.close();
            lockChannel = null;
            throw new IllegalStateException("data folder " + dataDir + " is in use by another launcher");
        }
    }

    /**
     * Written by hand rather than with {@link java.util.Properties#store}, which would escape every ':' and
     * make the file awkward for shell scripts; it still loads with {@link java.util.Properties#load}.
     */
    private void writeProperties() throws IOException {
        StringBuilder sb = new StringBuilder("# Durak infrastructure addresses; present while it runs\n");
        properties().forEach((k, v) -> sb.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        DataFolder.write(dataDir.resolve(PROPERTIES_FILE), sb.toString()); // it holds the database's password
    }

    /** One more line for {@code infra.properties} (e.g. InfraMain's control port); before {@link #start()}. */
    public synchronized Infra withProperty(String key, String value) {
        extraProperties.put(key, value);
        return this;
    }

    /**
     * Who hears that the infrastructure cannot go on: the Kafka broker stopped unexpectedly ({@link
     * EmbeddedKafka#onFailure}), or the supervised PostgreSQL could not be kept running. The launchers stop
     * everything then.
     */
    public Infra onFailure(Consumer<String> listener) {
        this.failureListener = listener;
        kafka.onFailure(listener);
        return this;
    }

    /**
     * Once started: when the embedded postmaster ends unexpectedly, start it again on the same port and data folder
     * under {@code policy}, each step told on {@code console}; when it cannot be kept running, the {@link #onFailure}
     * listener hears of it. Nothing for an external PostgreSQL.
     */
    public synchronized Infra supervisePostgres(RestartPolicy policy, Consumer<String> console) {
        if (postgres.isExternal() || !started || postgresSupervisor != null) {
            return this;
        }
        postgresSupervisor = new Supervisor("PostgreSQL", () -> {
            if (!postgres.isUp()) { // not already started again (restartPostgres)
                postgres.restart();
            }
            return postgresRun();
        }, policy, console, () -> {
            Consumer<String> l = failureListener;
            if (l != null) {
                l.accept("PostgreSQL could not be kept running (see " + dataDir.resolve("postgres/postgres.log") + ")");
            }
        }).supervise(postgresRun());
        return this;
    }

    private Supervisor.Run postgresRun() {
        return new Supervisor.Run("at " + postgres.jdbcUrl() + " (pid " + postgres.postmasterPid() + ")",
            postgres.crashed().thenApply(x -> OptionalInt.empty()));
    }

    /**
     * Stops the Kafka broker and starts it again on the same address with the same data, and waits until every
     * partition of the system's topics has a leader again; returns the milliseconds that took (the downtime).
     */
    public long restartKafka() {
        requireStarted();
        long t0 = System.nanoTime();
        kafka.restart();
        kafka.createTopics(config.partitions(), TOPICS); // they exist: this waits for their leaders
        long ms = (System.nanoTime() - t0) / 1_000_000;
        LOG.info("Kafka restarted at {} in {} ms", kafka.bootstrapServers(), ms);
        return ms;
    }

    /**
     * Stops the embedded PostgreSQL and starts it again on the same port with the same data; returns the milliseconds
     * that took (the downtime). Fails for an external server.
     */
    public long restartPostgres() {
        requireStarted();
        long ms = postgres.restart();
        LOG.info("PostgreSQL restarted at {} in {} ms", postgres.jdbcUrl(), ms);
        return ms;
    }

    private synchronized void requireStarted() {
        if (!started) {
            throw new IllegalStateException("the infrastructure is not running");
        }
    }

    /** The addresses, as written to {@code infra.properties}. */
    public synchronized Map<String, String> properties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(KEY_BOOTSTRAP, kafka.bootstrapServers());
        m.put(KEY_JDBC_URL, postgres.jdbcUrl());
        m.put(KEY_REACTIVE_URL, postgres.reactiveUrl());
        m.put(KEY_PG_USER, postgres.user());
        m.put(KEY_PG_PASSWORD, postgres.password());
        m.put("topics", String.join(",", TOPICS));
        m.put("topics.partitions", String.valueOf(config.partitions()));
        m.put("pg.embedded", String.valueOf(!postgres.isExternal()));
        m.put("pid", String.valueOf(ProcessHandle.current().pid()));
        m.putAll(extraProperties);
        return m;
    }

    public EmbeddedKafka kafka() {
        return kafka;
    }

    public EmbeddedPostgresServer postgres() {
        return postgres;
    }

    public Path dataDir() {
        return dataDir;
    }

    public Path propertiesFile() {
        return dataDir.resolve(PROPERTIES_FILE);
    }

    /** Stops Kafka, then PostgreSQL, removes {@code infra.properties}. Data stays. Idempotent. */
    public synchronized void stop() {
        if (shutdownHook != null && Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // already shutting down
            }
            shutdownHook = null;
        }
        stopAll();
    }

    private void stopAll() {
        long t0 = System.nanoTime();
        boolean wasStarted = started;
        started = false;
        if (postgresSupervisor != null) {
            postgresSupervisor.stop();
            postgresSupervisor = null;
        }
        // side by side: neither needs the other any more
        CompletableFuture<Void> pg = CompletableFuture.runAsync(postgres::stop);
        kafka.stop();
        try {
            pg.join();
        } catch (CompletionException e) {
            LOG.warn("could not stop PostgreSQL", e.getCause());
        }
        if (lock == null) {
            return; // never owned the folder
        }
        try {
            Files.deleteIfExists(dataDir.resolve(PROPERTIES_FILE));
        } catch (IOException e) {
            LOG.warn("could not remove {}", PROPERTIES_FILE, e);
        }
        try {
            if (lock != null) {
                lock.release();
            }
            if (lockChannel != null) {
                lockChannel.close();
            }
        } catch (IOException e) {
            LOG.warn("could not release infra.lock", e);
        } finally {
            lock = null;
            lockChannel = null;
        }
        if (wasStarted) {
            LOG.info("Infrastructure stopped in {} ms", (System.nanoTime() - t0) / 1_000_000);
        }
    }

    /** Stops everything when the JVM exits (Ctrl-C, SIGTERM). */
    public synchronized Infra stopOnShutdown() {
        if (shutdownHook == null) {
            shutdownHook = new Thread(this::stop, "durak-infra-shutdown");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }
        return this;
    }

    @Override
    public void close() {
        stop();
    }
}
