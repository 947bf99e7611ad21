package online.durak.bot.analysis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import online.durak.bot.policy.Analysis;
import online.durak.bot.policy.HintText;
import online.durak.bot.policy.StrongPolicy;
import online.durak.engine.Rules;
import online.durak.engine.table.LoggedTable;

/**
 * Weighs every decision of every person of a table's log against the alternatives with STRONG's search, the one the
 * hint uses ({@link StrongPolicy#analyse}, budget {@link #BUDGET}), given only the seat's own view then
 * ({@link Decisions}), with the move played always among the moves compared. Each decision's random generator is
 * seeded from the table and the seq, so the same log is always judged the same. Plain Java: the service runs it on
 * a thread of its own ({@code Analyses}).
 */
public final class MatchAnalyser {
    /**
     * The search of one decision: up to 300 samples or 80 ms of CPU, until the moves still in question are known to
     * within ± 0.05 of the best (the smallest loss that counts).
     */
    static final StrongPolicy.Budget BUDGET = new StrongPolicy.Budget(300, 80_000_000L, 1_000_000_000L,
            Verdict.INACCURACY_FROM);
    /** The worst decisions a summary names. */
    static final int BIGGEST = 3;

    /** Told before each decision is searched and after each is judged. */
    public interface Listener {
        /** Before a decision's search: may wait (live bots first); an interrupt stops the analysis. */
        void beforeSearch() throws InterruptedException;

        void judged(int done, int total);
    }

    private MatchAnalyser() {
    }

    /** How many decisions a log has to judge (the progress's total). */
    public static int decisions(String tableId, List<? extends LoggedTable.Logged> log) {
        return Decisions.of(tableId, log).decisions().size();
    }

    public static MatchAnalysis analyse(String tableId, List<? extends LoggedTable.Logged> log, Listener listener)
            throws InterruptedException {
        Decisions.Read read = Decisions.of(tableId, log);
        Rules rules = read.table().rules();
        List<MatchAnalysis.Judged> judged = new ArrayList<>();
        int total = read.decisions().size();
        for (Decisions.Decision d : read.decisions()) {
            listener.beforeSearch();
            judged.add(judge(tableId, rules, d));
            listener.judged(judged.size(), total);
        }
        return new MatchAnalysis(summaries(read, judged), judged);
    }

    /** One decision judged from the seat's view alone. */
    static MatchAnalysis.Judged judge(String tableId, Rules rules, Decisions.Decision d) {
        SplittableRandom rng = new SplittableRandom(seed(tableId, d.seq()));
        Analysis a = new StrongPolicy(rules).analyse(d.view(), rng, BUDGET, d.played(), HintText.Names.NONE);
        Analysis.Candidate best = a.candidates().get(0);
        Analysis.Candidate played = best;
        for (Analysis.Candidate c : a.candidates()) {
            if (c.move().equals(d.played())) {
                played = c;
                break;
            }
        }
        boolean isBest = played == best;
        double loss = isBest ? 0 : Math.max(0, played.behind());
        Verdict v = isBest ? Verdict.GOOD : Verdict.of(loss, played.equalToBest());
        return new MatchAnalysis.Judged(d.deal(), d.seq(), d.seat(), d.view().phase(), d.played(), best.move(),
                played.expected(), best.expected(), loss, isBest ? 0 : played.margin(), v,
                best.samples(), best.exact(), AnalysisText.reason(d.view().phase(), v, played, best));
    }

    private static MatchAnalysis.Player summary(int seat, String name, List<MatchAnalysis.Judged> mine) {
        int[] counts = new int[Verdict.values().length];
        double lost = 0;
        for (MatchAnalysis.Judged j : mine) {
            counts[j.verdict().ordinal()]++;
            lost += j.verdict() == Verdict.GOOD ? 0 : j.loss();
        }
        List<MatchAnalysis.Judged> worst = mine.stream().filter(j -> j.verdict() != Verdict.GOOD)
                .sorted(Comparator.comparingDouble(MatchAnalysis.Judged::loss).reversed()).limit(BIGGEST).toList();
        int n = mine.size();
        return new MatchAnalysis.Player(seat, name, n, n == 0 ? 100 : round(100.0 * counts[0] / n),
                n == 0 ? 0 : round(lost / n), counts[0], counts[1], counts[2], counts[3], worst);
    }

    private static List<MatchAnalysis.Player> summaries(Decisions.Read read, List<MatchAnalysis.Judged> judged) {
        TreeMap<Integer, List<MatchAnalysis.Judged>> bySeat = new TreeMap<>();
        TreeMap<Integer, String> names = new TreeMap<>();
        for (int i = 0; i < judged.size(); i++) {
            MatchAnalysis.Judged j = judged.get(i);
            bySeat.computeIfAbsent(j.seat(), s -> new ArrayList<>()).add(j);
            names.put(j.seat(), read.decisions().get(i).name());
        }
        List<MatchAnalysis.Player> out = new ArrayList<>();
        bySeat.forEach((seat, mine) -> out.add(summary(seat, names.get(seat), mine)));
        return out;
    }

    private static double round(double x) {
        return Math.round(x * 10_000) / 10_000.0;
    }

    /** A decision's seed: the table and the seq, the same on every JVM. */
    static long seed(String tableId, long seq) {
        long h = 1125899906842597L;
        for (byte b : tableId.getBytes(StandardCharsets.UTF_8)) {
            h = 31 * h + b;
        }
        return h * 0x9E3779B97F4A7C15L + seq;
    }
}
