package io.tailguard.lab.playground;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The published series' shared rules written straight from the specification, with none of the
 * production classes, for the oracles that check windows the golden files do not cover.
 */
public final class PublishedRules {

    private PublishedRules() {
    }

    /** DemandCurve arrivals by repeated addition; {@code segments} = rate, length pairs (length 0 = unbounded). */
    public static List<Double> arrivals(long d, double... segments) {
        List<Double> out = new ArrayList<>();
        long segStart = 0;
        int i = 0;
        while (segStart < d) {
            double rate = segments[i % segments.length];
            long len = (long) segments[(i + 1) % segments.length];
            i += 2;
            long segEnd = len == 0 ? d : Math.min(segStart + len, d);
            if (rate > 0) {
                double spacing = 1000.0 / rate;
                for (double t = segStart; t < segEnd; t += spacing) {
                    out.add(t);
                }
            }
            segStart = segEnd;
        }
        return out;
    }

    public static Histogram histogram() {
        return new Histogram(60_000, 3);
    }

    public static long clampMs(double x) {
        return Math.min(Math.max(Math.round(x), 0), 60_000);
    }

    public static double p(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0.0 : (double) h.getValueAtPercentile(percentile);
    }
}
