package io.tailguard.lab.live.planlive;

import java.util.Arrays;

/**
 * Thread-safe (immutable): how a pool's limit moved over a measured span, from its samples every
 * {@link io.tailguard.sim.path.PathSimulation#LIMIT_SAMPLE}: the mean says where it sat, the low
 * decile how far down it went for a tenth of the span (a low limit is what drains a queue slowly),
 * and the decreases per second how often it stepped down between two samples.
 *
 * @param mean             the samples' mean (NaN: none)
 * @param lowDecile        the tenth percentile of the samples (NaN: none)
 * @param decreasesPerSecond sample-to-sample decreases per second of samples (NaN: fewer than two)
 */
record LimitTrace(double mean, double lowDecile, double decreasesPerSecond) {

    static final LimitTrace NONE = new LimitTrace(Double.NaN, Double.NaN, Double.NaN);

    /** Returns the trace of {@code samples}, taken {@code everyMillis} apart. */
    static LimitTrace of(int[] samples, long everyMillis) {
        if (samples.length == 0) {
            return NONE;
        }
        double sum = 0;
        int decreases = 0;
        for (int i = 0; i < samples.length; i++) {
            sum += samples[i];
            if (i > 0 && samples[i] < samples[i - 1]) {
                decreases++;
            }
        }
        int[] sorted = samples.clone();
        Arrays.sort(sorted);
        double perSecond = samples.length < 2 ? Double.NaN
                : decreases * 1000.0 / ((samples.length - 1) * (double) everyMillis);
        return new LimitTrace(sum / samples.length, sorted[(samples.length - 1) / 10], perSecond);
    }
}
