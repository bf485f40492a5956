package io.tailguard.lab.admission;

import io.tailguard.lab.playground.PublishedRules;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** The published admission-control CSVs written straight from the specification's rules. */
final class PublishedAdmissionOracle {

    private PublishedAdmissionOracle() {
    }

    static String sweep(long d) {
        StringBuilder out = new StringBuilder(
                "admission_limit,offered_rps,goodput_rps,reject_pct,served_late_pct,p99_ms,utilization_pct\n");
        List<Double> arrivals = PublishedRules.arrivals(d, 50, 200, 300, 100);
        for (int limit : new int[] {1, 2, 4, 8, 12, 16, 20, 28, 40, 80, 200, Integer.MAX_VALUE}) {
            double[] r = run(arrivals, limit, d);
            out.append(String.format(Locale.ROOT, "%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f\n",
                    limit == Integer.MAX_VALUE ? "none" : Integer.toString(limit), r[0], r[1], r[2], r[3], r[4], r[5]));
        }
        return out.toString();
    }

    static String plateau(long d) {
        StringBuilder out = new StringBuilder("mode,offered_rps,goodput_rps,reject_pct,p99_ms\n");
        for (int limit : new int[] {Integer.MAX_VALUE, 20}) {
            for (int rps : new int[] {50, 75, 100, 125, 150, 200, 300}) {
                double[] r = run(PublishedRules.arrivals(d, rps, 0), limit, d);
                out.append(String.format(Locale.ROOT, "%s,%.1f,%.1f,%.1f,%.1f\n",
                        limit == 20 ? "admission-limited" : "no-control", r[0], r[1], r[2], r[4]));
            }
        }
        return out.toString();
    }

    private static double[] run(List<Double> arrivals, int limit, long d) {
        Histogram h = PublishedRules.histogram();
        double busyUntil = 0;
        long rej = 0, good = 0, late = 0;
        for (double t : arrivals) {
            long occ = busyUntil <= t ? 0 : (long) Math.ceil((busyUntil - t) / 10);
            if (occ >= limit) {
                rej++;
                continue;
            }
            double start = Math.max(t, busyUntil);
            busyUntil = start + 10;
            long sojourn = Math.max(10, Math.round(busyUntil - t));
            h.recordValue(Math.min(sojourn, 60_000));
            if (sojourn <= 200) {
                good++;
            } else {
                late++;
            }
        }
        double s = d / 1000.0;
        int n = arrivals.size();
        return new double[] {n / s, good / s, 100.0 * rej / n, 100.0 * late / n, PublishedRules.p(h, 99.0),
                Math.min(100.0, 100.0 * (good + late) * 10 / d)};
    }
}
