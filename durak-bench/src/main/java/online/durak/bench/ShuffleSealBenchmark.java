package online.durak.bench;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import online.durak.engine.Card;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.ShuffleProof;
import online.durak.engine.Views;
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
 * What the shuffle's seal (docs/fairness.md) costs per deal, in nanoseconds, with {@code sealed} false (a deal as it was
 * dealt before the seal: the rules service's seed, the deal, the fold of its {@code DealStarted}) side by side with
 * {@code sealed} true (the seed and a 32-byte salt from the same {@link SecureRandom}, the deal with the salt, the fold,
 * which hashes salt and deck order once for the views): {@code dealAndFold}. {@code seatViews} adds a view of every
 * seat, which carries the commitment; {@code commitment} is the hash alone.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ShuffleSealBenchmark {
    private static final HexFormat HEX = HexFormat.of();

    @Param({"false", "true"})
    public boolean sealed;

    private final Rules rules = Rules.defaults(3);
    private SecureRandom random;
    private List<Card> deck;
    private String salt;

    @Setup(Level.Trial)
    public void setUp() {
        random = new SecureRandom();
        Event.DealStarted d = DealDecider.deal(rules, 7, 1, 0, -1);
        deck = d.deckOrder();
        salt = "5a".repeat(32);
    }

    /** As the rules service deals: a seed (and, sealed, a salt) drawn, the deal, its first event folded. */
    @Benchmark
    public DealState dealAndFold() {
        long seed = random.nextLong();
        String s = null;
        if (sealed) {
            byte[] bytes = new byte[32];
            random.nextBytes(bytes);
            s = HEX.formatHex(bytes);
        }
        return DealDecider.start(rules, DealDecider.deal(rules, seed, s, 1, 0, -1));
    }

    /** {@link #dealAndFold}, then every seat's view of the fresh deal (each carries the commitment, not hashed again). */
    @Benchmark
    public Object seatViews() {
        DealState s = dealAndFold();
        Object last = null;
        for (int seat = 0; seat < rules.players(); seat++) {
            last = Views.seatView(s, seat);
        }
        return last;
    }

    /** SHA-256 of {@code SALT:DECK} for a 36-card deck, in lowercase hex. */
    @Benchmark
    public String commitment() {
        return ShuffleProof.commitment(salt, deck);
    }
}
