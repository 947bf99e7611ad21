package online.durak.deploy;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.net.URLDecoder;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * PostgreSQL for the system: either a server started from zonky's embedded binaries (a real
 * {@code postgres} child process, data kept in a folder between starts), or an external server
 * given by URL, in which case nothing is started.
 *
 * <p>Embedded layout of {@code dataDir}: {@code pgdata/} (the cluster, made by initdb on first
 * start only) and {@code postgres.log} (the server's output). The database {@value #DEFAULT_DATABASE}
 * and the login role {@value #DEFAULT_USER} (password {@value #DEFAULT_PASSWORD}, owner of that
 * database) are created when missing. The server listens on 127.0.0.1 only and uses {@code trust}
 * authentication (any password is accepted), as zonky's initdb sets it up.
 *
 * <p>The first {@link #start()} picks the port (a free one when asked for 0); every later start of the same
 * instance ({@link #restart()}, or {@link #stop()} then {@link #start()}) uses that port and folder again, so
 * clients reconnect to the same address. No JVM shutdown hook stops the server (zonky's is switched off, so
 * that it cannot stop PostgreSQL while the services still use it): whoever starts it stops it
 * ({@link Infra#stopOnShutdown()}, the launcher's own hook); a postmaster left running is stopped by the next
 * start on the same folder. {@link #crashed()} tells when the postmaster ends without being asked to.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    /** An external server's URL: {@code postgresql://host:port/db}, {@code postgres://user:pw@host/db} or {@code jdbc:postgresql://...}. */
    public static final String ENV_URL = "DURAK_PG_URL";
    public static final String ENV_USER = "DURAK_PG_USER";
    public static final String ENV_PASSWORD = "DURAK_PG_PASSWORD";

    public static final String DEFAULT_DATABASE = "durak";
    public static final String DEFAULT_USER = "durak";
    public static final String DEFAULT_PASSWORD = "durak";

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    private static final String HOST = "127.0.0.1";
    private static final String ZONKY_LOCK = "epg-lock";
    private static final ScheduledExecutorService WATCH = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "durak-postmaster-watch");
        t.setDaemon(true);
        return t;
    });

    private final Path dataDir;          // null when external
    private final int requestedPort;
    private final PgUrl external;        // null when embedded
    private final boolean fsync;

    private EmbeddedPostgres pg;
    private ProcessHandle postmaster;    // of pg, while it runs
    private CompletableFuture<Void> crashed = new CompletableFuture<>();
    private int port;                    // 0 until the first start picks it, then kept
    private long startupMillis;

    private EmbeddedPostgresServer(Path dataDir, int port, PgUrl external, boolean fsync) {
        this.dataDir = dataDir == null ? null : dataDir.toAbsolutePath().normalize();
        this.requestedPort = port;
        this.external = external;
        this.fsync = fsync;
    }

    /** An embedded, durable server with its data in {@code dataDir}; {@code port} 0 picks a free port. */
    public static EmbeddedPostgresServer embedded(Path dataDir, int port) {
        return embedded(dataDir, port, true);
    }

    /**
     * An embedded server; {@code fsync} false is unsafe (zonky's default, for tests): a crash of the machine can lose
     * committed transactions or corrupt the database.
     */
    public static EmbeddedPostgresServer embedded(Path dataDir, int port, boolean fsync) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("bad port " + port);
        }
        return new EmbeddedPostgresServer(dataDir, port, null, fsync);
    }

    /**
     * An external server; {@code user}/{@code password} may be null, then they come from the URL
     * (user info or {@code user}/{@code password} parameters) or default to durak/durak.
     */
    public static EmbeddedPostgresServer external(String url, String user, String password) {
        return new EmbeddedPostgresServer(null, 0, PgUrl.parse(url, user, password), true);
    }

    /** External when the environment has {@value #ENV_URL}, embedded otherwise. */
    public static EmbeddedPostgresServer fromEnvironment(Path dataDir, int port) {
        return fromEnvironment(System.getenv(), dataDir, port);
    }

    static EmbeddedPostgresServer fromEnvironment(Map<String, String> env, Path dataDir, int port) {
        String url = env.get(ENV_URL);
        if (url != null && !url.isBlank()) {
            return external(url, env.get(ENV_USER), env.get(ENV_PASSWORD));
        }
        return embedded(dataDir, port);
    }

    public boolean isExternal() {
        return external != null;
    }

    /** Starts the embedded server (or, when external, does nothing). */
    public synchronized EmbeddedPostgresServer start() {
        if (external != null) {
            LOG.info("Using external PostgreSQL at {} (nothing started)", external.jdbcUrl());
            return this;
        }
        if (pg != null) {
            throw new IllegalStateException("already started");
        }
        long t0 = System.nanoTime();
        try {
            Path pgData = dataDir.resolve("pgdata");
            Files.createDirectories(dataDir);
            ensureNotInUse(pgData);
            cleanFailedInit(pgData);
            stopOrphanedPostmaster(pgData);

            if (port == 0) { // the first start picks it; restarts keep it, so clients find the server again
                port = requestedPort != 0 ? requestedPort : Ports.freePort();
            }
            File log = dataDir.resolve("postgres.log").toFile();
            ProcessBuilder.Redirect toLog = ProcessBuilder.Redirect.appendTo(log);
            pg = EmbeddedPostgres.builder()
                .setDataDirectory(pgData)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setLocaleConfig("locale", "C")
                .setServerConfig("listen_addresses", HOST)
                // zonky starts postgres with -F (fsync off); a later -c wins, so durability is a choice made here
                .setServerConfig("fsync", fsync ? "on" : "off")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("max_connections", "300")
                .setOutputRedirector(toLog)
                .setErrorRedirector(toLog)
                .setPGStartupWait(Duration.ofSeconds(60))
                // ours stop it, after the services that use it (Infra, Launcher)
                .setRegisterShutdownHook(false)
                .start();
            watchPostmaster(pgData);
            ensureDatabase();
            startupMillis = (System.nanoTime() - t0) / 1_000_000;
            LOG.info("PostgreSQL (embedded) up at {} in {} ms, data in {}", jdbcUrl(), startupMillis, pgData);
            if (!fsync) {
                LOG.warn("PostgreSQL runs with fsync off (--unsafe-no-fsync): a crash of the machine can lose "
                        + "accepted moves; for tests only");
            }
            return this;
        } catch (IOException e) {
            stop();
            throw new UncheckedIOException("could not start PostgreSQL in " + dataDir, e);
        } catch (SQLException e) {
            stop();
            throw new IllegalStateException("could not prepare database " + DEFAULT_DATABASE, e);
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    /** Fails when another process (or another instance in this JVM) runs this data folder. */
    private static void ensureNotInUse(Path pgData) throws IOException {
        Path lock = pgData.resolve(ZONKY_LOCK);
        if (!Files.exists(lock)) {
            return;
        }
        try (FileOutputStream out = new FileOutputStream(lock.toFile(), true);
             FileLock l = out.getChannel().tryLock()) {
            if (l == null) {
                throw new IllegalStateException("PostgreSQL data folder " + pgData + " is in use by another process");
            }
        } catch (OverlappingFileLockException e) {
            throw new IllegalStateException("PostgreSQL data folder " + pgData + " is in use in this JVM", e);
        }
    }

    /** A folder without postgresql.conf is no cluster: left over from an initdb that died; start over. */
    private static void cleanFailedInit(Path pgData) throws IOException {
        if (!Files.isDirectory(pgData) || Files.exists(pgData.resolve("postgresql.conf"))) {
            return;
        }
        List<Path> leftovers;
        try (Stream<Path> s = Files.list(pgData)) {
            leftovers = s.toList();
        }
        if (leftovers.isEmpty()) {
            return;
        }
        LOG.warn("{} has no postgresql.conf (an interrupted initdb?); removing it to initialize again", pgData);
        try (Stream<Path> walk = Files.walk(pgData)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                if (!p.equals(pgData)) {
                    Files.delete(p);
                }
            }
        }
    }

    /**
     * A postmaster left running by a JVM that was killed keeps the data folder; zonky's pg_ctl start
     * would fail on it. We hold zonky's lock file here, so no live owner exists: stop it (fast mode).
     */
    private static void stopOrphanedPostmaster(Path pgData) throws IOException {
        Path pidFile = pgData.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        long pid;
        try {
            pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
        } catch (RuntimeException e) {
            return; // unreadable: let postgres judge it
        }
        Optional<ProcessHandle> h = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (h.isEmpty()) {
            // stale: postgres sees that itself, and refuses to start while backends of that postmaster still
            // hold its shared memory (a crash a moment ago; the supervisor tries again later)
            return;
        }
        boolean isPostgres = h.flatMap(p -> p.info().command()).map(c -> c.contains("postgres")).orElse(false);
        if (!isPostgres) {
            // stale, and the pid belongs to another program now: postgres would think it still runs
            Files.deleteIfExists(pidFile);
            return;
        }
        LOG.warn("Stopping orphaned postmaster (pid {}) of {}", pid, pgData);
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(pid)).inheritIO().start().waitFor();
            h.get().onExit().get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            h.get().destroyForcibly();
        }
    }

    private void ensureDatabase() throws SQLException {
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement st = c.createStatement()) {
            if (!exists(c, "SELECT 1 FROM pg_roles WHERE rolname = ?", DEFAULT_USER)) {
                st.execute("CREATE ROLE \"" + DEFAULT_USER + "\" LOGIN PASSWORD '" + DEFAULT_PASSWORD + "'");
                LOG.info("Created role {}", DEFAULT_USER);
            }
            if (!exists(c, "SELECT 1 FROM pg_database WHERE datname = ?", DEFAULT_DATABASE)) {
                st.execute("CREATE DATABASE \"" + DEFAULT_DATABASE + "\" OWNER \"" + DEFAULT_USER + "\"");
                LOG.info("Created database {}", DEFAULT_DATABASE);
            }
        }
    }

    private static boolean exists(Connection c, String sql, String arg) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, arg);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /**
     * Follows the postmaster that zonky's {@code pg_ctl start} left running: its pid is the first line of
     * {@code postmaster.pid}. It is not a child of this JVM, so {@link ProcessHandle#onExit()} would only poll it
     * ever more slowly (up to every 5 s); it is looked at twice a second instead. When it has ended while this
     * instance still counts it as running, {@link #crashed()} completes.
     */
    private void watchPostmaster(Path pgData) throws IOException {
        long pid = Long.parseLong(Files.readAllLines(pgData.resolve("postmaster.pid")).get(0).trim());
        ProcessHandle h = ProcessHandle.of(pid)
            .orElseThrow(() -> new IllegalStateException("the postmaster (pid " + pid + ") ended at once"));
        EmbeddedPostgres instance = pg;
        if (crashed.isDone()) { // else a restart on purpose: whoever waits for a crash goes on waiting for this one
            crashed = new CompletableFuture<>();
        }
        CompletableFuture<Void> signal = crashed;
        postmaster = h;
        ScheduledFuture<?>[] task = new ScheduledFuture<?>[1];
        task[0] = WATCH.scheduleWithFixedDelay(() -> {
            if (h.isAlive()) {
                return;
            }
            synchronized (this) {
                task[0].cancel(false);
                if (pg != instance) {
                    return; // stopped or restarted on purpose
                }
            }
            LOG.warn("PostgreSQL's postmaster (pid {}) ended unexpectedly; see {}", pid, dataDir.resolve("postgres.log"));
            signal.complete(null);
        }, 500, 500, TimeUnit.MILLISECONDS);
    }

    /**
     * Completes when the postmaster ends without {@link #stop()} or {@link #restart()} asking it to (killed, crashed):
     * the running one, or, across restarts on purpose, the one that runs then. After a crash, the next
     * {@link #start()} begins a new one. Never completes for an external server.
     */
    public synchronized CompletionStage<Void> crashed() {
        return crashed.copy();
    }

    /** Whether the embedded server was started and its postmaster still lives (always true for an external one). */
    public synchronized boolean isUp() {
        return external != null || (pg != null && postmaster != null && postmaster.isAlive());
    }

    /** The postmaster's pid while the embedded server runs, else -1. */
    public synchronized long postmasterPid() {
        return postmaster == null ? -1 : postmaster.pid();
    }

    /** Stops the embedded server (pg_ctl stop -m fast); data stays. Nothing for an external one. Idempotent. */
    public synchronized void stop() {
        if (pg == null) {
            return;
        }
        long t0 = System.nanoTime();
        EmbeddedPostgres p = pg;
        ProcessHandle h = postmaster;
        pg = null;
        postmaster = null;
        if (h != null && !h.isAlive()) {
            releaseDeadServer(p);
            LOG.info("PostgreSQL had already stopped (pid {}); released its data folder", h.pid());
            return;
        }
        try {
            p.close();
        } catch (IOException e) {
            LOG.warn("Error while stopping PostgreSQL", e);
        }
        awaitExit(h);
        LOG.info("PostgreSQL stopped in {} ms", (System.nanoTime() - t0) / 1_000_000);
    }

    /**
     * pg_ctl may return while the postmaster is still writing its shutdown checkpoint: stopped means that process has
     * ended (a fast shutdown, SIGINT, if it is still there after 10 s), so that nothing outlives the system's stop.
     */
    private static void awaitExit(ProcessHandle postmaster) {
        if (postmaster == null) {
            return;
        }
        try {
            postmaster.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            LOG.warn("PostgreSQL (pid {}) still runs 10 s after pg_ctl stop; asking it once more", postmaster.pid());
            try {
                new ProcessBuilder("kill", "-INT", Long.toString(postmaster.pid())).inheritIO().start().waitFor();
                postmaster.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception again) {
                LOG.warn("PostgreSQL (pid {}) did not stop: {}", postmaster.pid(), again.toString());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            LOG.debug("waiting for the postmaster: {}", e.toString());
        }
    }

    /**
     * Stops the embedded server (if it still runs) and starts it again on the same port with the same data;
     * returns the milliseconds it took. A server whose postmaster has died is started again the same way.
     */
    public synchronized long restart() {
        if (external != null) {
            throw new IllegalStateException("PostgreSQL is external (" + external.jdbcUrl() + "); nothing to restart");
        }
        long t0 = System.nanoTime();
        stop();
        start();
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /**
     * zonky's {@link EmbeddedPostgres#close()} runs {@code pg_ctl stop}, which fails (and logs an error with a stack
     * trace) when the postmaster is already gone, before it releases its lock on the data folder, which a new
     * start in this JVM needs. So for a dead server the lock is released here; should zonky's fields ever differ
     * (another version), {@code close()} does it, error and all.
     */
    private static void releaseDeadServer(EmbeddedPostgres p) {
        try {
            Field closed = EmbeddedPostgres.class.getDeclaredField("closed");
            Field lock = EmbeddedPostgres.class.getDeclaredField("lock");
            Field lockStream = EmbeddedPostgres.class.getDeclaredField("lockStream");
            closed.setAccessible(true);
            lock.setAccessible(true);
            lockStream.setAccessible(true);
            if (((AtomicBoolean) closed.get(p)).getAndSet(true)) {
                return;
            }
            if (lock.get(p) instanceof FileLock l) {
                l.release();
            }
            if (lockStream.get(p) instanceof FileOutputStream out) {
                out.close();
            }
        } catch (ReflectiveOperationException | RuntimeException | IOException e) {
            LOG.debug("cannot release zonky's lock directly ({}); closing it", e.toString());
            try {
                p.close();
            } catch (IOException ex) {
                LOG.warn("Error while releasing PostgreSQL's data folder", ex);
            }
        }
    }

    @Override
    public void close() {
        stop();
    }

    public synchronized boolean isRunning() {
        return external != null || pg != null;
    }

    public synchronized String host() {
        return external != null ? external.host() : HOST;
    }

    public synchronized int port() {
        if (external != null) {
            return external.port();
        }
        requireStarted();
        return port;
    }

    public String database() {
        return external != null ? external.database() : DEFAULT_DATABASE;
    }

    /** {@code jdbc:postgresql://127.0.0.1:PORT/durak} (or the external server's). */
    public synchronized String jdbcUrl() {
        if (external != null) {
            return external.jdbcUrl();
        }
        requireStarted();
        return "jdbc:postgresql://" + HOST + ":" + port + "/" + DEFAULT_DATABASE;
    }

    /** {@code postgresql://127.0.0.1:PORT/durak}, the form Quarkus' reactive datasource URL takes. */
    public synchronized String reactiveUrl() {
        if (external != null) {
            return external.reactiveUrl();
        }
        requireStarted();
        return "postgresql://" + HOST + ":" + port + "/" + DEFAULT_DATABASE;
    }

    public String user() {
        return external != null ? external.user() : DEFAULT_USER;
    }

    public String password() {
        return external != null ? external.password() : DEFAULT_PASSWORD;
    }

    /** A new JDBC connection to the system's database as {@link #user()}. */
    public Connection connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", user());
        p.setProperty("password", password());
        return DriverManager.getConnection(jdbcUrl(), p);
    }

    /** Milliseconds the last embedded {@link #start()} took (0 for an external server). */
    public synchronized long startupMillis() {
        return startupMillis;
    }

    private void requireStarted() {
        if (pg == null) {
            throw new IllegalStateException("PostgreSQL is not running");
        }
    }

    /** A parsed PostgreSQL URL; {@code query} is kept as given (without '?'), or empty. */
    record PgUrl(String host, int port, String database, String query, String user, String password) {

        static PgUrl parse(String url, String userOverride, String passwordOverride) {
            String s = url.trim();
            for (String prefix : new String[] {"jdbc:", "vertx-reactive:"}) {
                if (s.startsWith(prefix)) {
                    s = s.substring(prefix.length());
                }
            }
            String rest;
            if (s.startsWith("postgresql://")) {
                rest = s.substring("postgresql://".length());
            } else if (s.startsWith("postgres://")) {
                rest = s.substring("postgres://".length());
            } else {
                throw new IllegalArgumentException("not a PostgreSQL URL (postgresql://host:port/db expected): " + url);
            }
            String query = "";
            int q = rest.indexOf('?');
            if (q >= 0) {
                query = rest.substring(q + 1);
                rest = rest.substring(0, q);
            }
            int slash = rest.indexOf('/');
            String authority = slash >= 0 ? rest.substring(0, slash) : rest;
            String database = slash >= 0 ? rest.substring(slash + 1) : "";
            if (database.isEmpty()) {
                database = DEFAULT_DATABASE;
            }
            String user = null;
            String password = null;
            int at = authority.lastIndexOf('@');
            if (at >= 0) {
                String info = authority.substring(0, at);
                authority = authority.substring(at + 1);
                int colon = info.indexOf(':');
                user = decode(colon >= 0 ? info.substring(0, colon) : info);
                password = colon >= 0 ? decode(info.substring(colon + 1)) : null;
            }
            for (String param : query.isEmpty() ? new String[0] : query.split("&")) {
                int eq = param.indexOf('=');
                String k = eq >= 0 ? param.substring(0, eq) : param;
                String v = eq >= 0 ? decode(param.substring(eq + 1)) : "";
                if (k.equals("user") && user == null) {
                    user = v;
                } else if (k.equals("password") && password == null) {
                    password = v;
                }
            }
            String host = authority;
            int port = 5432;
            int portColon = authority.lastIndexOf(':');
            if (portColon >= 0 && portColon > authority.lastIndexOf(']')) {
                host = authority.substring(0, portColon);
                port = Integer.parseInt(authority.substring(portColon + 1));
            }
            if (host.isEmpty() || host.contains(",")) {
                throw new IllegalArgumentException("one host expected in " + url);
            }
            if (userOverride != null && !userOverride.isBlank()) {
                user = userOverride;
            }
            if (passwordOverride != null) {
                password = passwordOverride;
            }
            return new PgUrl(host, port, database, query,
                user != null ? user : DEFAULT_USER, password != null ? password : DEFAULT_PASSWORD);
        }

        private static String decode(String s) {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        }

        private String suffix() {
            return host + ":" + port + "/" + database + (query.isEmpty() ? "" : "?" + query);
        }

        String jdbcUrl() {
            return "jdbc:postgresql://" + suffix();
        }

        String reactiveUrl() {
            return "postgresql://" + suffix();
        }
    }
}
