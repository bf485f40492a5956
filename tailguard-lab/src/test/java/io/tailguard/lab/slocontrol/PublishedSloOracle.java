package io.tailguard.lab.slocontrol;

import io.tailguard.lab.playground.PublishedRules;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.HdrHistogram.Histogram;

/** The published SLO load-control CSVs written straight from the specification's rules. */
final class PublishedSloOracle {

    private PublishedSloOracle() {
    }

    static String protection(long d, long seed) {
        StringBuilder out = new StringBuilder("policy,offered_rps,critical_offered_rps,critical_success_pct,"
                + "background_success_pct,critical_p99_ms,background_p99_ms,critical_slo_met,total_goodput_rps\n");
        for (boolean priority : new boolean[] {false, true}) {
            for (int rps : SloLoadControlExperiment.OFFERED_RPS) {
                Sim s = new Sim(PublishedRules.arrivals(d, rps, 0), d, priority, seed);
                double secs = Math.max(1, d - 200) / 1000.0;
                double cs = s.off[1] == 0 ? 100.0 : 100.0 * s.ok[1] / s.off[1];
                double bs = s.off[0] == 0 ? 100.0 : 100.0 * s.ok[0] / s.off[0];
                out.append(String.format(Locale.ROOT, "%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%s,%.1f\n",
                        priority ? "priority" : "blind", (s.off[0] + s.off[1]) / secs, s.off[1] / secs, cs, bs,
                        PublishedRules.p(s.hist[1], 99.0), PublishedRules.p(s.hist[0], 99.0), cs >= 99.0 ? "yes" : "no",
                        (s.ok[0] + s.ok[1]) / secs));
            }
        }
        return out.toString();
    }

    static String burst(long d, long seed) {
        List<Double> a = PublishedRules.arrivals(d, 80, 1000, 360, 500);
        Sim blind = new Sim(a, d, false, seed);
        Sim prio = new Sim(a, d, true, seed);
        StringBuilder out = new StringBuilder(
                "window_start_ms,blind_critical_pct,priority_critical_pct,blind_background_pct,priority_background_pct\n");
        for (int w = 0; w < (d - 200) / 100; w++) {
            out.append(String.format(Locale.ROOT, "%d,%.1f,%.1f,%.1f,%.1f\n", w * 100, blind.pct(1, w), prio.pct(1, w),
                    blind.pct(0, w), prio.pct(0, w)));
        }
        return out.toString();
    }

    private static final class Sim {
        final long[] off = new long[2];
        final long[] ok = new long[2];
        final Histogram[] hist = {PublishedRules.histogram(), PublishedRules.histogram()};
        final long[][] offW;
        final long[][] okW;

        Sim(List<Double> a, long d, boolean priority, long seed) {
            int n = a.size();
            boolean[] crit = new boolean[n];
            Random r = new Random(seed);
            for (int i = 0; i < n; i++) {
                crit[i] = r.nextDouble() < 0.25;
            }
            int scored = 0;
            while (scored < n && a.get(scored) <= d - 200) {
                scored++;
            }
            int windows = (int) ((d - 200) / 100);
            offW = new long[2][windows];
            okW = new long[2][windows];
            for (int i = 0; i < scored; i++) {
                int c = crit[i] ? 1 : 0;
                off[c]++;
                int w = (int) (a.get(i) / 100);
                if (w < windows) {
                    offW[c][w]++;
                }
            }
            ArrayDeque<Integer> q = new ArrayDeque<>();
            double free = 0;
            int next = 0;
            while ((next < n || !q.isEmpty()) && free < d) {
                if (q.isEmpty()) {
                    door(q, next, free > a.get(next), crit, priority);
                    free = Math.max(free, a.get(next));
                    next++;
                    continue;
                }
                while (next < n && a.get(next) <= free) {
                    door(q, next, a.get(next) < free, crit, priority);
                    next++;
                }
                int i = q.pollFirst();
                if (free - a.get(i) + 10 > 200) {
                    continue;
                }
                double finish = free + 10;
                free = finish;
                if (i < scored) {
                    int c = crit[i] ? 1 : 0;
                    ok[c]++;
                    hist[c].recordValue(PublishedRules.clampMs(finish - a.get(i)));
                    int w = (int) (a.get(i) / 100);
                    if (w < windows) {
                        okW[c][w]++;
                    }
                }
            }
        }

        private static void door(ArrayDeque<Integer> q, int i, boolean busy, boolean[] crit, boolean priority) {
            if (q.size() + (busy ? 1 : 0) < 20) {
                q.addLast(i);
            } else if (priority && crit[i]) {
                for (Iterator<Integer> it = q.descendingIterator(); it.hasNext(); ) {
                    if (!crit[it.next()]) {
                        it.remove();
                        q.addLast(i);
                        return;
                    }
                }
            }
        }

        double pct(int c, int w) {
            return offW[c][w] == 0 ? 100.0 : 100.0 * okW[c][w] / offW[c][w];
        }
    }
}
