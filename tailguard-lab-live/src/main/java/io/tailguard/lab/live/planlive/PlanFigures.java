package io.tailguard.lab.live.planlive;

import io.tailguard.sim.path.PathResult;
import io.tailguard.sim.path.PathSimulation;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Thread-safe (immutable): the plan's figures for one scenario and load over several seeds, each
 * the median of the seeds' own figures. A live step is one run, so it is compared with the plan's
 * typical run rather than with all seeds pooled: an adaptive limit over a few seconds can go two
 * ways, and a pooled p99 is the tail of the seeds that went the worse way. The seeds' lowest and
 * highest p99 show that spread.
 *
 * @param offeredRps  requests that arrived after the warm-up, per second
 * @param goodputRps  answered by a backend within the patience, per second
 * @param rejectedRps answered 429 or 503 by the decision path, per second
 * @param goneRps     requests whose client left first, per second
 * @param p99Millis   p99 of the goodput (NaN: no seed had any)
 * @param p99LowMillis  the lowest seed's p99
 * @param p99HighMillis the highest seed's p99
 * @param limit       the pool's limit over the counted span (each figure the seeds' median)
 */
record PlanFigures(double offeredRps, double goodputRps, double rejectedRps, double goneRps, double p99Millis,
                   double p99LowMillis, double p99HighMillis, LimitTrace limit) {

    static PlanFigures of(List<PathResult> runs) {
        double[] p99 = values(runs, r -> r.goodputMillis(99));
        return new PlanFigures(median(values(runs, r -> r.perSecond(r.offered()))),
                median(values(runs, r -> r.perSecond(r.goodput()))),
                median(values(runs, r -> r.perSecond(r.rejected()))),
                median(values(runs, r -> r.perSecond(r.gone()))), median(p99),
                p99.length == 0 ? Double.NaN : p99[0], p99.length == 0 ? Double.NaN : p99[p99.length - 1],
                limit(runs));
    }

    private static LimitTrace limit(List<PathResult> runs) {
        List<LimitTrace> traces = runs.stream()
                .map(r -> LimitTrace.of(r.limitTrace(), PathSimulation.LIMIT_SAMPLE.toMillis())).toList();
        return new LimitTrace(median(traces.stream().mapToDouble(LimitTrace::mean).filter(v -> !Double.isNaN(v))
                .sorted().toArray()),
                median(traces.stream().mapToDouble(LimitTrace::lowDecile).filter(v -> !Double.isNaN(v)).sorted()
                        .toArray()),
                median(traces.stream().mapToDouble(LimitTrace::decreasesPerSecond).filter(v -> !Double.isNaN(v))
                        .sorted().toArray()));
    }

    /** Returns each run's figure, NaN left out, sorted. */
    private static double[] values(List<PathResult> runs, ToDoubleFunction<PathResult> figure) {
        return runs.stream().mapToDouble(figure).filter(v -> !Double.isNaN(v)).sorted().toArray();
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
