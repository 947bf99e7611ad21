package online.durak.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.client.Api;
import online.durak.client.Moves;

/**
 * Tables played through the public API while faults happen: each thread plays whole matches one after another
 * (two guests and an EASY bot, one deal, no clock) and sends every command — create, join, bot, start, move,
 * continue — again with the same {@code commandId} until it is answered, whatever failed in between (a refused
 * connection, 5xx, a timeout), so every match it starts it finishes. What it sent and saw is kept for the checks
 * afterwards: each accepted command's wire id, every table, every view with its seat, and each move's timing.
 */
public final class FaultLoad {

    /** A view a player received: for the check that it shows nothing the seat may not know. */
    public interface ViewListener {
        void seen(String tableId, int seat, JsonNode view, String where);
    }

    /** One move at a table: when it was first sent, when it was answered, and how many tries it took. */
    public record Timed(String table, long sentNanos, long doneNanos, int tries) {
        public double millis() {
            return (doneNanos - sentNanos) / 1e6;
        }
    }

    /**
     * What a fault did to the moves: from the fault until the first move sent after it was answered anywhere
     * ({@code firstMillis}), until every table that was in play then had moved again or finished
     * ({@code recoveryMillis}), and the p99 and the longest latency (retries included) of the moves answered
     * from the fault until a while after that (the moves caught by the fault are among them).
     */
    public record Recovery(String fault, double firstMillis, double recoveryMillis, double p99Millis,
                           double maxMillis, int moves, int retried) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%-26s moves flow again after %6.0f ms, at every table after %6.0f ms;"
                + " during recovery p99 %6.0f ms, max %6.0f ms (%d moves, %d sent again)", fault, firstMillis,
                recoveryMillis, p99Millis, maxMillis, moves, retried);
        }
    }

    static final int BOT_SEAT = 2;

    private final Api api;
    private final int tables;
    private final long seed;
    private final Duration answerWithin;
    private final ViewListener views;
    private final List<Thread> threads = new ArrayList<>();
    private final List<String> tableIds = new CopyOnWriteArrayList<>();
    private final Map<String, String> hostTokens = new ConcurrentHashMap<>();
    private final List<String> accepted = new CopyOnWriteArrayList<>();
    private final List<Timed> moves = new CopyOnWriteArrayList<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final AtomicLong finished = new AtomicLong();
    private final Map<String, Long> finishedAt = new ConcurrentHashMap<>();
    /** Each table's call that has not been answered yet, with its last answer: what a table waits for. */
    private final Map<String, String> waiting = new ConcurrentHashMap<>();
    private final Map<String, String> stuck = new ConcurrentHashMap<>();
    private volatile boolean stop;

    /**
     * @param answerWithin how long a command is sent again before the load gives up on it (a failure)
     */
    public FaultLoad(Api api, int tables, long seed, Duration answerWithin, ViewListener views) {
        this.api = api;
        this.tables = tables;
        this.seed = seed;
        this.answerWithin = answerWithin;
        this.views = views;
    }

    public FaultLoad start() {
        for (int i = 0; i < tables; i++) {
            Random random = new Random(seed + i);
            Thread t = new Thread(() -> {
                while (!stop) {
                    try {
                        playMatch(random);
                    } catch (RuntimeException e) {
                        failures.add(e.toString());
                        return;
                    }
                }
            }, "fault-table-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        return this;
    }

    /** No new match is begun; waits until every match begun has finished. Returns false if some did not in time. */
    public boolean finish(Duration within) throws InterruptedException {
        stop = true;
        long end = System.nanoTime() + within.toNanos();
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
        }
        return threads.stream().noneMatch(Thread::isAlive);
    }

    /** Waits until {@code n} more moves than now have been answered; false if not within the time. */
    public boolean awaitMoves(int n, Duration within) throws InterruptedException {
        int target = moves.size() + n;
        long end = System.nanoTime() + within.toNanos();
        while (moves.size() < target) {
            if (System.nanoTime() > end || !failures.isEmpty()) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    /**
     * After a fault that began at {@code faultNanos}: waits (up to {@code within}) until every table that was in play
     * then (a move answered in the 5 s before) has had a move sent after the fault answered, or has finished its
     * match; then measures the moves answered from the fault until {@code window} after that. Null if not in time;
     * {@link #stuck} then says which tables did not move and what each waited for.
     */
    public Recovery recovery(String fault, long faultNanos, Duration window, Duration within)
            throws InterruptedException {
        long end = System.nanoTime() + within.toNanos();
        java.util.Set<String> inPlay = new java.util.HashSet<>();
        for (Timed m : moves) {
            if (m.doneNanos() <= faultNanos && m.doneNanos() > faultNanos - TimeUnit.SECONDS.toNanos(5)) {
                inPlay.add(m.table());
            }
        }
        Long first = null;
        long recovered = -1;
        while (System.nanoTime() < end && failures.isEmpty()) {
            Map<String, Long> moved = new java.util.HashMap<>();
            for (Timed m : moves) {
                if (m.sentNanos() >= faultNanos) {
                    moved.merge(m.table(), m.doneNanos(), Math::min);
                }
            }
            first = moved.values().stream().min(Long::compare).orElse(null);
            long last = first == null ? -1 : first;
            boolean all = first != null;
            for (String t : inPlay) {
                Long at = moved.containsKey(t) ? moved.get(t) : finishedAt.get(t);
                if (at == null) {
                    all = false;
                    break;
                }
                last = Math.max(last, at);
            }
            if (all) {
                recovered = last;
                break;
            }
            Thread.sleep(20);
        }
        if (recovered < 0) {
            stuck.clear();
            for (String t : inPlay) {
                if (finishedAt.get(t) == null && moves.stream().noneMatch(m -> m.table().equals(t)
                        && m.sentNanos() >= faultNanos)) {
                    stuck.put(t, waiting.getOrDefault(t, "no call waiting"));
                }
            }
            return null;
        }
        long windowEnd = recovered + window.toNanos();
        while (System.nanoTime() < windowEnd) {
            Thread.sleep(50);
        }
        // every move that was waiting at the fault or sent until the window's end
        List<Timed> during = moves.stream().filter(m -> m.doneNanos() >= faultNanos && m.sentNanos() <= windowEnd)
            .toList();
        Latencies l = new Latencies();
        during.forEach(m -> l.add(m.doneNanos() - m.sentNanos()));
        return new Recovery(fault, (first - faultNanos) / 1e6, (recovered - faultNanos) / 1e6, l.percentileMillis(99),
            l.percentileMillis(100), during.size(), (int) during.stream().filter(m -> m.tries() > 1).count());
    }

    /** After a recovery that did not come in time: each table in play that did not move, and what it waited for. */
    public Map<String, String> stuck() {
        return Map.copyOf(stuck);
    }

    public List<String> tableIds() {
        return List.copyOf(tableIds);
    }

    /** The token of the player who created the table (seat 0). */
    public String hostToken(String tableId) {
        return hostTokens.get(tableId);
    }

    /** The wire ids ({@code <playerId>:<commandId>}) of every command the system accepted. */
    public List<String> acceptedCommands() {
        return List.copyOf(accepted);
    }

    public List<Timed> moves() {
        return List.copyOf(moves);
    }

    public List<String> failures() {
        return List.copyOf(failures);
    }

    public long matchesFinished() {
        return finished.get();
    }

    // ---- one match ----

    private void playMatch(Random random) {
        List<Api.Guest> guests = List.of(signIn("fault-a"), signIn("fault-b"));
        ObjectNode settings = Api.object().put("players", 3).put("dealsPerMatch", 1).putNull("turnClock");
        Api.Response created = command("/api/tables", guests.get(0), Api.object().set("settings", settings), 201);
        String table = created.body().get("tableId").asText();
        tableIds.add(table);
        hostTokens.put(table, guests.get(0).token());
        String path = "/api/tables/" + table;
        command(path + "/join", guests.get(1), Api.object().put("seat", 1), 200);
        command(path + "/bots", guests.get(0), Api.object().put("seat", BOT_SEAT).put("level", "EASY"), 200);
        JsonNode view = command(path + "/start", guests.get(0), Api.object(), 200).body().get("view");
        while (!Moves.finished(view)) {
            if (Moves.onBoard(view)) {
                for (Api.Guest g : guests) {
                    // a view between a deal's end and the match's end shows the board for a moment
                    command(path + "/continue", g, Api.object(), 200, "ALREADY_CONTINUED", "MATCH_OVER");
                }
                view = read(path + "/view", guests.get(0));
                continue;
            }
            int seat = Moves.toAct(view);
            if (seat < 0 || seat == BOT_SEAT) {
                pause(20); // the bot's turn, or between a command's events
                view = read(path + "/view", guests.get(0));
                waiting.putIfAbsent(table, "a view with a person's turn (the bot's turn, or between events, at seq "
                    + view.path("seq").asLong() + ")");
                views.seen(table, 0, view, "view");
                continue;
            }
            Api.Guest g = guests.get(seat);
            JsonNode mine = read(path + "/view", g);
            views.seen(table, seat, mine, "view");
            JsonNode move = Moves.toAct(mine) == seat ? Moves.random(mine, random) : null;
            if (move == null) {
                view = mine;
                continue;
            }
            ObjectNode body = Api.object();
            body.set("move", move);
            long t0 = System.nanoTime();
            int[] tries = new int[1];
            Api.Response r = command(path + "/moves", g, body, tries);
            if (r.status() == 200) {
                waiting.remove(table);
                moves.add(new Timed(table, t0, System.nanoTime(), tries[0]));
                view = r.body().get("view");
                views.seen(table, seat, view, "move answer");
            } else {
                view = read(path + "/view", guests.get(0)); // refused (e.g. the view was stale): look again
            }
        }
        finished.incrementAndGet();
        finishedAt.put(table, System.nanoTime());
    }

    private Api.Guest signIn(String name) {
        long end = System.nanoTime() + answerWithin.toNanos();
        while (true) {
            try {
                return api.signIn(name);
            } catch (RuntimeException e) {
                if (System.nanoTime() > end) {
                    throw new IllegalStateException("no sign-in within " + answerWithin.toSeconds() + " s: " + e);
                }
                pause(200);
            }
        }
    }

    private JsonNode read(String path, Api.Guest g) {
        long end = System.nanoTime() + answerWithin.toNanos();
        for (int tries = 1; ; tries++) {
            Api.Response r = tryCall(() -> api.get(path, g.token()));
            if (r != null && r.status() == 200) {
                waiting.remove(table(path));
                return r.body();
            }
            waiting.put(table(path), "GET " + path + ": " + tries + " tries, the last " + (r == null ? "not answered" : r));
            if (System.nanoTime() > end) {
                throw new IllegalStateException("GET " + path + " not answered within " + answerWithin.toSeconds()
                    + " s: " + r);
            }
            pause(100);
        }
    }

    private Api.Response command(String path, Api.Guest g, ObjectNode body, int status, String... alsoFine) {
        Api.Response r = command(path, g, body, new int[1]);
        if (r.status() != status && !List.of(alsoFine).contains(r.code())) {
            throw new IllegalStateException("POST " + path + ": " + r);
        }
        return r;
    }

    /**
     * Sends the command with one new commandId until it is answered with anything but a failure of the system
     * (no connection, 5xx) or a "not now" ({@code 429 RATE_LIMITED}: a system started with its rate limits on counts
     * every try); an accepted one is recorded by its wire id.
     */
    private Api.Response command(String path, Api.Guest g, ObjectNode body, int[] tries) {
        String commandId = UUID.randomUUID().toString();
        body.put("commandId", commandId);
        long end = System.nanoTime() + answerWithin.toNanos();
        Api.Response r;
        while (true) {
            tries[0]++;
            r = tryCall(() -> api.post(path, g.token(), body));
            if (r != null && r.status() < 500 && r.status() != 429) {
                break;
            }
            waiting.put(table(path), "POST " + path + ": " + tries[0] + " tries, the last " + (r == null
                ? "not answered" : r));
            if (System.nanoTime() > end) {
                throw new IllegalStateException("POST " + path + " not answered within " + answerWithin.toSeconds()
                    + " s (" + tries[0] + " tries): " + r);
            }
            pause(r == null ? 100 : r.status() == 429 ? 1000 : r.status() == 503 ? 300 : 100);
        }
        waiting.remove(table(path));
        if (r.status() / 100 == 2) {
            accepted.add(g.playerId() + ":" + commandId);
        }
        return r;
    }

    /** The table a path is about ({@code /api/tables/ID/...}), or the path (creating one). */
    private static String table(String path) {
        String[] p = path.split("/");
        return p.length > 3 ? p[3] : path;
    }

    private static Api.Response tryCall(java.util.function.Supplier<Api.Response> call) {
        try {
            return call.get();
        } catch (UncheckedIOException | IllegalStateException e) {
            return null; // no connection (the service is down), or a timeout
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
