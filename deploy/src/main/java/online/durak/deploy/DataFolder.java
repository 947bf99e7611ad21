package online.durak.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The data folder is the system's own: it holds the token keys, the database's password ({@code infra.properties}),
 * the database itself and the logs. So the folder is readable by its owner only ({@code rwx------}) and so is every
 * file directly in it ({@code rw-------}): set when a file is made ({@link #write}), and set again on every start
 * ({@link #restrict}), so that a folder made by an older version, whose {@code infra.properties} anyone could read,
 * is fixed. On a file system without POSIX permissions the folder's own protection applies.
 */
final class DataFolder {
    static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private DataFolder() {
    }

    /** Makes {@code dir} and every regular file directly in it readable by the owner only. */
    static void restrict(Path dir) {
        try {
            set(dir, FOLDER);
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                for (Path f : files) {
                    if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                        set(f, FILE);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot restrict the data folder " + dir + " to its owner", e);
        }
    }

    /** Writes {@code file} whole (a file beside it moved into place), readable by the owner only from the start. */
    static void write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        try {
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(FILE));
        } catch (UnsupportedOperationException e) {
            Files.createFile(tmp);
        }
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void set(Path p, Set<PosixFilePermission> permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(p, permissions);
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system
        }
    }
}
