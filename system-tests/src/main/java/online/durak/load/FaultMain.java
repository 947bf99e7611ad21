package online.durak.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import online.durak.client.Api;
import online.durak.deploy.Cli;
import online.durak.deploy.DailySecretFile;
import online.durak.deploy.ServiceProcess;
import online.durak.deploy.TokenKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The fault harness for longer runs against a system started with {@code bash deploy/start.sh}: the tables of
 * {@link FaultLoad} play while, one after another, each fault is done — {@code kill -9} of rules-, table- and
 * bot-service (their pids from {@code <data>/services.pids}; the launcher starts them again), a restart of the Kafka
 * broker and of PostgreSQL (the infrastructure's control port, {@code control.port} in {@code infra.properties}),
 * and, with a second rules-service started here, {@code kill -9} of that one. For each it prints the time until
 * moves flowed again and the latency p99 during the recovery; at the end, that every accepted command has exactly
 * one stored outcome and every stored event was published.
 *
 * <pre>
 * system-tests/faults.sh --api http://localhost:8080/api --data data --tables 20 --settle 30
 * </pre>
 */
public final class FaultMain {

    static final String FAULTS = "rules,table,bot,kafka,postgres,rules2";
    static final List<String> ALL = List.of(FAULTS.split(","));

    private FaultMain() {
    }

    /** The command line (docs/faults.md). */
    @Command(name = "system-tests/faults.sh", sortOptions = false, usageHelpWidth = 110,
            description = "Faults under load against a running system, and the time until moves flow again.")
    static final class Line {
        @Mixin
        SystemOptions system = new SystemOptions();

        @Option(names = "--home", paramLabel = "REPO", defaultValue = ".",
                description = "the repository, for the second rules-service's jar (default ${DEFAULT-VALUE})")
        Path home;

        @Option(names = "--tables", paramLabel = "N", defaultValue = "20",
                description = "tables under load (default ${DEFAULT-VALUE})")
        int tables;

        @Option(names = "--settle", paramLabel = "S", defaultValue = "30",
                description = "seconds of load before each fault (default ${DEFAULT-VALUE})")
        int settle;

        @Option(names = "--faults", paramLabel = "FAULT", split = ",",
                defaultValue = FAULTS,
                description = "which faults, in order (default ${DEFAULT-VALUE})")
        List<String> faults;

        /** The line read; a fault that is not one of {@link #ALL} is an {@link IllegalArgumentException}. */
        static Line of(String[] args) {
            Line l = Cli.parse(new Line(), args, Map.of());
            if (!ALL.containsAll(l.faults)) {
                throw new IllegalArgumentException("faults are " + String.join(",", ALL) + ", not "
                    + String.join(",", l.faults));
            }
            return l;
        }
    }

    public static void main(String[] args) throws Exception {
        Line line = Cli.orExit(new Line(), Map.of(), () -> Line.of(args));
        String apiUrl = line.system.api;
        Path data = line.system.data;
        Path home = line.home;
        int tables = line.tables;
        int settle = line.settle;
        List<String> faults = line.faults;
        Properties infra = LoadMain.infraProperties(data, true);
        Api api = new Api(apiUrl.replaceAll("/+$", "").replaceAll("/api$", "")); // as the load tool takes it
        FaultLoad load = new FaultLoad(api, tables, System.nanoTime(), Duration.ofSeconds(180), (t, s, v, w) -> { })
            .start();
        System.out.printf("Fault harness: %d table(s) at %s; %d s of load before each fault: %s%n", tables, apiUrl,
            settle, String.join(", ", faults));
        List<FaultLoad.Recovery> results = new ArrayList<>();
        ServiceProcess second = null;
        for (String fault : faults) {
            if (fault.equals("rules2")) {
                second = secondRules(home, data, infra);
                System.out.println("  a second rules-service runs (pid " + second.pid() + ", log " + second.log() + ")");
            }
            settle(load, settle);
            if (!load.failures().isEmpty()) {
                System.out.println("  the load fails before any fault: " + load.failures());
                System.exit(1);
            }
            System.out.println("  fault: " + fault + " ...");
            // when the fault struck: the process had died, or the restart began (the broker's own shutdown counts)
            long at = System.nanoTime();
            switch (fault) {
                case "rules", "table", "bot" -> {
                    killService(data, fault + "-service");
                    at = System.nanoTime();
                }
                case "kafka", "postgres" -> System.out.println("    down for " + control(infra, "restart " + fault)
                    + " ms");
                default -> {
                    second.process().destroyForcibly();
                    second.process().waitFor();
                    at = System.nanoTime();
                }
            }
            FaultLoad.Recovery r = load.recovery(fault, at, Duration.ofSeconds(10),
                Duration.ofSeconds(180));
            if (r == null) {
                System.out.println("    moves did not flow again at every table within 180 s; failures: "
                    + load.failures());
                load.stuck().forEach((t, w) -> System.out.println("      table " + t + " waits for " + w));
                System.exit(1);
            }
            results.add(r);
            System.out.println("    " + r);
        }
        System.out.println("  letting every match begun finish ...");
        boolean finished = load.finish(Duration.ofMinutes(5));
        System.out.println();
        System.out.printf("%d tables, %d matches finished, %d moves, %d accepted commands, failures: %s%n",
            load.tableIds().size(), load.matchesFinished(), load.moves().size(), load.acceptedCommands().size(),
            load.failures().isEmpty() ? "none" : load.failures());
        results.forEach(r -> System.out.println("FAULT RESULT " + r));
        int bad = check(infra, load);
        System.out.println(bad == 0 && finished && load.failures().isEmpty()
            ? "INVARIANTS HOLD: every accepted command has one stored outcome, every stored event is published, "
                + "every match begun finished"
            : "INVARIANTS BROKEN: " + bad + " command(s) or table(s) wrong; every match finished: " + finished);
        System.exit(bad == 0 && finished && load.failures().isEmpty() ? 0 : 1);
    }

    private static void settle(FaultLoad load, int seconds) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        int before = load.moves().size();
        while (System.nanoTime() < end) {
            Thread.sleep(1000);
        }
        System.out.printf("  %d moves in %d s of load%n", load.moves().size() - before, seconds);
    }

    /** kill -9 of the service's process as the launcher listed it; the launcher starts it again. */
    private static void killService(Path data, String name) throws IOException {
        for (String line : Files.readAllLines(data.resolve("services.pids"), StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", 3);
            if (f.length >= 2 && f[1].equals(name)) {
                ProcessHandle.of(Long.parseLong(f[0])).ifPresent(p -> {
                    p.destroyForcibly();
                    p.onExit().join(); // dead, before the recovery is timed from now
                });
                System.out.println("    killed " + name + " (pid " + f[0] + ")");
                return;
            }
        }
        throw new IllegalStateException(name + " is not in " + data.resolve("services.pids"));
    }

    /** One command to the infrastructure's control port; the answer's millis. */
    static long control(Properties infra, String command) throws IOException {
        String port = infra.getProperty("control.port");
        if (port == null) {
            throw new IllegalStateException("infra.properties has no control.port: the infrastructure cannot be "
                + "restarted from here");
        }
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(port));
             PrintWriter out = new PrintWriter(s.getOutputStream(), true, StandardCharsets.UTF_8);
             BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
            s.setSoTimeout(180_000);
            out.println(command);
            String answer = in.readLine();
            if (answer == null || !answer.startsWith("ok ")) {
                throw new IllegalStateException(command + ": " + answer);
            }
            return Long.parseLong(answer.substring(3).trim());
        }
    }

    /** Another rules-service in the same consumer group, pointed at the same infrastructure. */
    private static ServiceProcess secondRules(Path home, Path data, Properties infra) throws IOException {
        Map<String, String> env = ServiceProcess.infraEnvironment(infra.getProperty("kafka.bootstrap.servers"),
            infra.getProperty("pg.reactive.url"), infra.getProperty("pg.jdbc.url"), infra.getProperty("pg.user"),
            infra.getProperty("pg.password"), Integer.parseInt(infra.getProperty("partitions", "12")));
        env.putAll(TokenKeys.environment(data)); // the launcher's key pair, as every service has it
        env.putAll(DailySecretFile.environment(data)); // and its daily secret
        ServiceProcess s = ServiceProcess.start("rules-service", ServiceProcess.jarOf(home.toAbsolutePath(),
            "rules-service"), ServiceProcess.freePort(), env, ServiceProcess.defaultJavaOpts(), Map.of(),
            data.resolve("logs").resolve("rules-service-2.log"));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> s.stop(Duration.ofSeconds(10))));
        return s.awaitReady(Duration.ofSeconds(120));
    }

    /** Commands without exactly one stored outcome, and tables with unpublished events; printed. */
    private static int check(Properties infra, FaultLoad load) throws SQLException, InterruptedException {
        int bad = 0;
        try (Connection c = DriverManager.getConnection(infra.getProperty("pg.jdbc.url"), infra.getProperty("pg.user"),
                infra.getProperty("pg.password"))) {
            try (PreparedStatement q = c.prepareStatement("select count(*) from commands where command_id = ?")) {
                for (String wireId : load.acceptedCommands()) {
                    q.setString(1, wireId);
                    try (ResultSet r = q.executeQuery()) {
                        r.next();
                        if (r.getLong(1) != 1) {
                            bad++;
                            System.out.println("  command " + wireId + " has " + r.getLong(1) + " stored outcomes");
                        }
                    }
                }
            }
            Thread.sleep(10_000); // the outbox relay publishes what is left after 5 s
            try (PreparedStatement q = c.prepareStatement(
                    "select coalesce(sum(last_seq - first_seq + 1), 0) from outbox where table_id = ?")) {
                for (String table : load.tableIds()) {
                    q.setString(1, table);
                    try (ResultSet r = q.executeQuery()) {
                        r.next();
                        if (r.getLong(1) != 0) {
                            bad++;
                            System.out.println("  table " + table + " has " + r.getLong(1) + " unpublished events");
                        }
                    }
                }
            }
        }
        return bad;
    }
}
