package online.durak.bot.policy;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * When a search must stop: once its thread has used a budget of CPU time (what the decision costs on one core,
 * whatever else the machine runs, so a busy machine does not make the bot weaker), or a wall-clock cap has passed
 * (so that nobody waits long for it on a machine that is very busy). Where the JVM cannot measure a thread's CPU
 * time, the CPU budget counts wall-clock time instead. Read on the searching thread only.
 */
final class Deadline {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU = THREADS.isCurrentThreadCpuTimeSupported();

    /** Never passes: for searches bounded by their node budget alone. */
    static final Deadline NONE = new Deadline(Long.MAX_VALUE, Long.MAX_VALUE);

    private final long cpuEnd;
    private final long wallEnd;

    private Deadline(long cpuEnd, long wallEnd) {
        this.cpuEnd = cpuEnd;
        this.wallEnd = wallEnd;
    }

    /** From now: {@code cpuNanos} of this thread's CPU time, at most {@code wallNanos} of wall-clock time. */
    static Deadline after(long cpuNanos, long wallNanos) {
        return new Deadline(saturated(cpu(), cpuNanos), saturated(System.nanoTime(), wallNanos));
    }

    boolean passed() {
        return System.nanoTime() > wallEnd || cpu() > cpuEnd;
    }

    private static long cpu() {
        return CPU ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    private static long saturated(long now, long plus) {
        long end = now + plus;
        return end < now ? Long.MAX_VALUE : end;
    }
}
