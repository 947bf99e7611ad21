package online.durak.deploy;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.concurrent.TimeUnit;
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

    private final Path dataDir;          // null when external
    private final int requestedPort;
    private final PgUrl external;        // null when embedded

    private EmbeddedPostgres pg;
    private int port;
    private long startupMillis;

    private EmbeddedPostgresServer(Path dataDir, int port, PgUrl external) {
        this.dataDir = dataDir == null ? null : dataDir.toAbsolutePath().normalize();
        this.requestedPort = port;
        this.external = external;
    }

    /** An embedded server with its data in {@code dataDir}; {@code port} 0 picks a free port. */
    public static EmbeddedPostgresServer embedded(Path dataDir, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("bad port " + port);
        }
        return new EmbeddedPostgresServer(dataDir, port, null);
    }

    /**
     * An external server; {@code user}/{@code password} may be null, then they come from the URL
     * (user info or {@code user}/{@code password} parameters) or default to durak/durak.
     */
    public static EmbeddedPostgresServer external(String url, String user, String password) {
        return new EmbeddedPostgresServer(null, 0, PgUrl.parse(url, user, password));
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

            port = requestedPort != 0 ? requestedPort : Ports.freePort();
            File log = dataDir.resolve("postgres.log").toFile();
            ProcessBuilder.Redirect toLog = ProcessBuilder.Redirect.appendTo(log);
            pg = EmbeddedPostgres.builder()
                .setDataDirectory(pgData)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setLocaleConfig("locale", "C")
                .setServerConfig("listen_addresses", HOST)
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("max_connections", "300")
                .setOutputRedirector(toLog)
                .setErrorRedirector(toLog)
                .setPGStartupWait(Duration.ofSeconds(60))
                .start();
            ensureDatabase();
            startupMillis = (System.nanoTime() - t0) / 1_000_000;
            LOG.info("PostgreSQL (embedded) up at {} in {} ms, data in {}", jdbcUrl(), startupMillis, pgData);
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
        boolean isPostgres = h.flatMap(p -> p.info().command()).map(c -> c.contains("postgres")).orElse(false);
        if (h.isEmpty() || !isPostgres) {
            // stale pid file (the pid may even belong to another program now)
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

    /** Stops the embedded server (pg_ctl stop -m fast); data stays. Nothing for an external one. Idempotent. */
    public synchronized void stop() {
        if (pg == null) {
            return;
        }
        long t0 = System.nanoTime();
        EmbeddedPostgres p = pg;
        pg = null;
        try {
            p.close();
        } catch (IOException e) {
            LOG.warn("Error while stopping PostgreSQL", e);
        }
        LOG.info("PostgreSQL stopped in {} ms", (System.nanoTime() - t0) / 1_000_000);
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
