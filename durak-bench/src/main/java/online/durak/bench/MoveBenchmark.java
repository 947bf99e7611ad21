package online.durak.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Deck;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Variant;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One move on a fixed set of mid-deal positions (every phase, sampled from random deals), in nanoseconds: the
 * legal moves alone; legal moves plus decide (which returns the evolved state); the same plus folding the events
 * with evolve, as a replica or projection rebuilds the state; and the fold alone.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MoveBenchmark {
    private static final int POSITIONS = 4096;

    /** The table the positions come from: variant, players, deck. */
    @Param({"PODKIDNOI_2_36", "PEREVODNOI_4_36"})
    public String table;

    private DealState[] positions;
    private int[] seats;
    private int[] picks;             // which of its legal moves each position plays, picked at random
    private List<Event>[] events;    // what decide answered to it
    private final Cycle cycle = new Cycle(POSITIONS);

    @Setup(Level.Trial)
    @SuppressWarnings("unchecked")
    public void setUp() {
        String[] parts = table.split("_");
        Rules rules = Rules.defaults(Integer.parseInt(parts[1]))
                .withVariant(Variant.valueOf(parts[0]))
                .withDeck(Deck.ofSize(Integer.parseInt(parts[2])));
        SplittableRandom random = new SplittableRandom(7);
        positions = new DealState[POSITIONS];
        seats = new int[POSITIONS];
        picks = new int[POSITIONS];
        events = new List[POSITIONS];
        int k = 0;
        while (k < POSITIONS) {
            DealState s = RandomPlay.deal(rules, random);
            boolean first = true;
            while (!s.isOver() && k < POSITIONS) {
                if (!first && random.nextInt(4) == 0) {
                    List<Move> legal = DealDecider.legalMoves(s, s.toAct());
                    positions[k] = s;
                    seats[k] = s.toAct();
                    picks[k] = random.nextInt(legal.size());
                    Move move = legal.get(picks[k]);
                    events[k] = new ArrayList<>(RandomPlay.accepted(DealDecider.decide(s, seats[k], move)).events());
                    k++;
                }
                first = false;
                s = RandomPlay.step(s, random);
            }
        }
    }

    @Benchmark
    public List<Move> legalMoves() {
        int i = cycle.next();
        return DealDecider.legalMoves(positions[i], seats[i]);
    }

    @Benchmark
    public DealState legalMovesAndDecide() {
        int i = cycle.next();
        DealState s = positions[i];
        List<Move> legal = DealDecider.legalMoves(s, seats[i]);
        Move move = legal.get(picks[i]);
        return RandomPlay.accepted(DealDecider.decide(s, seats[i], move)).state();
    }

    @Benchmark
    public DealState legalMovesDecideAndFold() {
        int i = cycle.next();
        DealState s = positions[i];
        List<Move> legal = DealDecider.legalMoves(s, seats[i]);
        Move move = legal.get(picks[i]);
        Decision.Accepted<DealState> a = RandomPlay.accepted(DealDecider.decide(s, seats[i], move));
        DealState folded = s;
        for (Event e : a.events()) {
            folded = DealDecider.evolve(folded, (Event.DealEvent) e);
        }
        return folded;
    }

    @Benchmark
    public DealState foldEvents() {
        int i = cycle.next();
        DealState s = positions[i];
        for (Event e : events[i]) {
            s = DealDecider.evolve(s, (Event.DealEvent) e);
        }
        return s;
    }
}
