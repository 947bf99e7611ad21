package online.durak.bot.policy;

import java.util.Arrays;

/**
 * The results of candidate moves over shared sampled deals, and the paired statistics that compare them: for two
 * candidates played on the same samples, the difference of their results sample by sample has a mean and a
 * standard error, and the 95 % interval {@code mean ± 1.96 · sd / √n} says whether one is better beyond the sampling
 * error. A candidate whose difference to the best lies wholly below 0 is dropped ("raced out"): it gets no more
 * samples, and the time goes to the moves still in question. Candidates are only ever dropped, so every candidate
 * still in the race has a result on every sample, and a dropped one on the first {@link #count} samples.
 */
final class Sampling {
    /** The normal quantile of a two-sided 95 % interval. */
    static final double Z95 = 1.959964;

    private final int k;
    private float[][] results;
    private final int[] count;
    private final double[] sum;
    private final boolean[] live;
    private int samples;

    Sampling(int candidates) {
        this.k = candidates;
        this.results = new float[candidates][64];
        this.count = new int[candidates];
        this.sum = new double[candidates];
        this.live = new boolean[candidates];
        Arrays.fill(live, true);
    }

    int candidates() {
        return k;
    }

    boolean live(int i) {
        return live[i];
    }

    int liveCount() {
        int n = 0;
        for (boolean b : live) {
            n += b ? 1 : 0;
        }
        return n;
    }

    /** Samples of candidate {@code i}. */
    int count(int i) {
        return count[i];
    }

    /** Samples taken. */
    int samples() {
        return samples;
    }

    /** Starts the next sample; {@link #add} then gives each live candidate's result on it. */
    void nextSample() {
        samples++;
        if (samples > results[0].length) {
            for (int i = 0; i < k; i++) {
                results[i] = Arrays.copyOf(results[i], results[i].length * 2);
            }
        }
    }

    void add(int i, double result) {
        results[i][count[i]++] = (float) result;
        sum[i] += (float) result;
    }

    /**
     * A candidate that could not be played on a sample (the engine refused it there) leaves the race: paired
     * statistics need every live candidate on every sample.
     */
    void drop(int i) {
        live[i] = false;
    }

    double mean(int i) {
        if (count[i] == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        return sum[i] / count[i];
    }

    /** The live candidate with the highest mean; ties go to the lower index. */
    int best() {
        int best = -1;
        double bestMean = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            if (live[i] && count[i] > 0) {
                double m = mean(i);
                if (best < 0 || m > bestMean + 1e-12) {
                    best = i;
                    bestMean = m;
                }
            }
        }
        return best;
    }

    /**
     * The difference {@code a − b} over the samples both were played on: {mean, half-width of its 95 % interval}.
     * With fewer than two common samples the half-width is infinite.
     */
    double[] difference(int a, int b) {
        int n = Math.min(count[a], count[b]);
        if (n == 0) {
            return new double[] {0, Double.POSITIVE_INFINITY};
        }
        double sum = 0;
        double sq = 0;
        for (int t = 0; t < n; t++) {
            double d = results[a][t] - results[b][t];
            sum += d;
            sq += d * d;
        }
        double mean = sum / n;
        if (n < 2) {
            return new double[] {mean, Double.POSITIVE_INFINITY};
        }
        double var = Math.max(0, (sq - n * mean * mean) / (n - 1));
        return new double[] {mean, Z95 * Math.sqrt(var / n)};
    }

    /**
     * Drops every live candidate that is worse than the best beyond the sampling error (its difference's interval
     * lies wholly below 0), once at least {@code minSamples} samples are in.
     *
     * @return the best
     */
    int race(int minSamples) {
        int best = best();
        if (samples < minSamples || best < 0) {
            return best;
        }
        for (int j = 0; j < k; j++) {
            if (live[j] && j != best) {
                double[] d = difference(best, j);
                if (d[0] - d[1] > 0) {
                    live[j] = false;
                }
            }
        }
        return best;
    }

    /** Whether every other live candidate's difference to {@code best} is known to within ± {@code within}. */
    boolean settled(int best, double within) {
        for (int j = 0; j < k; j++) {
            if (live[j] && j != best && difference(best, j)[1] >= within) {
                return false;
            }
        }
        return true;
    }
}
