package online.durak.bot.policy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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

/**
 * Plays seeded deals between policy A (one seat) and policy B (every other seat), rotating A's seat on
 * every deal; with n players each shuffle is played n times, once with A in every seat. Prints A's win
 * rate (not the durak; draws count as wins) and durak rate with 95 % Wilson intervals, and A's decision
 * time p50/p95/max. See docs/bots.md.
 *
 * <pre>--a normal --b greedy --deals 2000 --players 2 [--seed 1] [--variant podkidnoi|perevodnoi]
 * [--deck 24|36|52] [--teams] [--throw-in all|neighbours|neighbours_only] [--first-bout-limit first_bout|until_first_discard|none]
 * [--show-trump] [--hidden-discard] [--threads N] [--samples N] [--budget-ms N] [--exact-nodes N (0: off)]</pre>
 */
public final class StrengthHarness {

    /** What one run measured. */
    public record Result(int deals, int notDurak, int durak, int draws, long[] decisionNanos) {
        public double winRate() {
            return (double) notDurak / deals;
        }

        public double durakRate() {
            return (double) durak / deals;
        }

        public long percentileNanos(double p) {
            if (decisionNanos.length == 0) {
                return 0;
            }
            int i = (int) Math.ceil(p * decisionNanos.length) - 1;
            return decisionNanos[Math.max(0, Math.min(i, decisionNanos.length - 1))];
        }
    }

    private static final int MAX_MOVES = 20_000;

    private StrengthHarness() {
    }

    public static void main(String[] args) throws Exception {
        String a = "normal";
        String b = "greedy";
        int deals = 2000;
        int players = 2;
        long seed = 1;
        int threads = Runtime.getRuntime().availableProcessors();
        Variant variant = Variant.PODKIDNOI;
        Deck deck = Deck.D36;
        boolean teams = false;
        boolean showTrump = false;
        boolean discardVisible = true;
        ThrowIn throwIn = ThrowIn.ALL;
        FirstBoutLimit limit = FirstBoutLimit.FIRST_BOUT;
        int samples = StrongPolicy.DEFAULT_SAMPLES;
        long budgetMs = StrongPolicy.DEFAULT_BUDGET_NANOS / 1_000_000;
        long exactNodes = StrongPolicy.DEFAULT_EXACT_NODES;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--a" -> a = args[++i];
                case "--b" -> b = args[++i];
                case "--deals" -> deals = Integer.parseInt(args[++i]);
                case "--players" -> players = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--variant" -> variant = Variant.valueOf(args[++i].toUpperCase(Locale.ROOT));
                case "--deck" -> deck = Deck.ofSize(Integer.parseInt(args[++i]));
                case "--teams" -> teams = true;
                case "--show-trump" -> showTrump = true;
                case "--hidden-discard" -> discardVisible = false;
                case "--throw-in" -> throwIn = ThrowIn.valueOf(args[++i].toUpperCase(Locale.ROOT));
                case "--first-bout-limit" -> limit = FirstBoutLimit.valueOf(args[++i].toUpperCase(Locale.ROOT));
                case "--samples" -> samples = Integer.parseInt(args[++i]);
                case "--budget-ms" -> budgetMs = Long.parseLong(args[++i]);
                case "--exact-nodes" -> exactNodes = Long.parseLong(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        Rules rules = Rules.defaults(players).withVariant(variant).withDeck(deck).withTeams(teams)
                .withThrowIn(throwIn).withFirstBoutLimit(limit).withShowTrumpToTransfer(showTrump)
                .withDiscardVisible(discardVisible);
        Policy pa = policy(a, rules, samples, budgetMs, exactNodes);
        Policy pb = policy(b, rules, samples, budgetMs, exactNodes);
        long t0 = System.nanoTime();
        Result r = run(rules, pa, pb, deals, seed, threads);
        double secs = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "%s (A) vs %s (B): %d players, %s %d cards%s, %d deals, seed %d, %.1f s%n",
                a, b, players, variant.name().toLowerCase(Locale.ROOT), deck.size(), teams ? ", teams" : "",
                deals, seed, secs);
        double[] w = wilson(r.notDurak(), r.deals());
        double[] d = wilson(r.durak(), r.deals());
        System.out.printf(Locale.ROOT, "A not durak: %.1f %% [%.1f, %.1f] (draws %d)%n",
                100 * r.winRate(), 100 * w[0], 100 * w[1], r.draws());
        System.out.printf(Locale.ROOT, "A durak:     %.1f %% [%.1f, %.1f]  (fair share %.1f %%)%n",
                100 * r.durakRate(), 100 * d[0], 100 * d[1], 100.0 / (teams ? 2 : players));
        System.out.printf(Locale.ROOT, "A decision time: p50 %.2f ms, p95 %.2f ms, max %.2f ms over %d decisions%n",
                r.percentileNanos(0.5) / 1e6, r.percentileNanos(0.95) / 1e6, r.percentileNanos(1.0) / 1e6,
                r.decisionNanos().length);
    }

    private static Policy policy(String name, Rules rules, int samples, long budgetMs, long exactNodes) {
        if (name.equalsIgnoreCase("strong")) {
            return new StrongPolicy(rules, samples, budgetMs * 1_000_000, exactNodes);
        }
        return Policies.byName(name, rules);
    }

    /** Plays {@code deals} deals on {@code threads} threads; deal {@code d} puts A in seat {@code d % n}. */
    public static Result run(Rules rules, Policy a, Policy b, int deals, long seed, int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<Future<long[]>> futures = new ArrayList<>();
            int[] outcome = new int[deals];
            for (int d = 0; d < deals; d++) {
                int deal = d;
                futures.add(pool.submit(() -> {
                    List<Long> times = new ArrayList<>();
                    outcome[deal] = playDeal(rules, a, b, deal, seed, times);
                    return times.stream().mapToLong(Long::longValue).toArray();
                }));
            }
            long[] all = new long[0];
            for (Future<long[]> f : futures) {
                long[] t = f.get();
                int n = all.length;
                all = Arrays.copyOf(all, n + t.length);
                System.arraycopy(t, 0, all, n, t.length);
            }
            Arrays.sort(all);
            int notDurak = 0;
            int durak = 0;
            int draws = 0;
            for (int o : outcome) {
                if (o == 1) {
                    durak++;
                } else {
                    notDurak++;
                    if (o == 2) {
                        draws++;
                    }
                }
            }
            return new Result(deals, notDurak, durak, draws, all);
        } finally {
            pool.shutdownNow();
        }
    }

    /** One deal; 0 when A (A's team) is not the durak, 1 when it is, 2 for a draw. */
    static int playDeal(Rules rules, Policy a, Policy b, int deal, long seed, List<Long> aTimes) {
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
                m = a.choose(view, rng);
                aTimes.add(System.nanoTime() - t);
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
