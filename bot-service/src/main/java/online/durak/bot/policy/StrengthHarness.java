package online.durak.bot.policy;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Deck;
import online.durak.engine.Decision;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;
import online.durak.engine.Views;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Plays seeded deals between policy A (one seat) and policy B (every other seat), rotating A's seat on
 * every deal; with n players each shuffle is played n times, once with A in every seat. Prints A's outright
 * wins (not the durak and no draw), its not-durak rate (draws count) and its durak rate with 95 % Wilson
 * intervals, and A's decision time p50/p95/max; while it runs, a progress line every {@code --progress}
 * seconds (deals done, the running rates with their intervals, the time left). See docs/bots.md.
 *
 * <pre>--a normal --b greedy --deals 2000 --players 2 [--seed 1] [--variant podkidnoi|perevodnoi]
 * [--deck 24|36|52] [--teams] [--throw-in all|neighbours|neighbours_only] [--first-bout-limit first_bout|until_first_discard|none]
 * [--show-trump] [--hidden-discard] [--threads N] [--samples N] [--budget-ms N] [--exact-nodes N (0: off)]
 * [--progress S (0: off)] [--external "COMMAND ARGS"]</pre>
 * Policy {@code external} is another program's bot, run by {@code --external} ({@link ExternalPolicy}).
 * ({@link Line}, read by picocli; {@code --help} lists them).
 */
public final class StrengthHarness {

    /** What one run measured. */
    public record Result(int deals, int notDurak, int durak, int draws, long[] decisionNanos, long[] cpuNanos) {
        public double winRate() {
            return (double) notDurak / deals;
        }

        /** Deals A won outright: not the durak, and not a draw. */
        public int outright() {
            return notDurak - draws;
        }

        public double durakRate() {
            return (double) durak / deals;
        }

        /** The decision time (wall clock) at percentile {@code p}. */
        public long percentileNanos(double p) {
            return percentile(decisionNanos, p);
        }

        /** The thread CPU time of a decision at percentile {@code p}: what it costs on one core, whatever the load. */
        public long cpuPercentileNanos(double p) {
            return percentile(cpuNanos, p);
        }

        private static long percentile(long[] sorted, double p) {
            if (sorted.length == 0) {
                return 0;
            }
            int i = (int) Math.ceil(p * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(i, sorted.length - 1))];
        }
    }

    private static final int MAX_MOVES = 20_000;

    private StrengthHarness() {
    }

    /** The command line (docs/bots.md "Strength harness"). */
    @Command(name = "StrengthHarness", sortOptions = false, usageHelpWidth = 110, mixinStandardHelpOptions = true,
            version = "bot-service", description = "Seeded deals of policy A (one seat) against policy B (every "
                    + "other seat): A's not-durak and durak rates with 95 % Wilson intervals, and its decision time.")
    static final class Line implements Callable<Integer> {
        @Option(names = "--a", paramLabel = "POLICY", defaultValue = "normal",
                description = "A: random, greedy, easy, normal, strong, external (default ${DEFAULT-VALUE})")
        String a;

        @Option(names = "--b", paramLabel = "POLICY", defaultValue = "greedy",
                description = "B, in every other seat (default ${DEFAULT-VALUE})")
        String b;

        @Option(names = "--deals", paramLabel = "N", defaultValue = "2000",
                description = "deals (default ${DEFAULT-VALUE})")
        int deals;

        @Option(names = "--players", paramLabel = "N", defaultValue = "2",
                description = "players (default ${DEFAULT-VALUE})")
        int players;

        @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "(default ${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--variant", paramLabel = "V", defaultValue = "podkidnoi",
                description = "podkidnoi or perevodnoi (default ${DEFAULT-VALUE})")
        Variant variant;

        @Option(names = "--deck", paramLabel = "N", defaultValue = "36", description = "24, 36 or 52 cards "
                + "(default ${DEFAULT-VALUE})")
        int deck;

        @Option(names = "--teams", description = "two teams")
        boolean teams;

        @Option(names = "--throw-in", paramLabel = "T", defaultValue = "all",
                description = "all, neighbours, neighbours_only (default ${DEFAULT-VALUE})")
        ThrowIn throwIn;

        @Option(names = "--first-bout-limit", paramLabel = "L", defaultValue = "first_bout",
                description = "first_bout, until_first_discard, none (default ${DEFAULT-VALUE})")
        FirstBoutLimit firstBoutLimit;

        @Option(names = "--show-trump", description = "a transfer may be made by showing a trump")
        boolean showTrump;

        @Option(names = "--hidden-discard", description = "the discard is not shown")
        boolean hiddenDiscard;

        @Option(names = "--threads", paramLabel = "N", description = "threads (default: the cores)")
        int threads = Runtime.getRuntime().availableProcessors();

        @Option(names = "--samples", paramLabel = "N", description = "STRONG's samples")
        int samples = StrongPolicy.DEFAULT_SAMPLES;

        @Option(names = "--budget-ms", paramLabel = "MS", description = "STRONG's CPU time budget per decision")
        long budgetMs = StrongPolicy.DEFAULT_BUDGET_NANOS / 1_000_000;

        @Option(names = "--wall-cap-ms", paramLabel = "MS", description = "STRONG's wall-clock cap per decision "
                + "(default none here, so that a busy machine does not change the play; the service caps at 1 s)")
        long wallCapMs;

        @Option(names = "--exact-nodes", paramLabel = "N", description = "STRONG's exact search's nodes; 0: off")
        long exactNodes = StrongPolicy.DEFAULT_EXACT_NODES;

        @Option(names = "--playout-exact-nodes", paramLabel = "N", description = "STRONG's exact search to finish a "
                + "playout once its stock is empty; 0: off")
        long playoutExactNodes = StrongPolicy.PLAYOUT_EXACT_NODES;

        @Option(names = "--draw-value", paramLabel = "X", description = "STRONG's result of a draw (a win 1)")
        double drawValue = StrongPolicy.DRAW_VALUE;

        @Option(names = "--external", paramLabel = "COMMAND", description = "the command (split at spaces) "
                + "that policy external runs, one process per thread (tools/foreign-mcts/README.md)")
        String external;

        @Option(names = "--progress", paramLabel = "S", defaultValue = "30",
                description = "seconds between progress lines on stderr; 0: none (default ${DEFAULT-VALUE})")
        int progress;

        @Override
        public Integer call() throws Exception {
            play(this);
            return 0;
        }
    }

    public static void main(String[] args) {
        System.exit(line(new Line()).execute(args));
    }

    /** The command line of {@code options}: enum values in any case ({@code --variant perevodnoi}). */
    static CommandLine line(Line options) {
        return new CommandLine(options).setCaseInsensitiveEnumValuesAllowed(true);
    }

    private static void play(Line o) throws Exception {
        String a = o.a;
        String b = o.b;
        int deals = o.deals;
        int players = o.players;
        long seed = o.seed;
        Variant variant = o.variant;
        Deck deck = Deck.ofSize(o.deck);
        boolean teams = o.teams;
        ThrowIn throwIn = o.throwIn;
        FirstBoutLimit limit = o.firstBoutLimit;
        boolean showTrump = o.showTrump;
        boolean discardVisible = !o.hiddenDiscard;
        int threads = o.threads;
        Rules rules = Rules.defaults(players).withVariant(variant).withDeck(deck).withTeams(teams)
                .withThrowIn(throwIn).withFirstBoutLimit(limit).withShowTrumpToTransfer(showTrump)
                .withDiscardVisible(discardVisible);
        Policy pa = policy(a, rules, o);
        Policy pb = policy(b, rules, o);
        long t0 = System.nanoTime();
        Result r;
        try {
            r = run(rules, pa, pb, deals, seed, threads, o.progress, System.err);
        } finally {
            closeExternal(pa);
            closeExternal(pb);
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "%s (A) vs %s (B): %d players, %s %d cards%s, %d deals, seed %d, %.1f s%n",
                a, b, players, variant.name().toLowerCase(Locale.ROOT), deck.size(), teams ? ", teams" : "",
                deals, seed, secs);
        double[] o1 = wilson(r.outright(), r.deals());
        double[] w = wilson(r.notDurak(), r.deals());
        double[] d = wilson(r.durak(), r.deals());
        System.out.printf(Locale.ROOT, "A outright wins: %.1f %% [%.1f, %.1f] (%d)%n",
                100.0 * r.outright() / r.deals(), 100 * o1[0], 100 * o1[1], r.outright());
        System.out.printf(Locale.ROOT, "A not durak: %.1f %% [%.1f, %.1f] (draws %d)%n",
                100 * r.winRate(), 100 * w[0], 100 * w[1], r.draws());
        System.out.printf(Locale.ROOT, "A durak:     %.1f %% [%.1f, %.1f]  (fair share %.1f %%)%n",
                100 * r.durakRate(), 100 * d[0], 100 * d[1], 100.0 / (teams ? 2 : players));
        System.out.printf(Locale.ROOT, "A decision time: p50 %.2f ms, p95 %.2f ms, max %.2f ms over %d decisions%n",
                r.percentileNanos(0.5) / 1e6, r.percentileNanos(0.95) / 1e6, r.percentileNanos(1.0) / 1e6,
                r.decisionNanos().length);
        System.out.printf(Locale.ROOT, "A decision CPU time (one core): p50 %.2f ms, p95 %.2f ms, max %.2f ms; "
                        + "load average at the end %.1f on %d cores%n",
                r.cpuPercentileNanos(0.5) / 1e6, r.cpuPercentileNanos(0.95) / 1e6, r.cpuPercentileNanos(1.0) / 1e6,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        for (Policy p : List.of(pa, pb)) {
            if (p instanceof ExternalPolicy e) {
                System.out.println(e.summary());
            }
        }
    }

    private static void closeExternal(Policy p) {
        if (p instanceof ExternalPolicy e) {
            e.close();
        }
    }

    private static Policy policy(String name, Rules rules, Line o) {
        if (name.equalsIgnoreCase("strong")) {
            return new StrongPolicy(rules, o.samples, o.budgetMs * 1_000_000,
                    o.wallCapMs > 0 ? o.wallCapMs * 1_000_000 : Long.MAX_VALUE, o.exactNodes, o.playoutExactNodes,
                    o.drawValue);
        }
        if (name.equalsIgnoreCase("external")) {
            if (o.external == null) {
                throw new IllegalArgumentException("policy external needs --external COMMAND");
            }
            return new ExternalPolicy(List.of(o.external.trim().split("\\s+")));
        }
        return Policies.byName(name, rules);
    }

    /** Plays {@code deals} deals on {@code threads} threads; deal {@code d} puts A in seat {@code d % n}. */
    public static Result run(Rules rules, Policy a, Policy b, int deals, long seed, int threads) throws Exception {
        return run(rules, a, b, deals, seed, threads, 0, null);
    }

    /** The same, with a progress line to {@code progress} every {@code everySeconds} seconds (0: none). */
    static Result run(Rules rules, Policy a, Policy b, int deals, long seed, int threads, int everySeconds,
                      PrintStream progress) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        Tally tally = new Tally(deals);
        ScheduledExecutorService ticker = null;
        if (everySeconds > 0 && progress != null) {
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "harness-progress");
                t.setDaemon(true);
                return t;
            });
            ticker.scheduleAtFixedRate(() -> progress.println(tally.line()), everySeconds, everySeconds,
                    TimeUnit.SECONDS);
        }
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int d = 0; d < deals; d++) {
                int deal = d;
                futures.add(pool.submit(() -> {
                    List<long[]> times = new ArrayList<>();
                    tally.add(playDeal(rules, a, b, deal, seed, times), times);
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            return tally.result();
        } finally {
            pool.shutdownNow();
            if (ticker != null) {
                ticker.shutdownNow();
            }
        }
    }

    /** The deals played so far: outcomes, A's decision times, and a progress line of the running rates. */
    private static final class Tally {
        private final int deals;
        private final long start = System.nanoTime();
        private long[] times = new long[1024];
        private long[] cpu = new long[1024];
        private int timeCount;
        private int done;
        private int durak;
        private int draws;

        Tally(int deals) {
            this.deals = deals;
        }

        synchronized void add(int o, List<long[]> t) {
            done++;
            durak += o == 1 ? 1 : 0;
            draws += o == 2 ? 1 : 0;
            if (timeCount + t.size() > times.length) {
                times = Arrays.copyOf(times, Math.max(2 * times.length, timeCount + t.size()));
                cpu = Arrays.copyOf(cpu, times.length);
            }
            for (long[] x : t) {
                times[timeCount] = x[0];
                cpu[timeCount++] = x[1];
            }
        }

        synchronized Result result() {
            return result(deals);
        }

        private Result result(int n) {
            long[] wall = Arrays.copyOf(times, timeCount);
            long[] c = Arrays.copyOf(cpu, timeCount);
            Arrays.sort(wall);
            Arrays.sort(c);
            return new Result(n, n - durak, durak, draws, wall, c);
        }

        synchronized String line() {
            double secs = (System.nanoTime() - start) / 1e9;
            if (done == 0) {
                return String.format(Locale.ROOT, "%d/%d deals after %.0f s", done, deals, secs);
            }
            Result r = result(done);
            double[] o = wilson(r.outright(), done);
            double[] w = wilson(r.notDurak(), done);
            return String.format(Locale.ROOT, "%d/%d deals after %.0f s: outright wins %.1f %% [%.1f, %.1f], "
                            + "not durak %.1f %% [%.1f, %.1f], draws %d, decision p95 %.1f ms (CPU %.1f ms); about %.0f s left",
                    done, deals, secs, 100.0 * r.outright() / done, 100 * o[0], 100 * o[1], 100 * r.winRate(),
                    100 * w[0], 100 * w[1], draws, r.percentileNanos(0.95) / 1e6, r.cpuPercentileNanos(0.95) / 1e6,
                    secs / done * (deals - done));
        }
    }

    /** One deal; 0 when A (A's team) is not the durak, 1 when it is, 2 for a draw. */
    static int playDeal(Rules rules, Policy a, Policy b, int deal, long seed, List<long[]> aTimes) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int n = rules.players();
        int seatA = deal % n;
        long dealSeed = seed * 1_000_003L + deal / n;
        SplittableRandom rng = new SplittableRandom(seed * 31 + deal);
        DealState s = DealDecider.start(rules, DealDecider.deal(rules, dealSeed, 1, 0, -1));
        for (int moves = 0; !s.isOver(); moves++) {
            if (moves > MAX_MOVES) {
                throw new IllegalStateException("deal " + deal + " runs past " + MAX_MOVES + " moves: " + s);
            }
            int seat = s.toAct();
            SeatView view = Views.seatView(s, seat);
            Move m;
            if (seat == seatA) {
                long t = System.nanoTime();
                long c = threads.getCurrentThreadCpuTime();
                m = a.choose(view, rng);
                aTimes.add(new long[] {System.nanoTime() - t, threads.getCurrentThreadCpuTime() - c});
            } else {
                m = b.choose(view, rng);
            }
            Decision<DealState> dec = DealDecider.decide(s, seat, m);
            if (!(dec instanceof Decision.Accepted<DealState> acc)) {
                throw new IllegalStateException("illegal move " + m + " from seat " + seat + ": " + dec);
            }
            s = acc.state();
        }
        int durak = s.durak();
        if (durak < 0) {
            return 2;
        }
        return rules.team(durak) == rules.team(seatA) ? 1 : 0;
    }

    /** The 95 % Wilson score interval of k successes in n trials. */
    public static double[] wilson(int k, int n) {
        if (n == 0) {
            return new double[] {0, 1};
        }
        double z = 1.959964;
        double p = (double) k / n;
        double den = 1 + z * z / n;
        double centre = (p + z * z / (2 * n)) / den;
        double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / den;
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }
}
