package io.tailguard.lab.shedding;

import io.tailguard.lab.playground.PublishedRules;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** The published load-shedding CSVs written straight from the specification's rules. */
final class PublishedSheddingOracle {

    private static final String[] POLICIES = {"fifo", "tail-drop", "expire", "lifo"};

    private PublishedSheddingOracle() {
    }

    static String sweep(long d) {
        StringBuilder out = new StringBuilder(
                "policy,offered_rps,goodput_rps,shed_pct,served_late_pct,p99_served_ms,shed_wait_p50_ms,wasted_pct\n");
        for (String policy : POLICIES) {
            for (int rps : LoadSheddingExperiment.OFFERED_RPS) {
                List<Double> a = PublishedRules.arrivals(d, rps, 0);
                Run r = new Run(policy, a, d);
                double s = d / 1000.0;
                int n = a.size();
                out.append(String.format(Locale.ROOT, "%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f\n", policy, n / s, r.good / s,
                        100.0 * r.shed / n, 100.0 * r.late / n, PublishedRules.p(r.served, 99.0),
                        PublishedRules.p(r.shedWaits, 50.0), r.good + r.late == 0 ? 0.0 : 100.0 * r.late / (r.good + r.late)));
            }
        }
        return out.toString();
    }

    static String hangover(long d) {
        List<Double> a = PublishedRules.arrivals(d, 80, 1000, 600, 500);
        int windows = (int) (d / 100);
        double[][] p99 = new double[4][windows];
        for (int p = 0; p < 4; p++) {
            Run r = new Run(POLICIES[p], a, d);
            for (int w = 0; w < windows; w++) {
                Histogram h = PublishedRules.histogram();
                for (double[] f : r.finished) {
                    if ((int) (f[0] / 100) == w) {
                        h.recordValue(PublishedRules.clampMs(f[1]));
                    }
                }
                p99[p][w] = PublishedRules.p(h, 99.0);
            }
        }
        StringBuilder out = new StringBuilder("window_start_ms,fifo_p99_ms,tail_drop_p99_ms,expire_p99_ms,lifo_p99_ms\n");
        for (int w = 0; w < windows; w++) {
            out.append(String.format(Locale.ROOT, "%d,%.1f,%.1f,%.1f,%.1f\n", w * 100, p99[0][w], p99[1][w], p99[2][w],
                    p99[3][w]));
        }
        return out.toString();
    }

    private static final class Run {
        final Histogram served = PublishedRules.histogram();
        final Histogram shedWaits = PublishedRules.histogram();
        final List<double[]> finished = new ArrayList<>();
        long good, late, shed;
        private final ArrayDeque<Double> queue = new ArrayDeque<>();
        private final String policy;

        Run(String policy, List<Double> arrivals, long d) {
            this.policy = policy;
            double serverFree = 0;
            int next = 0;
            int n = arrivals.size();
            while ((next < n || !queue.isEmpty()) && serverFree < d) {
                if (queue.isEmpty()) {
                    double t = arrivals.get(next);
                    admit(t, serverFree > t);
                    serverFree = Math.max(serverFree, t);
                    next++;
                    continue;
                }
                while (next < n && arrivals.get(next) <= serverFree) {
                    admit(arrivals.get(next), arrivals.get(next) < serverFree);
                    next++;
                }
                double t = policy.equals("lifo") ? queue.pollLast() : queue.pollFirst();
                double wait = serverFree - t;
                if (policy.equals("expire") && wait + 10 > 200) {
                    shed++;
                    shedWaits.recordValue(PublishedRules.clampMs(wait));
                    continue;
                }
                double finish = serverFree + 10;
                serverFree = finish;
                double sojourn = finish - t;
                served.recordValue(PublishedRules.clampMs(sojourn));
                finished.add(new double[] {finish, sojourn});
                if (Math.round(sojourn) <= 200) {
                    good++;
                } else {
                    late++;
                }
            }
            while (next < n) {
                admit(arrivals.get(next), arrivals.get(next) < serverFree);
                next++;
            }
            for (double t : queue) {
                shed++;
                shedWaits.recordValue(PublishedRules.clampMs(d - t));
            }
        }

        private void admit(double t, boolean busy) {
            if (policy.equals("tail-drop") && queue.size() + (busy ? 1 : 0) >= 20) {
                shed++;
                shedWaits.recordValue(0);
                return;
            }
            queue.addLast(t);
        }
    }
}
