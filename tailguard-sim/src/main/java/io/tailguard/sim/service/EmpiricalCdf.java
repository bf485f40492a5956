package io.tailguard.sim.service;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/** Immutable piecewise-linear CDF sampled by inverse transform; made by {@link #of}, which validates. */
record EmpiricalCdf(long[] valuesNanos, double[] cdf, double meanNanos) implements ServiceModel {

    static EmpiricalCdf of(List<Duration> values, double[] cumulativeProbabilities) {
        Paired.onePerElement("values", values, "cumulativeProbabilities", cumulativeProbabilities, "value");
        long[] nanos = new long[values.size()];
        double[] cdf = cumulativeProbabilities.clone();
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = Check.nonNegative("values[" + i + "]", values.get(i)).toNanos();
            Check.inRange("cumulativeProbabilities[" + i + "]", cdf[i], i == 0 ? 0.0 : cdf[i - 1], 1.0);
            if (i > 0 && nanos[i] < nanos[i - 1]) {
                throw new IllegalArgumentException("values must be ascending but values[" + i + "] was "
                        + values.get(i) + " after " + values.get(i - 1));
            }
        }
        if (cdf[cdf.length - 1] != 1.0) {
            throw new IllegalArgumentException("cumulativeProbabilities must end at 1.0 but ended at "
                    + cdf[cdf.length - 1]);
        }
        // Mass cdf[0] sits on the first value; each segment's mass is spread uniformly.
        double mean = cdf[0] * nanos[0];
        for (int i = 1; i < cdf.length; i++) {
            mean += (cdf[i] - cdf[i - 1]) * (nanos[i] + nanos[i - 1]) / 2.0;
        }
        return new EmpiricalCdf(nanos, cdf, mean);
    }

    @Override
    public long sampleNanos(RandomGenerator random) {
        double u = random.nextDouble();
        int i = Arrays.binarySearch(cdf, u);
        if (i >= 0) {
            return valuesNanos[i];
        }
        int upper = -i - 1;
        if (upper == 0) {
            return valuesNanos[0];
        }
        double lowP = cdf[upper - 1];
        double fraction = (u - lowP) / (cdf[upper] - lowP);
        long low = valuesNanos[upper - 1];
        return low + Math.round(fraction * (valuesNanos[upper] - low));
    }

    @Override
    public String toString() {
        return "EmpiricalCdf[" + valuesNanos.length + " points, mean " + meanNanos + "ns]";
    }
}
