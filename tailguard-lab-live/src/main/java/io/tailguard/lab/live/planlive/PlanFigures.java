package io.tailguard.lab.live.planlive;

import io.tailguard.sim.path.PathResult;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe (the histogram is mutable; treat it as read-only): the plan's figures for one
 * scenario and load, pooled over several seeds (counts added, their measured spans added, latency
 * histograms merged), so a plan as short as the live step is not noisier than it.
 *
 * @param seconds   measured simulated time, summed over seeds
 * @param offered   requests that arrived after the warm-up
 * @param goodput   answered by a backend within the patience
 * @param rejected  answered 429 or 503 by the decision path
 * @param gone      requests whose client left first
 * @param goodputMicros latency of the goodput, microseconds
 */
record PlanFigures(double seconds, long offered, long goodput, long rejected, long gone, Histogram goodputMicros) {

    static PlanFigures pooled(List<PathResult> runs) {
        double seconds = 0;
        long offered = 0;
        long goodput = 0;
        long rejected = 0;
        long gone = 0;
        Histogram latency = runs.get(0).goodputMicros().copy();
        latency.reset();
        for (PathResult r : runs) {
            seconds += r.durationNanos() / 1e9;
            offered += r.offered();
            goodput += r.goodput();
            rejected += r.rejected();
            gone += r.gone();
            latency.add(r.goodputMicros());
        }
        return new PlanFigures(seconds, offered, goodput, rejected, gone, latency);
    }

    /** Returns {@code count} per measured second. */
    double perSecond(long count) {
        return count / seconds;
    }

    /** Returns the goodput latency at {@code percentile} in milliseconds, NaN when there was none. */
    double goodputMillis(double percentile) {
        return goodputMicros.getTotalCount() == 0 ? Double.NaN
                : goodputMicros.getValueAtPercentile(percentile) / 1000.0;
    }
}
