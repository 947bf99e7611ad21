package online.durak.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Views;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the wire costs per move, in nanoseconds, on mid-deal positions of 3-player podkidnoi deals: writing the seat's
 * view (the body of every {@code GET /view} and accepted move), writing the rules service's reply with the move's
 * events, and reading that reply back (what table-service's replies consumer does with each one).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class WireBenchmark {
    private static final int POSITIONS = 1024;

    private SeatView[] views;
    private ReplyMessage[] replies;
    private byte[][] replyBytes;
    private final Cycle cycle = new Cycle(POSITIONS);

    @Setup(Level.Trial)
    public void setUp() {
        Rules rules = Rules.defaults(3);
        SplittableRandom random = new SplittableRandom(11);
        views = new SeatView[POSITIONS];
        replies = new ReplyMessage[POSITIONS];
        replyBytes = new byte[POSITIONS][];
        Instant at = Instant.parse("2026-12-02T12:00:00Z");
        int k = 0;
        while (k < POSITIONS) {
            DealState s = RandomPlay.deal(rules, random);
            long seq = 10;
            while (!s.isOver() && k < POSITIONS) {
                int seat = s.toAct();
                List<Move> legal = DealDecider.legalMoves(s, seat);
                Move move = legal.get(random.nextInt(legal.size()));
                List<Event> events = RandomPlay.accepted(DealDecider.decide(s, seat, move)).events();
                List<EventMessage> messages = new ArrayList<>();
                for (Event e : events) {
                    messages.add(new EventMessage("t-" + k, ++seq, e, "p:c-" + k, at));
                }
                views[k] = Views.seatView(s, seat);
                replies[k] = new ReplyMessage("p:c-" + k, "t-" + k, true, null, null, seq, messages);
                replyBytes[k] = Codec.toBytes(replies[k]);
                k++;
                s = RandomPlay.step(s, random);
            }
        }
    }

    @Benchmark
    public byte[] writeSeatView() {
        return Codec.toBytes(views[cycle.next()]);
    }

    @Benchmark
    public byte[] writeReply() {
        return Codec.toBytes(replies[cycle.next()]);
    }

    @Benchmark
    public ReplyMessage readReply() {
        return Codec.readReplyMessage(replyBytes[cycle.next()]);
    }
}
