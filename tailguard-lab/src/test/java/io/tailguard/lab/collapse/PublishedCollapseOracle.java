package io.tailguard.lab.collapse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import org.HdrHistogram.Histogram;

/**
 * The published collapse sweep written straight from the specification's rules, with its own
 * (time, sequence) priority queue and none of the production classes: an oracle for window lengths
 * the golden files do not cover.
 */
final class PublishedCollapseOracle {

    private record Event(double t, long seq, int attempt) {
    }

    static String csv(long durationMs) {
        long d = Math.max(1, durationMs);
        StringBuilder out = new StringBuilder(
                "mode,offered_rps,effective_rps,ideal_goodput_rps,goodput_rps,wasted_pct,p50_ms,p99_ms,avg_queue_depth\n");
        for (boolean retry : new boolean[] {false, true}) {
            for (int offered : LoadCollapseExperiment.LEVELS) {
                out.append(row(retry, offered, d)).append('\n');
            }
        }
        return out.toString();
    }

    private static String row(boolean retry, int offered, long d) {
        PriorityQueue<Event> queue = new PriorityQueue<>((a, b) -> a.t != b.t ? Double.compare(a.t, b.t)
                : Long.compare(a.seq, b.seq));
        long seq = 0;
        for (int k = 0; k * (1000.0 / offered) < d; k++) {
            queue.add(new Event(k * (1000.0 / offered), seq++, 0));
        }
        Histogram h = new Histogram(60_000, 3);
        double busyUntil = 0;
        long processed = 0, rejected = 0, good = 0, wasted = 0, occSum = 0;
        List<Event> retries = new ArrayList<>();
        while (!queue.isEmpty()) {
            Event e = queue.poll();
            processed++;
            long occ = busyUntil <= e.t ? 0 : (long) Math.ceil((busyUntil - e.t) / 10);
            occSum += occ;
            double retryAt;
            if (occ >= 100_000) {
                rejected++;
                retryAt = e.t + 50;
            } else {
                double start = Math.max(e.t, busyUntil);
                busyUntil = start + 10;
                long sojourn = Math.max(10, Math.round(busyUntil - e.t));
                h.recordValue(Math.min(sojourn, 60_000));
                if (sojourn <= 200) {
                    good++;
                    continue;
                }
                wasted++;
                retryAt = e.t + 200 + 50;
            }
            if (retry && e.attempt < 3 && retryAt < d) {
                queue.add(new Event(retryAt, seq++, e.attempt + 1));
            }
        }
        double s = d / 1000.0;
        return String.format(Locale.ROOT, "%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.2f", retry ? "retry" : "no-retry",
                offered, processed / s, Math.min(offered, 100.0), good / s, 100.0 * (wasted + rejected) / processed,
                (double) h.getValueAtPercentile(50.0), (double) h.getValueAtPercentile(99.0),
                (double) occSum / processed);
    }

    private PublishedCollapseOracle() {
    }
}
