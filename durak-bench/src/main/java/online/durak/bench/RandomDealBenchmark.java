package online.durak.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import online.durak.engine.DealState;
import online.durak.engine.Rules;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Complete random deals per second: deal, then legal moves and decide with a random legal move until the deal
 * is over. Default table: podkidnoi, 2 players, 36 cards. The goal is 31,000 deals per second on one core.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RandomDealBenchmark {
    private final Rules rules = Rules.defaults(2);
    private SplittableRandom random;

    /** Moves played, reported next to the deals as moves per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Moves {
        public long moves;

        @Setup(Level.Iteration)
        public void reset() {
            moves = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        random = new SplittableRandom(20_250_101L);
    }

    @Benchmark
    public DealState completeRandomDeal_2players36cards(Moves counter) {
        DealState s = RandomPlay.deal(rules, random);
        long moves = 0;
        while (!s.isOver()) {
            s = RandomPlay.step(s, random);
            moves++;
        }
        counter.moves += moves;
        return s;
    }
}
