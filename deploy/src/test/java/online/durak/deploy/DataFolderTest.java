package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The data folder and the files directly in it are the owner's only: made so, and fixed on start. */
class DataFolderTest {
    @TempDir
    Path dir;

    private static String permissions(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    @Test
    void anOlderFolderThatAnyoneCouldRead_isTheOwnersOnly_afterAStart() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxr-xr-x"));
        for (String name : new String[] {"infra.properties", "jwt-private.pem", "jwt-public.pem", "daily-secret"}) {
            Path f = Files.writeString(data.resolve(name), "secret");
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        }
        Path logs = Files.createDirectories(data.resolve("logs"));
        Files.setPosixFilePermissions(logs, PosixFilePermissions.fromString("rwxr-xr-x"));

        DataFolder.restrict(data);

        assertEquals("rwx------", permissions(data));
        for (String name : new String[] {"infra.properties", "jwt-private.pem", "jwt-public.pem", "daily-secret"}) {
            assertEquals("rw-------", permissions(data.resolve(name)), name);
            assertEquals("secret", Files.readString(data.resolve(name)), "the content stays");
        }
        assertEquals("rwxr-xr-x", permissions(logs), "folders inside are behind the folder's own permission");
    }

    @Test
    void aWrittenFile_isTheOwnersOnly_fromTheStart() throws Exception {
        Path f = dir.resolve("infra.properties");
        DataFolder.write(f, "pg.password=x\n");
        assertEquals("rw-------", permissions(f));
        assertEquals("pg.password=x\n", Files.readString(f));
        DataFolder.write(f, "pg.password=y\n"); // written again over the old one
        assertEquals("rw-------", permissions(f));
        assertEquals("pg.password=y\n", Files.readString(f));
    }
}
