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
        String text = String.format(Locale.ROOT,
                "In the last interval p99 went from %d ms for one call to %d ms for the slowest of %d "
                        + "(%.1fx; the published lab reports this ratio). Over the run %.2f %% of single calls "
                        + "but %.2f %% of fan-out requests took over 100 ms: with %d calls, one slow call is "
                        + "enough, so the fan-out's p99 lies inside the calls' 1 %% tail.",
                lastBase, lastFan, fanOut, lastBase == 0 ? 0.0 : (double) lastFan / lastBase, slowBase, slowFan,
                fanOut);
        long minBase = Collections.min(b);
        long maxBase = Collections.max(b);
        if (maxBase > 2 * minBase) {
            text += String.format(Locale.ROOT, " The single-call p99 per interval swings from %d to %d ms: "
                    + "the tail is about 1 %% of calls, so an interval's p99 falls on either side of it by chance, "
                    + "and the published ratio depends on which interval is last (try other --seed values).",
                    minBase, maxBase);
        }
        return text;
    }

    private static double over(Histogram h, long millis) {
        long n = h.getTotalCount();
        return n == 0 ? 0 : 100.0 * (n - h.getCountBetweenValues(0, millis)) / n;
    }
}
