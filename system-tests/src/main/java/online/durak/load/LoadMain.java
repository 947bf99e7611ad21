package online.durak.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.deploy.Cli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The load tool: K tables at once, each with 2–4 guests that play random legal moves through the public REST
 * API (the seat to act reads its view, picks a legal move, sends it), for a bounded time (and at most a number of
 * moves); then moves per second and the percentiles of a move's latency, from sending it until the sender's view
 * shows it (the move's answer carries that view), and the CPU each process of the system used per move
 * ({@link CpuUse}). In the same run, before the tables start, the floor of the machine: a bare Kafka produce →
 * consume round trip and a PostgreSQL insert + commit ({@link Floor}), on the system's own broker and database
 * as {@code <data>/infra.properties} names them. Players move at once unless {@code --think-ms} is given.
 *
 * <pre>
 * system-tests/load.sh --api http://localhost:8080/api --data data --tables 200 --duration 60
 * </pre>
 */
public final class LoadMain {

    record Options(String api, Path data, int tables, int minPlayers, int maxPlayers, Duration warmup,
                   Duration duration, long maxMoves, Duration think, int floorSamples, boolean floor, boolean load,
                   long seed, int views, long pauseMs) {
    }

    /** Counters shared by every table. */
    static final class Run {
        final Latencies moveLatency = new Latencies();
        final AtomicLong moves = new AtomicLong();
        final AtomicLong continues = new AtomicLong();
        final AtomicLong matches = new AtomicLong();
        final AtomicLong errors = new AtomicLong();
        volatile String lastErrorText;
        volatile boolean measuring;
        volatile boolean stop;
        final long maxMoves;

        Run(long maxMoves) {
            this.maxMoves = maxMoves;
        }

        void error(String what) {
            errors.incrementAndGet();
            lastErrorText = what;
        }
    }

    private LoadMain() {
    }

    /** The command line (docs/load.md). */
    @Command(name = "system-tests/load.sh", sortOptions = false, usageHelpWidth = 110,
            description = "K tables of guests playing random legal moves through the public API; moves per second, "
                    + "a move's latency, and the CPU per move of every process of the system.",
            footer = "The floor and the CPU use read <data>/infra.properties (the system's data folder).")
    static final class Line {
        @Mixin
        SystemOptions system = new SystemOptions();

        @Option(names = "--tables", paramLabel = "K", defaultValue = "1",
                description = "tables at once (default ${DEFAULT-VALUE})")
        int tables;

        @Option(names = "--players", paramLabel = "MIN-MAX", defaultValue = "2-4",
                description = "players per table, N or MIN-MAX within 2-6 (default ${DEFAULT-VALUE})")
        String players;

        @Option(names = "--warmup", paramLabel = "S", defaultValue = "10",
                description = "seconds of play before measuring (default ${DEFAULT-VALUE})")
        int warmup;

        @Option(names = "--duration", paramLabel = "S", defaultValue = "60",
                description = "seconds measured (default ${DEFAULT-VALUE})")
        int duration;

        @Option(names = "--max-moves", paramLabel = "N", description = "stop measuring after N moves")
        long maxMoves = Long.MAX_VALUE;

        @Option(names = "--think-ms", paramLabel = "MS", defaultValue = "0",
                description = "a player waits 0..2×MS (on average MS) before each move; 0 = at once "
                        + "(default ${DEFAULT-VALUE})")
        int think;

        @Option(names = "--floor-samples", paramLabel = "N", defaultValue = "1000",
                description = "Kafka round trips and PostgreSQL commits of the floor (default ${DEFAULT-VALUE})")
        int floorSamples;

        @Option(names = "--no-floor", description = "measure no floor")
        boolean noFloor;

        @Option(names = "--floor-only", description = "measure the floor only, no tables")
        boolean floorOnly;

        @Option(names = "--seed", paramLabel = "N", description = "the random moves' seed (default: the clock)")
        long seed = System.nanoTime();

        @Option(names = "--views", paramLabel = "N", defaultValue = "0",
                description = "instead of tables, 6 rounds of N GET /view of one seat, and table-service's CPU per "
                        + "request (the REST edge alone)")
        int views;

        @Option(names = "--pause-ms", paramLabel = "MS", defaultValue = "0",
                description = "with --views: MS between two requests (default ${DEFAULT-VALUE})")
        long pauseMs;
    }

    public static void main(String[] args) throws Exception {
        Options o = Cli.orExit(new Line(), Map.of(), () -> parse(args));
        Latencies kafka = null;
        Latencies commit = null;
        Properties infra = infraProperties(o.data(), o.floor());
        if (o.floor()) {
            System.out.printf("Floor: %d Kafka round trips and %d PostgreSQL commits, one at a time ...%n",
                o.floorSamples(), o.floorSamples());
            kafka = Floor.kafka(infra.getProperty("kafka.bootstrap.servers"), o.floorSamples(), o.floorSamples() / 5);
            commit = Floor.postgres(infra.getProperty("pg.jdbc.url"), infra.getProperty("pg.user"),
                infra.getProperty("pg.password"), o.floorSamples(), o.floorSamples() / 5);
            System.out.println("  Kafka produce → consume : " + kafka.summary());
            System.out.println("  PostgreSQL insert+commit: " + commit.summary());
        }
        if (!o.load()) {
            return;
        }
        CpuUse cpu = infra == null ? null : new CpuUse(Long.parseLong(infra.getProperty("pid")), o.data());
        if (o.views() > 0) {
            if (cpu == null) {
                throw new IllegalStateException("--views needs the system's data folder (--data)");
            }
            ViewProbe.run(new Api(o.api()), cpu, o.views(), o.pauseMs());
            return;
        }
        Run run = load(o, cpu);
        if (kafka != null) {
            System.out.println();
            goal("p50", run.moveLatency.percentileMillis(50), 3,
                2 * kafka.percentileMillis(50) + commit.percentileMillis(50));
            goal("p99", run.moveLatency.percentileMillis(99), 5,
                2 * kafka.percentileMillis(99) + commit.percentileMillis(99));
        }
        System.exit(run.moves.get() > 0 ? 0 : 1);
    }

    private static void goal(String name, double measured, int factor, double floor) {
        double limit = factor * floor;
        System.out.printf(Locale.ROOT, "Goal %s ≤ %d × (2 Kafka round trips + 1 commit) = %d × %.2f = %.2f ms: %s (%.2f ms, %.1f× the floor)%n",
            name, factor, factor, floor, limit, measured <= limit ? "MET" : "NOT MET", measured, measured / floor);
    }

    static Run load(Options o, CpuUse cpu) throws InterruptedException {
        Api api = new Api(o.api());
        Run run = new Run(o.maxMoves());
        CountDownLatch started = new CountDownLatch(o.tables());
        List<Thread> threads = new ArrayList<>();
        System.out.printf("Load: %d table(s) of %d–%d random-move guests at %s, think time %d ms ...%n", o.tables(),
            o.minPlayers(), o.maxPlayers(), o.api(), o.think().toMillis());
        long t0 = System.nanoTime();
        for (int i = 0; i < o.tables(); i++) {
            TablePlayer p = new TablePlayer(api, run, new Random(o.seed() + i), o.minPlayers(), o.maxPlayers(),
                o.think(), started);
            Thread t = new Thread(p, "table-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        if (!started.await(5, TimeUnit.MINUTES)) {
            System.out.println("  not every table started within 5 minutes; measuring the ones that did");
        }
        System.out.printf("  %d table(s) set up and started in %.1f s; warming up %d s ...%n",
            o.tables() - started.getCount(), (System.nanoTime() - t0) / 1e9, o.warmup().toSeconds());
        Thread.sleep(o.warmup().toMillis());
        Map<String, Duration> cpu0 = cpu == null ? null : cpu.now();
        long m0 = System.nanoTime();
        run.measuring = true;
        long end = m0 + o.duration().toNanos();
        long nextReport = m0 + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < end && run.moves.get() < o.maxMoves()) {
            Thread.sleep(100);
            if (System.nanoTime() >= nextReport) {
                System.out.printf("  %3d s: %d moves, %d errors%n", (System.nanoTime() - m0) / 1_000_000_000,
                    run.moves.get(), run.errors.get());
                nextReport += TimeUnit.SECONDS.toNanos(10);
            }
        }
        run.measuring = false;
        double seconds = (System.nanoTime() - m0) / 1e9;
        Map<String, Duration> used = cpu == null ? null : CpuUse.between(cpu0, cpu.now());
        run.stop = true;
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(40));
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "Tables %d, measured %.1f s: %d moves = %.1f moves/s; %d continues, "
                + "%d matches finished, %d errors%s%n", o.tables(), seconds, run.moves.get(), run.moves.get() / seconds,
            run.continues.get(), run.matches.get(), run.errors.get(),
            run.lastErrorText == null ? "" : " (last: " + run.lastErrorText + ")");
        System.out.println("Move latency (sent → sender's view shows it): " + run.moveLatency.summary());
        if (used != null) {
            StringBuilder sb = new StringBuilder();
            used.forEach((name, d) -> sb.append(String.format(Locale.ROOT, "%n  %-20s %6.1f s  %5.2f ms per move", name,
                d.toMillis() / 1000.0, run.moves.get() == 0 ? 0.0 : (double) d.toMillis() / run.moves.get())));
            System.out.printf(Locale.ROOT, "CPU used in the measured %.1f s (%d cores: %.0f s available):%s%n", seconds,
                Runtime.getRuntime().availableProcessors(), seconds * Runtime.getRuntime().availableProcessors(), sb);
        }
        System.out.printf(Locale.ROOT, "LOAD RESULT tables=%d moves=%d seconds=%.1f movesPerSecond=%.1f p50=%.2f "
                + "p95=%.2f p99=%.2f errors=%d%n", o.tables(), run.moves.get(), seconds, run.moves.get() / seconds,
            run.moveLatency.percentileMillis(50), run.moveLatency.percentileMillis(95),
            run.moveLatency.percentileMillis(99), run.errors.get());
        return run;
    }

    /** The answer, when it has this status; else what was asked for fails with the answer. */
    static Api.Response expect(Api.Response r, int status, String what) {
        if (r.status() != status) {
            throw new IllegalStateException(what + ": " + r);
        }
        return r;
    }

    /** One table after another: sign in, create, join, start, play random legal moves to the end. */
    static final class TablePlayer implements Runnable {
        private final Api api;
        private final Run run;
        private final Random random;
        private final int minPlayers;
        private final int maxPlayers;
        private final Duration think;
        private final CountDownLatch started;
        private boolean counted;

        TablePlayer(Api api, Run run, Random random, int minPlayers, int maxPlayers, Duration think,
                    CountDownLatch started) {
            this.api = api;
            this.run = run;
            this.random = random;
            this.minPlayers = minPlayers;
            this.maxPlayers = maxPlayers;
            this.think = think;
            this.started = started;
        }

        @Override
        public void run() {
            while (!run.stop) {
                try {
                    playMatch();
                } catch (RuntimeException e) {
                    run.error(e.toString());
                    pause(200);
                }
            }
            if (!counted) {
                started.countDown();
            }
        }

        private void playMatch() {
            int n = minPlayers + random.nextInt(maxPlayers - minPlayers + 1);
            List<Api.Guest> guests = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                guests.add(api.signIn("load-" + i));
            }
            ObjectNode settings = Api.object().put("players", n).put("dealsPerMatch", 7).putNull("turnClock");
            Api.Response created = expect(api.post("/api/tables", guests.get(0).token(),
                Api.object().set("settings", settings)), 201, "create");
            String table = created.body().get("tableId").asText();
            String path = "/api/tables/" + table;
            for (int i = 1; i < n; i++) {
                expect(api.post(path + "/join", guests.get(i).token(), Api.object()), 200, "join");
            }
            JsonNode view = expect(api.post(path + "/start", guests.get(0).token(), Api.object()), 200, "start")
                .body().get("view");
            if (!counted) {
                counted = true;
                started.countDown();
            }
            while (!run.stop && !Moves.finished(view)) {
                if (Moves.onBoard(view)) {
                    for (Api.Guest g : guests) {
                        Api.Response r = api.post(path + "/continue", g.token(), Api.object());
                        if (r.status() == 200) {
                            run.continues.incrementAndGet();
                            view = r.body().get("view");
                        } else if (!"ALREADY_CONTINUED".equals(r.code())) {
                            run.error("continue: " + r);
                        }
                    }
                    continue;
                }
                int seat = Moves.toAct(view);
                if (seat < 0) {
                    view = expect(api.get(path + "/view", guests.get(0).token()), 200, "view").body();
                    continue;
                }
                if (!think.isZero()) {
                    pause((long) (random.nextDouble() * 2 * think.toMillis())); // on average think, at most twice it
                }
                Api.Guest g = guests.get(seat);
                JsonNode mine = expect(api.get(path + "/view", g.token()), 200, "view").body();
                JsonNode move = Moves.toAct(mine) == seat ? Moves.random(mine, random) : null;
                if (move == null) {
                    view = mine;
                    continue;
                }
                boolean measured = run.measuring;
                ObjectNode body = Api.object().put("commandId", UUID.randomUUID().toString());
                body.set("move", move);
                long t0 = System.nanoTime();
                Api.Response r = api.post(path + "/moves", g.token(), body);
                long nanos = System.nanoTime() - t0;
                if (r.status() != 200) {
                    run.error("move: " + r);
                    view = mine;
                    continue;
                }
                if (measured && run.measuring) {
                    run.moveLatency.add(nanos);
                    if (run.moves.incrementAndGet() >= run.maxMoves) {
                        run.stop = true;
                    }
                }
                view = r.body().get("view");
            }
            if (Moves.finished(view)) {
                run.matches.incrementAndGet();
            }
        }

        private static void pause(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The system's {@code infra.properties}; without it null, or a failure when the floor needs it. */
    static Properties infraProperties(Path data, boolean required) throws IOException {
        Path file = data.resolve("infra.properties");
        if (!Files.isRegularFile(file)) {
            if (!required) {
                return null;
            }
            throw new IllegalStateException(file + " is missing: is the system running (bash deploy/start.sh) with "
                + "this data folder? Or run with --no-floor.");
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        return p;
    }

    static Options parse(String[] args) {
        Line l = Cli.parse(new Line(), args, Map.of());
        int min;
        int max;
        try {
            String[] range = l.players.split("-");
            min = Integer.parseInt(range[0].trim());
            max = Integer.parseInt(range[range.length - 1].trim());
        } catch (NumberFormatException e) {
            min = max = 0;
        }
        if (min < 2 || max > 6 || min > max) {
            throw new IllegalArgumentException("--players must be N or MIN-MAX within 2-6, not " + l.players);
        }
        if (l.tables < 1 || l.duration < 1 || l.warmup < 0 || l.floorSamples < 1 || l.think < 0 || l.views < 0
                || l.pauseMs < 0) {
            throw new IllegalArgumentException("--tables, --duration and --floor-samples must be positive; "
                + "--warmup, --think-ms, --views and --pause-ms not negative");
        }
        return new Options(l.system.base(), l.system.data, l.tables, min, max, Duration.ofSeconds(l.warmup),
            Duration.ofSeconds(l.duration), l.maxMoves, Duration.ofMillis(l.think), l.floorSamples, !l.noFloor,
            !l.floorOnly, l.seed, l.views, l.pauseMs);
    }
}
