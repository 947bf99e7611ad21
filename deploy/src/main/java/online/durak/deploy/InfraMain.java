package online.durak.deploy;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Starts the infrastructure and keeps it running until Ctrl-C or SIGTERM.
 *
 * <pre>
 * options (each also from the environment; an option wins):
 *   --data DIR          DURAK_DATA_DIR       data folder                 (default ./data)
 *   --kafka-port N      DURAK_KAFKA_PORT     Kafka client port, 0 = any  (default 9092)
 *   --pg-port N         DURAK_PG_PORT        PostgreSQL port, 0 = any    (default 5432)
 *   --partitions N      DURAK_PARTITIONS     partitions per topic        (default 12)
 *   --pg-url URL        DURAK_PG_URL         use this PostgreSQL instead of starting one
 *   --pg-user U         DURAK_PG_USER        its user     (default: from the URL, else durak)
 *   --pg-password P     DURAK_PG_PASSWORD    its password (default: from the URL, else durak)
 * </pre>
 *
 * When everything is up it prints the addresses and the line {@value #READY_LINE}.
 */
public final class InfraMain {

    public static final String READY_LINE = "DURAK INFRA READY";

    private InfraMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        Infra.Config config;
        try {
            config = parse(args, System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(usage());
            System.exit(2);
            return;
        }
        Infra infra = new Infra(config);
        try {
            infra.stopOnShutdown().start();
        } catch (RuntimeException e) {
            System.err.println("error: infrastructure did not start: " + e);
            e.printStackTrace();
            System.exit(1);
            return;
        }
        Map<String, String> p = infra.properties();
        System.out.println();
        System.out.println("Kafka bootstrap servers : " + p.get(Infra.KEY_BOOTSTRAP));
        System.out.println("Topics                  : " + String.join(", ", Infra.TOPICS)
            + " (" + config.partitions() + " partitions)");
        System.out.println("PostgreSQL JDBC URL     : " + p.get(Infra.KEY_JDBC_URL)
            + (infra.postgres().isExternal() ? "  (external)" : "  (embedded)"));
        System.out.println("PostgreSQL reactive URL : " + p.get(Infra.KEY_REACTIVE_URL));
        System.out.println("PostgreSQL user/password: " + p.get(Infra.KEY_PG_USER) + " / " + p.get(Infra.KEY_PG_PASSWORD));
        System.out.println("Data folder             : " + infra.dataDir());
        System.out.println("Addresses written to    : " + infra.propertiesFile());
        System.out.println(READY_LINE + " (Ctrl-C or SIGTERM stops it)");
        System.out.flush();
        // the shutdown hook stops Kafka and PostgreSQL; this thread only waits
        new CountDownLatch(1).await();
    }

    static Infra.Config parse(String[] args, Map<String, String> env) {
        String data = env.getOrDefault("DURAK_DATA_DIR", "data");
        String kafkaPort = env.getOrDefault("DURAK_KAFKA_PORT", "9092");
        String pgPort = env.getOrDefault("DURAK_PG_PORT", "5432");
        String partitions = env.getOrDefault("DURAK_PARTITIONS", String.valueOf(Infra.DEFAULT_PARTITIONS));
        String pgUrl = env.get(EmbeddedPostgresServer.ENV_URL);
        String pgUser = env.get(EmbeddedPostgresServer.ENV_USER);
        String pgPassword = env.get(EmbeddedPostgresServer.ENV_PASSWORD);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                System.out.println(usage());
                System.exit(0);
            }
            String value;
            String name;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            } else {
                name = a;
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value for " + a);
                }
                value = args[++i];
            }
            switch (name) {
                case "--data" -> data = value;
                case "--kafka-port" -> kafkaPort = value;
                case "--pg-port" -> pgPort = value;
                case "--partitions" -> partitions = value;
                case "--pg-url" -> pgUrl = value;
                case "--pg-user" -> pgUser = value;
                case "--pg-password" -> pgPassword = value;
                default -> throw new IllegalArgumentException("unknown option " + name);
            }
        }
        return new Infra.Config(Path.of(data), number("kafka port", kafkaPort), number("pg port", pgPort),
            number("partitions", partitions), blankToNull(pgUrl), blankToNull(pgUser), pgPassword);
    }

    private static int number(String what, String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " is not a number: " + v);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    static String usage() {
        return String.join("\n",
            "usage: InfraMain [--data DIR] [--kafka-port N] [--pg-port N] [--partitions N]",
            "                 [--pg-url URL [--pg-user U] [--pg-password P]]",
            "  environment: DURAK_DATA_DIR, DURAK_KAFKA_PORT, DURAK_PG_PORT, DURAK_PARTITIONS,",
            "               DURAK_PG_URL, DURAK_PG_USER, DURAK_PG_PASSWORD (options win)",
            "  defaults: --data data --kafka-port 9092 --pg-port 5432 --partitions 12; port 0 = any free port");
    }
}
