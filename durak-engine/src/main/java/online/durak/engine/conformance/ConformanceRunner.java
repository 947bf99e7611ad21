package online.durak.engine.conformance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Move;

/** Plays conformance cases against the engine: {@code PASS name} or {@code FAIL name: what differed}. */
public final class ConformanceRunner {

    /** The outcome of one case; {@code difference} is null when it passed. */
    public record Result(String name, String difference) {
        public boolean passed() {
            return difference == null;
        }
    }

    private ConformanceRunner() {
    }

    /** Plays one case. */
    public static Result run(ConformanceCase c) {
        DealState s = DealState.position(c.rules(), c.setup());
        for (int i = 0; i < c.steps().size(); i++) {
            ConformanceCase.Step step = c.steps().get(i);
            Decision<DealState> d = DealDecider.decide(s, step.seat(), step.move());
            String what = "step " + i + " (seat " + step.seat() + " " + describe(step) + ")";
            if (d instanceof Decision.Accepted<DealState> a) {
                if (step.expectReject()) {
                    return new Result(c.name(), what + " was accepted, expected a rejection");
                }
                s = a.state();
            } else if (!step.expectReject()) {
                Decision.Rejected<DealState> r = (Decision.Rejected<DealState>) d;
                return new Result(c.name(), what + " was rejected: " + r.rejection().code() + " "
                        + r.rejection().message());
            }
        }
        return new Result(c.name(), compare(c.expect(), s));
    }

    private static String describe(ConformanceCase.Step step) {
        if (step.move() instanceof Move.Attack a) {
            return "attack " + a.cards();
        } else if (step.move() instanceof Move.Throw t) {
            return "throw " + t.cards();
        } else if (step.move() instanceof Move.Cover c) {
            return "cover " + c.attack() + " with " + c.card();
        } else if (step.move() instanceof Move.Transfer t) {
            return "transfer " + t.card();
        } else if (step.move() instanceof Move.ShowTrump t) {
            return "transfer showing " + t.trump();
        }
        return step.move().type();
    }

    private static String compare(ConformanceCase.Expect e, DealState s) {
        List<String> diffs = new ArrayList<>();
        check(diffs, "phase", e.phase(), s.phase());
        check(diffs, "toAct", e.toAct(), s.toAct());
        check(diffs, "attacker", e.attacker(), s.attacker());
        check(diffs, "defender", e.defender(), s.defender());
        if (e.hands() != null) {
            for (Map.Entry<Integer, List<Card>> h : e.hands().entrySet()) {
                checkCards(diffs, "hands." + h.getKey(), h.getValue(), s.hand(h.getKey()));
            }
        }
        if (e.handSizes() != null) {
            List<Integer> sizes = new ArrayList<>();
            for (int i = 0; i < s.players(); i++) {
                sizes.add(s.handSize(i));
            }
            check(diffs, "handSizes", e.handSizes(), sizes);
        }
        if (e.table() != null) {
            List<String> want = new ArrayList<>();
            e.table().forEach(p -> want.add(Arrays.toString(p)));
            List<String> got = new ArrayList<>();
            s.table().forEach(p -> got.add(Arrays.toString(p)));
            check(diffs, "table", want, got);
        }
        check(diffs, "discardCount", e.discardCount(), s.discardCount());
        check(diffs, "stockCount", e.stockCount(), s.stockCount());
        if (e.out() != null) {
            List<Integer> out = new ArrayList<>();
            for (int i = 0; i < s.players(); i++) {
                if (s.isOut(i)) {
                    out.add(i);
                }
            }
            check(diffs, "out", new HashSet<>(e.out()), new HashSet<>(out));
        }
        check(diffs, "durak", e.durak(), s.isOver() ? s.durak() : null);
        if (e.points() != null) {
            int[] p = s.points();
            check(diffs, "points", e.points(), p == null ? null : Arrays.stream(p).boxed().toList());
        }
        if (e.known() != null) {
            for (Map.Entry<Integer, List<Card>> k : e.known().entrySet()) {
                checkCards(diffs, "known." + k.getKey(), k.getValue(), s.known(k.getKey()));
            }
        }
        return diffs.isEmpty() ? null : String.join("; ", diffs);
    }

    private static void check(List<String> diffs, String field, Object want, Object got) {
        if (want != null && !want.equals(got)) {
            diffs.add(field + " expected " + want + " but was " + got);
        }
    }

    private static void checkCards(List<String> diffs, String field, List<Card> want, CardSet got) {
        CardSet w = CardSet.of(want);
        if (!w.equals(got)) {
            diffs.add(field + " expected " + w + " but was " + got);
        }
    }

    // ---- files ----

    /** Case files under the paths (folders recursively, {@code *.json}), in a stable order. */
    public static List<Path> caseFiles(List<Path> paths) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    walk.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".json"))
                            .sorted().forEach(files::add);
                }
            } else {
                files.add(p);
            }
        }
        return files;
    }

    /**
     * Runs every case under the paths, printing a line per case and the closing count. Returns the exit
     * code: 0 all passed, 1 a case failed, 2 a file is not a valid case (reported naming file and field).
     */
    public static int runAll(List<Path> paths, PrintStream out, PrintStream err) {
        List<Path> files;
        try {
            files = caseFiles(paths);
        } catch (IOException e) {
            err.println("cannot read " + e.getMessage());
            return 2;
        }
        List<ConformanceCase> cases = new ArrayList<>();
        for (Path f : files) {
            try {
                cases.add(CaseReader.read(Files.readString(f, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                err.println(f + ": cannot read the file: " + e.getMessage());
                return 2;
            } catch (InvalidCaseException e) {
                err.println(f + ": not a valid case: " + e.getMessage());
                return 2;
            }
        }
        int passed = 0;
        int failed = 0;
        for (ConformanceCase c : cases) {
            Result r = run(c);
            if (r.passed()) {
                passed++;
                out.println("PASS " + r.name());
            } else {
                failed++;
                out.println("FAIL " + r.name() + ": " + r.difference());
            }
        }
        out.println(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
