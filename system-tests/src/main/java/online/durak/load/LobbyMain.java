package online.durak.load;

import static online.durak.load.LoadMain.expect;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.client.Api;
import online.durak.deploy.Cli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The lobby's measurement (docs/scale.md, "Lobby"): T open tables made through the public API, S lobby sockets
 * ({@code /api/lobby/ws}, most with the default subscription, a quarter with one of a few filters), then C table
 * changes one at a time, each one alone on the wire until the sockets are quiet again: a new table (on the first page
 * of every default subscription and of the filters it passes) or a join at a random table (mostly beyond every page).
 * It prints the first page's time (upgrade → page frame) and size, and for each kind of change the frames and bytes
 * the sockets got, the time from sending the change to each socket's first frame of it (p50/p99), and table-service's
 * CPU per change, with the sockets and, before they open, without them (what the change costs besides the lobby).
 *
 * <pre>
 * system-tests/load.sh lobby --api http://localhost:8080 --data data --tables 10000 --sockets 2000 --changes 200
 * </pre>
 */
public final class LobbyMain {
    /** The filters a quarter of the sockets subscribe to (the rest: every open table). */
    private static final List<String> FILTERS = List.of("players=2", "players=3", "players=4", "variant=PEREVODNOI",
        "clock=none", "clock=60");
    /** A change's frames are over when no socket got one for this long. */
    private static final long QUIET_MS = 250;
    /**
     * The JDK client's read buffer (bytes; its default is 16 KiB). A lobby socket's first page, written right behind
     * the 101 answer, often arrives with it in one read; when the two do not fit in one of these buffers the client
     * mishandles the bytes behind the 101 ("Invalid UTF-8 in frame TEXT", or a page that never comes: docs/scale.md
     * "The lobby"). A page stays below 64 KB (docs/websocket.md, "limit"), so one buffer holds it with the 101.
     */
    private static final String READ_BUFFER = "131072";

    record Options(String api, String management, Path data, int tables, int sockets, int changes, int threads) {
    }

    /** One lobby socket: its frames and bytes, and when the first frame after the change under way came. */
    static final class Watcher implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();
        final CompletableFuture<Long> page = new CompletableFuture<>();
        final AtomicLong frames = new AtomicLong();
        final AtomicLong bytes = new AtomicLong();
        final AtomicLong firstAfterChange = new AtomicLong();
        volatile int pageBytes;
        volatile long pageStarted;

        @Override
        public void onError(WebSocket ws, Throwable error) {
            page.completeExceptionally(error);
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
            page.completeExceptionally(new IllegalStateException("the lobby socket was closed: " + status + " " + reason));
            return null;
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                long now = System.nanoTime();
                String text = partial.toString();
                partial.setLength(0);
                int size = text.getBytes(StandardCharsets.UTF_8).length;
                if (text.startsWith("{\"type\":\"page\"")) {
                    pageBytes = size;
                    page.complete(now);
                } else {
                    frames.incrementAndGet();
                    bytes.addAndGet(size);
                    firstAfterChange.compareAndSet(0, now);
                    LAST_FRAME.set(now);
                }
            }
            ws.request(1);
            return null;
        }
    }

    private static final AtomicLong LAST_FRAME = new AtomicLong();

    /** What the changes of one kind cost. */
    static final class Kind {
        final String name;
        final Latencies toFrames = new Latencies();
        final Latencies command = new Latencies();
        long changes;
        long frames;
        long bytes;
        /** table-service's CPU over these changes (each from its request to the quiet after it), its idle use taken off. */
        double cpuMs;

        Kind(String name) {
            this.name = name;
        }

        double per(double total) {
            return changes == 0 ? 0.0 : total / changes;
        }

        /** This kind's figures with the sockets, and its CPU without them ({@code quiet}: the same kind before). */
        String summary(Kind quiet) {
            return String.format(Locale.ROOT, "%-9s %4d changes: %7.1f frames and %9.0f bytes per change%n"
                    + "            change → a socket's first frame: %s%n            the change's own answer: %s%n"
                    + "            table-service CPU per change (its idle use taken off): %.2f ms with the sockets, "
                    + "%.2f ms without (%d changes)",
                name, changes, per(frames), per(bytes), toFrames.summary(), command.summary(), per(cpuMs),
                quiet.per(quiet.cpuMs), quiet.changes);
        }
    }

    private LobbyMain() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("jdk.httpclient.bufsize", READ_BUFFER); // before the first HttpClient is built
        Options o = Cli.orExit(new Line(), Map.of(), () -> parse(args));
        Properties infra = LoadMain.infraProperties(o.data(), true);
        CpuUse cpu = new CpuUse(Long.parseLong(infra.getProperty("pid")), o.data());
        Api api = new Api(o.api());
        Random random = new Random(42);

        List<Api.Guest> hosts = open(api, o);
        List<String> tables = openTables(api, o, hosts);
        Api.Guest joiner = api.signIn("lobby-joiner");

        System.out.printf("Changes without lobby sockets: %d ...%n", o.changes());
        Kind[] quiet = {new Kind("new table"), new Kind("join")};
        changes(api, o, hosts, joiner, tables, List.of(), quiet, cpu, random, idleCpuPerSecond(cpu));

        List<Watcher> watchers = sockets(api, o, hosts.get(0));
        Latencies restPage = new Latencies();
        for (int i = 0; i < 50; i++) {
            long t0 = System.nanoTime();
            expect(api.get("/api/tables", hosts.get(0).token()), 200, "GET /api/tables");
            restPage.add(System.nanoTime() - t0);
        }
        Api management = new Api(o.management());
        Map<String, Double> metrics0 = metrics(management);
        System.out.printf("Changes with %d lobby sockets: %d ...%n", watchers.size(), o.changes());
        Kind[] watched = {new Kind("new table"), new Kind("join")};
        changes(api, o, hosts, joiner, tables, watchers, watched, cpu, random, idleCpuPerSecond(cpu));
        Map<String, Double> metrics1 = metrics(management);

        long pageBytes = 0;
        for (Watcher w : watchers) {
            pageBytes = Math.max(pageBytes, w.pageBytes);
        }
        System.out.println();
        System.out.printf("Lobby: %d open tables, %d sockets (%d with a filter)%n", tables.size(), watchers.size(),
            watchers.size() / 4);
        System.out.println("First page over the socket (upgrade → page frame): " + pageTimes(watchers).summary()
            + String.format(Locale.ROOT, ", at most %d bytes", pageBytes));
        System.out.println("First page over REST (GET /api/tables):            " + restPage.summary());
        for (int k = 0; k < watched.length; k++) {
            System.out.println(watched[k].summary(quiet[k]));
        }
        double handled = metrics1.getOrDefault("durak_lobby_change_time_seconds_sum", 0.0)
            - metrics0.getOrDefault("durak_lobby_change_time_seconds_sum", 0.0);
        double counted = metrics1.getOrDefault("durak_lobby_change_time_seconds_count", 0.0)
            - metrics0.getOrDefault("durak_lobby_change_time_seconds_count", 0.0);
        System.out.printf(Locale.ROOT, "The lobby's own handling of a change (LobbyWatch, matching and sending): %.1f µs on "
                + "average (%.0f handled)%n", counted == 0 ? 0.0 : handled / counted * 1e6, counted);
        System.out.printf(Locale.ROOT, "LOBBY RESULT tables=%d sockets=%d pageBytes=%d pageP50=%.2f pageP99=%.2f "
                + "newFrames=%.1f newBytes=%.0f newP50=%.2f newP99=%.2f newCpuMs=%.2f newCpuMsQuiet=%.2f "
                + "joinFrames=%.1f joinBytes=%.0f joinP50=%.2f joinP99=%.2f joinCpuMs=%.2f joinCpuMsQuiet=%.2f%n",
            tables.size(), watchers.size(), pageBytes, pageTimes(watchers).percentileMillis(50),
            pageTimes(watchers).percentileMillis(99),
            watched[0].per(watched[0].frames), watched[0].per(watched[0].bytes), watched[0].toFrames.percentileMillis(50),
            watched[0].toFrames.percentileMillis(99), watched[0].per(watched[0].cpuMs), quiet[0].per(quiet[0].cpuMs),
            watched[1].per(watched[1].frames), watched[1].per(watched[1].bytes), watched[1].toFrames.percentileMillis(50),
            watched[1].toFrames.percentileMillis(99), watched[1].per(watched[1].cpuMs), quiet[1].per(quiet[1].cpuMs));
        System.exit(0);
    }

    /** The guests who open the tables: one per hundred tables. */
    private static List<Api.Guest> open(Api api, Options o) {
        List<Api.Guest> hosts = new ArrayList<>();
        for (int i = 0; i < Math.max(1, o.tables() / 100); i++) {
            hosts.add(api.signIn("lobby-" + i));
        }
        return hosts;
    }

    /** The settings of the i-th table: players, variant and clock vary, so that filters pick some. */
    private static ObjectNode settings(int i) {
        ObjectNode s = Api.object().put("players", 2 + i % 5).put("variant", i % 3 == 0 ? "PEREVODNOI" : "PODKIDNOI");
        int[] clocks = {0, 30, 60, 90, 120};
        int clock = clocks[i % clocks.length];
        if (clock == 0) {
            s.putNull("turnClock");
        } else {
            s.put("turnClock", clock);
        }
        return s;
    }

    private static List<String> openTables(Api api, Options o, List<Api.Guest> hosts) throws InterruptedException {
        System.out.printf("Opening %d tables with %d guests, %d at a time ...%n", o.tables(), hosts.size(), o.threads());
        List<String> ids = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(o.threads());
        for (int t = 0; t < o.threads(); t++) {
            pool.execute(() -> {
                for (int i; (i = next.getAndIncrement()) < o.tables(); ) {
                    ids.add(create(api, hosts.get(i % hosts.size()), settings(i)).body().get("tableId").asText());
                    if (ids.size() % 1000 == 0) {
                        System.out.printf(Locale.ROOT, "  %d of %d tables open (%.0f/s)%n", ids.size(), o.tables(),
                            ids.size() / ((System.nanoTime() - t0) / 1e9));
                    }
                }
            });
        }
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the tables were not opened within 30 minutes");
        }
        return ids;
    }

    /**
     * A table opened: sent again with its commandId (the same table, never a second) while the rules service is
     * overloaded (503, 504), 1 s apart, at most 60 times.
     */
    private static Api.Response create(Api api, Api.Guest host, ObjectNode settings) {
        ObjectNode body = Api.object().put("commandId", "lobby-" + java.util.UUID.randomUUID());
        body.set("settings", settings);
        for (int attempt = 1; ; attempt++) {
            Api.Response r = api.post("/api/tables", host.token(), body);
            if ((r.status() != 503 && r.status() != 504) || attempt == 60) {
                return expect(r, 201, "create");
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static List<Watcher> sockets(Api api, Options o, Api.Guest guest) {
        System.out.printf("Opening %d lobby sockets ...%n", o.sockets());
        List<Watcher> watchers = new ArrayList<>();
        for (int i = 0; i < o.sockets(); i++) {
            Watcher w = new Watcher();
            w.pageStarted = System.nanoTime();
            api.lobbySocket(i % 4 == 3 ? FILTERS.get(i / 4 % FILTERS.size()) : "", guest.token(), w)
                .orTimeout(30, TimeUnit.SECONDS).join();
            w.page.orTimeout(30, TimeUnit.SECONDS).join();
            watchers.add(w);
            if ((i + 1) % 500 == 0) {
                System.out.printf("  %d sockets open%n", i + 1);
            }
        }
        return watchers;
    }

    private static Latencies pageTimes(List<Watcher> watchers) {
        Latencies l = new Latencies();
        watchers.forEach(w -> l.add(w.page.join() - w.pageStarted));
        return l;
    }

    /**
     * table-service's CPU per second while no change is made (its consumers' polls, timers, the sockets' pings): the
     * least of three 5 s windows, so that work still trailing what came before is not counted as idle.
     */
    private static double idleCpuPerSecond(CpuUse cpu) throws InterruptedException {
        double least = Double.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            Duration before = cpu.now().getOrDefault("table-service", Duration.ZERO);
            long t0 = System.nanoTime();
            Thread.sleep(5_000);
            double seconds = (System.nanoTime() - t0) / 1e9;
            least = Math.min(least, cpu.now().getOrDefault("table-service", Duration.ZERO).minus(before).toNanos() / 1e6
                    / seconds);
        }
        System.out.printf(Locale.ROOT, "table-service idle: %.1f ms CPU per second%n", least);
        return least;
    }

    /**
     * C changes, new tables and joins in turn, each followed by the quiet that ends its frames; each kind adds up its
     * changes' frames, times and table-service's CPU, less what it uses idle ({@code idle} ms per second) meanwhile.
     */
    private static void changes(Api api, Options o, List<Api.Guest> hosts, Api.Guest joiner, List<String> tables,
                                List<Watcher> watchers, Kind[] kinds, CpuUse cpu, Random random, double idle)
        throws InterruptedException {
        for (int c = 0; c < o.changes(); c++) {
            Kind kind = kinds[c % 2];
            Duration cpu0 = cpu.now().getOrDefault("table-service", Duration.ZERO);
            long[] frames0 = new long[watchers.size()];
            long[] bytes0 = new long[watchers.size()];
            for (int i = 0; i < watchers.size(); i++) {
                frames0[i] = watchers.get(i).frames.get();
                bytes0[i] = watchers.get(i).bytes.get();
                watchers.get(i).firstAfterChange.set(0);
            }
            long t0 = System.nanoTime();
            LAST_FRAME.set(t0);
            boolean changed = true;
            if (kind == kinds[0]) {
                create(api, hosts.get(c % hosts.size()), settings(c));
            } else {
                String table = tables.get(random.nextInt(tables.size()));
                Api.Response r = api.post("/api/tables/" + table + "/join", joiner.token(), Api.object());
                if (r.status() != 200 && r.status() != 409) {
                    throw new IllegalStateException("join: " + r);
                }
                changed = r.status() == 200; // 409: a table already full, or joined before: nothing changed
            }
            long settled = System.nanoTime();
            while (System.nanoTime() - Math.max(LAST_FRAME.get(), settled) < TimeUnit.MILLISECONDS.toNanos(QUIET_MS)) {
                Thread.sleep(10);
            }
            if (!changed) {
                continue;
            }
            double usedMs = cpu.now().getOrDefault("table-service", Duration.ZERO).minus(cpu0).toNanos() / 1e6;
            kind.cpuMs += usedMs - idle * (System.nanoTime() - t0) / 1e9;
            kind.command.add(settled - t0);
            kind.changes++;
            for (int i = 0; i < watchers.size(); i++) {
                Watcher w = watchers.get(i);
                kind.frames += w.frames.get() - frames0[i];
                kind.bytes += w.bytes.get() - bytes0[i];
                long first = w.firstAfterChange.get();
                if (first != 0) {
                    kind.toFrames.add(first - t0);
                }
            }
            if ((c + 1) % 50 == 0) {
                System.out.printf("  %d of %d changes%n", c + 1, o.changes());
            }
        }
    }

    /** The lobby's counters from table-service's /q/metrics (Prometheus text, on its management port), by name. */
    private static Map<String, Double> metrics(Api api) {
        Map<String, Double> m = new java.util.HashMap<>();
        Api.Response r = api.getText("/q/metrics");
        for (String line : r.text().split("\n")) {
            if (line.startsWith("durak_lobby_")) {
                String[] parts = line.split(" ");
                String name = parts[0].replaceAll("\\{.*}", "");
                try {
                    m.merge(name, Double.parseDouble(parts[parts.length - 1]), Double::sum);
                } catch (NumberFormatException e) {
                    // a line of another form: not one of the counters read here
                }
            }
        }
        return m;
    }

    /** The command line (docs/load.md "The lobby"). */
    @Command(name = "system-tests/load.sh lobby", sortOptions = false, usageHelpWidth = 110,
            description = "T open tables, S lobby sockets (a quarter with a filter), then C changes one at a time (a "
                    + "new table or a join): the frames and bytes each change sends, the time to each socket's first "
                    + "frame, and table-service's CPU per change.",
            footer = "Against a system started on a fresh data folder (the tables stay open until the lobby's expiry "
                    + "closes them).")
    static final class Line {
        @Mixin
        SystemOptions system = new SystemOptions();

        @Option(names = "--management", paramLabel = "URL",
                description = "table-service's management interface, where its metrics are (default: the API's port "
                        + "+ 1000, as the launcher gives it)")
        String management;

        @Option(names = "--tables", paramLabel = "T", defaultValue = "10000",
                description = "open tables (default ${DEFAULT-VALUE})")
        int tables;

        @Option(names = "--sockets", paramLabel = "S", defaultValue = "2000",
                description = "lobby sockets (default ${DEFAULT-VALUE})")
        int sockets;

        @Option(names = "--changes", paramLabel = "C", defaultValue = "200",
                description = "changes measured, at least 2 (default ${DEFAULT-VALUE})")
        int changes;

        @Option(names = "--threads", paramLabel = "N", defaultValue = "4",
                description = "threads that open the tables (default ${DEFAULT-VALUE})")
        int threads;
    }

    static Options parse(String[] args) {
        Line l = Cli.parse(new Line(), args, Map.of());
        if (l.tables < 1 || l.sockets < 1 || l.changes < 2 || l.threads < 1) {
            throw new IllegalArgumentException("--tables, --sockets and --threads must be positive, --changes at least 2");
        }
        String management = l.management;
        if (management == null) {
            URI u = URI.create(l.system.base());
            management = u.getScheme() + "://" + u.getHost() + ":" + (u.getPort() + 1000);
        }
        return new Options(l.system.base(), management, l.system.data, l.tables, l.sockets, l.changes, l.threads);
    }
}
