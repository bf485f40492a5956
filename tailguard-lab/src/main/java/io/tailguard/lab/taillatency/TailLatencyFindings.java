package io.tailguard.lab.taillatency;

import java.util.Collections;
import java.util.Locale;
import java.util.List;
import org.HdrHistogram.Histogram;

/** Thread-safe (stateless) findings of a tail-latency run, computed from its histograms. */
final class TailLatencyFindings {

    private TailLatencyFindings() {
    }

    static String describe(TailLatencyModel.Outcome base, TailLatencyModel.Outcome fan, int fanOut) {
        List<Long> b = base.intervalP99();
        List<Long> f = fan.intervalP99();
        long lastBase = b.get(b.size() - 1);
        long lastFan = f.get(f.size() - 1);
        double slowBase = over(base.whole(), 100);
        double slowFan = over(fan.whole(), 100);
        String text = String.format(Locale.ROOT, "A fan-out of %d multiplies the last interval's p99 by %.1f "
                        + "(%d to %d ms). Over 100 ms: %.2f %% of single calls, %.2f %% of fan-out requests.",
                fanOut, lastBase == 0 ? 0.0 : (double) lastFan / lastBase, lastBase, lastFan, slowBase, slowFan);
        long minBase = Collections.min(b);
        long maxBase = Collections.max(b);
        if (maxBase > 2 * minBase) {
            text += String.format(Locale.ROOT, " The single-call p99 per interval ranges %d to %d ms, so the ratio "
                    + "depends on the seed.", minBase, maxBase);
        }
        return text;
    }

    private static double over(Histogram h, long millis) {
        long n = h.getTotalCount();
        return n == 0 ? 0 : 100.0 * (n - h.getCountBetweenValues(0, millis)) / n;
    }
}
