package online.durak.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A service's Flyway migrations as its {@code application.properties} configures them ({@code quarkus.flyway.*}),
 * run on the test run's PostgreSQL, each case in a schema of its own: on an empty database the first of them (V1) makes
 * exactly the schema the code before the migrations made ({@link #before}, its DDL as it was); on a database that code
 * made (rows in it) they baseline, V1 changes nothing and the later ones apply, the rows kept; on a database with only
 * other services' tables they make this service's; a second run does nothing. A service's test extends it and gives a row for its tables; its DDL of before is
 * {@code src/test/resources/db/before-migrations.sql}.
 */
public abstract class MigrationsContract {
    /** The migration that makes the schema of before: V1. */
    private static final String FIRST = "1";
    private final List<String> schemas = new ArrayList<>();

    /** The class path resource of the DDL the service ran at start before it had migrations. */
    protected String before() {
        return "/db/before-migrations.sql";
    }

    /** A row for one of the service's tables (an {@code insert}), kept through the baseline. */
    protected abstract String row();

    @Test
    void onAnEmptyDatabase_theFirstMakesTheSchemaOfBefore() throws Exception {
        String migrated = schema();
        assertTrue(migrate(migrated, FIRST).migrationsExecuted > 0);
        String made = schema();
        run(made, resource(before()));
        assertEquals(shape(made), shape(migrated));
        assertFalse(shape(migrated).isEmpty());
    }

    @Test
    void onADatabaseMadeBefore_theyBaselineAndKeepItsRows() throws Exception {
        String made = schema();
        run(made, resource(before()) + ";\n" + row());
        List<String> shape = shape(made);
        long rows = count(made);
        MigrateResult result = migrate(made, FIRST);
        assertTrue(result.success);
        assertEquals(shape, shape(made), "nothing changed");
        assertEquals(rows, count(made), "the rows are kept");
        assertEquals(List.of("0 BASELINE", "1 SQL"), history(made).subList(0, 2));
        assertTrue(migrate(made, null).success, "the later migrations apply");
        assertEquals(rows, count(made), "the rows are kept");
        String fresh = schema();
        migrate(fresh, null);
        assertEquals(shape(fresh), shape(made), "the same schema as on an empty database");
        assertEquals(0, migrate(made, null).migrationsExecuted, "a second start does nothing");
    }

    @Test
    void onADatabaseWithOtherServicesTables_theyMakeThisServicesOwn() throws Exception {
        String migrated = schema();
        migrate(migrated, null);
        String shared = schema();
        run(shared, "create table someone_elses (id text primary key)");
        migrate(shared, null);
        List<String> mine = shape(shared).stream().filter(s -> !s.contains("someone_elses")).toList();
        assertEquals(shape(migrated), mine);
    }

    // ---- plumbing ----

    private Properties config() throws IOException {
        Properties p = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            p.load(in);
        }
        return p;
    }

    /** Migrates up to {@code target} (a version; null: every migration). */
    protected MigrateResult migrate(String schema, String target) throws IOException {
        Properties c = config();
        TestInfra infra = TestInfra.shared();
        var flyway = Flyway.configure(getClass().getClassLoader())
                .dataSource(infra.jdbcUrl(), infra.user(), infra.password()).schemas(schema)
                .locations(c.getProperty("quarkus.flyway.locations")).table(c.getProperty("quarkus.flyway.table"))
                .baselineOnMigrate(Boolean.parseBoolean(c.getProperty("quarkus.flyway.baseline-on-migrate")))
                .baselineVersion(c.getProperty("quarkus.flyway.baseline-version"));
        return (target == null ? flyway : flyway.target(target)).load().migrate();
    }

    /** A new, empty schema, dropped after the test. */
    protected String schema() throws SQLException {
        String name = "migrations_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("create schema " + name);
        }
        schemas.add(name);
        return name;
    }

    @AfterEach
    void dropSchemas() throws SQLException {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            for (String s : schemas) {
                st.execute("drop schema " + s + " cascade");
            }
        }
    }

    /** Runs {@code sql} in {@code schema}. */
    protected void run(String schema, String sql) throws SQLException {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("set search_path to " + schema);
            st.execute(sql);
        }
    }

    /** Every column (table, name, type, null or not, default) and index of the schema, its name left out. */
    private List<String> shape(String schema) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = connect(); Statement st = c.createStatement()) {
            try (ResultSet r = st.executeQuery("select table_name, column_name, data_type, is_nullable, column_default"
                    + " from information_schema.columns where table_schema = '" + schema + "' and table_name not like"
                    + " 'flyway%' order by table_name, ordinal_position")) {
                while (r.next()) {
                    out.add((r.getString(1) + "." + r.getString(2) + " " + r.getString(3) + " " + r.getString(4)
                            + " " + r.getString(5)).replace(schema + ".", ""));
                }
            }
            try (ResultSet r = st.executeQuery("select indexdef from pg_indexes where schemaname = '" + schema
                    + "' and tablename not like 'flyway%' order by indexname")) {
                while (r.next()) {
                    out.add(r.getString(1).replace(schema + ".", ""));
                }
            }
            try (ResultSet r = st.executeQuery("select conrelid::regclass::text || ' ' || pg_get_constraintdef(oid)"
                    + " from pg_constraint where connamespace = '" + schema + "'::regnamespace"
                    + " and conrelid::regclass::text not like '%flyway%' order by 1")) {
                while (r.next()) {
                    out.add(r.getString(1).replace(schema + ".", ""));
                }
            }
        }
        return out;
    }

    /** The rows of every table of the schema. */
    private long count(String schema) throws SQLException {
        long n = 0;
        try (Connection c = connect(); Statement st = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet r = st.executeQuery("select table_name from information_schema.tables where table_schema = '"
                    + schema + "' and table_name not like 'flyway%'")) {
                while (r.next()) {
                    tables.add(r.getString(1));
                }
            }
            for (String t : tables) {
                try (ResultSet r = st.executeQuery("select count(*) from " + schema + "." + t)) {
                    r.next();
                    n += r.getLong(1);
                }
            }
        }
        return n;
    }

    /** The history's rows: "version type", in order. */
    private List<String> history(String schema) throws SQLException, IOException {
        List<String> out = new ArrayList<>();
        try (Connection c = connect(); Statement st = c.createStatement();
             ResultSet r = st.executeQuery("select version, type from " + schema + "."
                     + config().getProperty("quarkus.flyway.table") + " order by installed_rank")) {
            while (r.next()) {
                out.add(r.getString(1) + " " + r.getString(2));
            }
        }
        return out;
    }

    protected static Connection connect() throws SQLException {
        TestInfra infra = TestInfra.shared();
        return DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password());
    }

    private String resource(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
