package online.durak.load;

import java.util.Arrays;

/** Latency samples in nanoseconds, recorded from many threads; percentiles by sorting (nearest rank). */
public final class Latencies {

    private long[] samples = new long[1024];
    private int size;

    public synchronized void add(long nanos) {
        if (size == samples.length) {
            samples = Arrays.copyOf(samples, size * 2);
        }
        samples[size++] = nanos;
    }

    public synchronized int count() {
        return size;
    }

    /** The {@code p}-th percentile (0 < p ≤ 100) in milliseconds; NaN without samples. */
    public synchronized double percentileMillis(double p) {
        if (size == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(samples, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * size);
        return sorted[Math.max(0, Math.min(size - 1, rank - 1))] / 1e6;
    }

    /** {@code p50 x ms, p95 y ms, p99 z ms (n samples)} */
    public String summary() {
        return String.format("p50 %7.2f ms  p95 %7.2f ms  p99 %7.2f ms  (%d samples)",
            percentileMillis(50), percentileMillis(95), percentileMillis(99), count());
    }
}
