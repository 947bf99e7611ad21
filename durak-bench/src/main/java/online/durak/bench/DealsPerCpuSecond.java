package online.durak.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.SplittableRandom;
import online.durak.engine.DealState;
import online.durak.engine.Rules;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The deal benchmark's loop timed by the thread's CPU time instead of the wall clock: on a shared machine
 * (other builds running) JMH's wall-clock figure swings with the load, this one much less. Not a substitute
 * for JMH on a quiet machine, a cross-check of it.
 *
 * <p>{@code java -cp durak-bench/target/benchmarks.jar online.durak.bench.DealsPerCpuSecond [rounds] [cpu-seconds]}
 */
@Command(name = "DealsPerCpuSecond", mixinStandardHelpOptions = true, version = "durak-bench",
        description = "Random deals per CPU-second of this thread: three rounds of warm-up, then the rounds asked for.")
public final class DealsPerCpuSecond implements Runnable {
    @Parameters(index = "0", arity = "0..1", paramLabel = "ROUNDS", defaultValue = "5",
            description = "measured rounds (default ${DEFAULT-VALUE})")
    int rounds;

    @Parameters(index = "1", arity = "0..1", paramLabel = "CPU-SECONDS", defaultValue = "10",
            description = "CPU-seconds of each round (default ${DEFAULT-VALUE})")
    double seconds;

    public static void main(String[] args) {
        System.exit(new CommandLine(new DealsPerCpuSecond()).execute(args));
    }

    @Override
    public void run() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Rules rules = Rules.defaults(2);
        SplittableRandom random = new SplittableRandom(20_250_101L);
        long sink = 0;
        for (int round = -3; round < rounds; round++) {   // three rounds of warm-up
            long start = threads.getCurrentThreadCpuTime();
            long end = start + (long) (seconds * 1e9);
            long deals = 0;
            long moves = 0;
            long now;
            do {
                for (int i = 0; i < 100; i++) {
                    DealState s = RandomPlay.deal(rules, random);
                    while (!s.isOver()) {
                        s = RandomPlay.step(s, random);
                        moves++;
                    }
                    sink += s.durak();
                    deals++;
                }
                now = threads.getCurrentThreadCpuTime();
            } while (now < end);
            double cpu = (now - start) / 1e9;
            System.out.printf("%s %d: %.0f deals per CPU second, %.0f moves per CPU second%n",
                    round < 0 ? "warm-up" : "round", round < 0 ? round + 4 : round + 1, deals / cpu, moves / cpu);
        }
        System.out.println(sink == 42 ? "" : "done");
    }
}
