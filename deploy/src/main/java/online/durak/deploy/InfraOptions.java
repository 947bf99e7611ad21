package online.durak.deploy;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The infrastructure's options, {@link InfraMain}'s and through it the {@link Launcher}'s (a picocli mixin), each
 * also from the environment variable its {@code descriptionKey} names ({@link Cli}).
 */
final class InfraOptions {
    @Option(names = "--data", paramLabel = "DIR", descriptionKey = "DURAK_DATA_DIR", defaultValue = "data",
            description = "data folder: Kafka's and PostgreSQL's data, logs/, the token keys (DURAK_DATA_DIR; "
                    + "default ${DEFAULT-VALUE})")
    Path data;

    @Option(names = "--kafka-port", paramLabel = "N", descriptionKey = "DURAK_KAFKA_PORT", defaultValue = "9092",
            description = "Kafka's client port, 0 = any free port (DURAK_KAFKA_PORT; default ${DEFAULT-VALUE})")
    int kafkaPort;

    @Option(names = "--pg-port", paramLabel = "N", descriptionKey = "DURAK_PG_PORT", defaultValue = "5432",
            description = "PostgreSQL's port, 0 = any free port (DURAK_PG_PORT; default ${DEFAULT-VALUE})")
    int pgPort;

    @Option(names = "--partitions", paramLabel = "N", descriptionKey = "DURAK_PARTITIONS",
            defaultValue = "" + Infra.DEFAULT_PARTITIONS,
            description = "partitions of each topic when it is created (DURAK_PARTITIONS; default ${DEFAULT-VALUE})")
    int partitions;

    @Option(names = "--pg-url", paramLabel = "URL", descriptionKey = "DURAK_PG_URL",
            description = "use this PostgreSQL, start none (DURAK_PG_URL; postgresql://, postgres:// or "
                    + "jdbc:postgresql://)")
    String pgUrl;

    @Option(names = "--pg-user", paramLabel = "U", descriptionKey = "DURAK_PG_USER",
            description = "its user (DURAK_PG_USER; default: from the URL, else durak)")
    String pgUser;

    @Option(names = "--pg-password", paramLabel = "P", descriptionKey = "DURAK_PG_PASSWORD",
            description = "its password (DURAK_PG_PASSWORD; default: from the URL, else durak)")
    String pgPassword;

    @Option(names = "--unsafe-no-fsync", descriptionKey = "DURAK_UNSAFE_NO_FSYNC", defaultValue = "false",
            description = "run the embedded PostgreSQL without fsync: faster, but a crash of the machine can lose "
                    + "accepted moves or corrupt the database; for tests only (DURAK_UNSAFE_NO_FSYNC)")
    boolean unsafeNoFsync;

    @Option(names = "--watch-pid", paramLabel = "PID", descriptionKey = "DURAK_WATCH_PID",
            description = "stop cleanly when that process (and every pid named by a file in <data>/watchers/) has "
                    + "ended; repeatable (DURAK_WATCH_PID)")
    List<Long> watchPids;

    @Option(names = "--control-port", paramLabel = "N", descriptionKey = "DURAK_CONTROL_PORT",
            description = "take 'restart kafka', 'restart postgres' on 127.0.0.1:N, 0 = any (control.port in "
                    + "infra.properties), answered 'ok <millis>' once it is up again, or 'error ...' "
                    + "(DURAK_CONTROL_PORT)")
    Integer controlPort;

    /** The options as the infrastructure takes them; a value out of range is an {@link IllegalArgumentException}. */
    InfraMain.Options options() {
        List<Long> pids = watchPids == null ? List.of() : List.copyOf(watchPids);
        for (long pid : pids) {
            if (pid <= 0) {
                throw new IllegalArgumentException("watch pid must be positive: " + pid);
            }
        }
        int control = controlPort == null ? -1 : controlPort;
        if (control < -1 || control > 65535) {
            throw new IllegalArgumentException("control port out of range: " + control);
        }
        return new InfraMain.Options(new Infra.Config(data, kafkaPort, pgPort, partitions, blankToNull(pgUrl),
                blankToNull(pgUser), pgPassword, unsafeNoFsync), pids, control);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
