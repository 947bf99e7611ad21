package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** No servers here: how URLs, options and the environment are read. */
class ConfigParsingTest {

    @Test
    void externalUrlInAnyOfTheUsualForms() {
        var a = EmbeddedPostgresServer.PgUrl.parse("postgresql://db.local:6543/durak", null, null);
        assertEquals("jdbc:postgresql://db.local:6543/durak", a.jdbcUrl());
        assertEquals("postgresql://db.local:6543/durak", a.reactiveUrl());
        assertEquals("durak", a.user());
        assertEquals("durak", a.password());

        var b = EmbeddedPostgresServer.PgUrl.parse("postgres://alice:s%40cret@pg.example/games?sslmode=require", null, null);
        assertEquals("jdbc:postgresql://pg.example:5432/games?sslmode=require", b.jdbcUrl());
        assertEquals("postgresql://pg.example:5432/games?sslmode=require", b.reactiveUrl());
        assertEquals("alice", b.user());
        assertEquals("s@cret", b.password());

        var c = EmbeddedPostgresServer.PgUrl.parse("jdbc:postgresql://localhost:5432/?user=bob&password=pw", null, null);
        assertEquals("durak", c.database());
        assertEquals("bob", c.user());
        assertEquals("pw", c.password());

        var d = EmbeddedPostgresServer.PgUrl.parse("vertx-reactive:postgresql://[::1]:5433/x", "u", "p");
        assertEquals("[::1]", d.host());
        assertEquals(5433, d.port());
        assertEquals("u", d.user());
        assertEquals("p", d.password());

        assertThrows(IllegalArgumentException.class,
            () -> EmbeddedPostgresServer.PgUrl.parse("mysql://localhost/durak", null, null));
    }

    @Test
    void environmentUrlMeansExternal() {
        EmbeddedPostgresServer ext = EmbeddedPostgresServer.fromEnvironment(
            Map.of(EmbeddedPostgresServer.ENV_URL, "postgresql://h:1/db", EmbeddedPostgresServer.ENV_USER, "me"),
            Path.of("unused"), 0);
        assertTrue(ext.isExternal());
        assertEquals("me", ext.user());
        assertEquals(1, ext.port());
        assertFalse(EmbeddedPostgresServer.fromEnvironment(Map.of(), Path.of("d"), 0).isExternal());
    }

    @Test
    void mainOptionsOverrideEnvironmentOverrideDefaults() {
        Infra.Config defaults = InfraMain.parse(new String[0], Map.of());
        assertEquals(Path.of("data"), defaults.dataDir());
        assertEquals(9092, defaults.kafkaPort());
        assertEquals(5432, defaults.pgPort());
        assertEquals(12, defaults.partitions());
        assertNull(defaults.externalPgUrl());
        assertFalse(defaults.unsafeNoFsync(), "durable unless asked");
        assertTrue(InfraMain.parse(new String[] {"--unsafe-no-fsync"}, Map.of()).unsafeNoFsync());
        assertTrue(InfraMain.parse(new String[0], Map.of("DURAK_UNSAFE_NO_FSYNC", "true")).unsafeNoFsync());

        Infra.Config c = InfraMain.parse(
            new String[] {"--data", "/tmp/x", "--kafka-port=0", "--partitions", "4"},
            Map.of("DURAK_PG_PORT", "6000", "DURAK_PARTITIONS", "8", "DURAK_PG_URL", "postgresql://h/db"));
        assertEquals(Path.of("/tmp/x"), c.dataDir());
        assertEquals(0, c.kafkaPort());
        assertEquals(6000, c.pgPort());
        assertEquals(4, c.partitions());
        assertEquals("postgresql://h/db", c.externalPgUrl());

        assertThrows(IllegalArgumentException.class, () -> InfraMain.parse(new String[] {"--nope", "1"}, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> InfraMain.parse(new String[] {"--pg-port", "x"}, Map.of()));
    }
}
