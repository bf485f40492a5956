package io.tailguard.lab.shaping;

import io.tailguard.lab.playground.PublishedRules;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** The published token-versus-leaky CSVs written straight from the specification's rules. */
final class PublishedShapingOracle {

    private PublishedShapingOracle() {
    }

    private static List<Double> arrivals(long d) {
        return PublishedRules.arrivals(d, 20, 1000, 600, 200);
    }

    static String sweep(long d) {
        StringBuilder out = new StringBuilder("limiter,burst_capacity,offered_rps,goodput_rps,reject_pct,"
                + "served_late_pct,gate_delay_p99_ms,server_wait_p99_ms,downstream_peak_rps\n");
        for (boolean token : new boolean[] {true, false}) {
            for (int b : TokenVsLeakyExperiment.BURSTS) {
                out.append(row(token, b, d)).append('\n');
            }
        }
        return out.toString();
    }

    /** Release time of each arrival through a fresh gate, or NaN if rejected. */
    static double[] releases(boolean token, int b, List<Double> arrivals) {
        double[] out = new double[arrivals.size()];
        double tokens = b, last = 0.0, next = 0.0;
        for (int i = 0; i < out.length; i++) {
            double t = arrivals.get(i);
            if (token) {
                tokens = Math.min(b, tokens + (t - last) * 0.1);
                last = t;
                if (tokens < 1.0) {
                    out[i] = Double.NaN;
                } else {
                    tokens -= 1;
                    out[i] = t;
                }
            } else {
                long pending = next <= t ? 0 : (long) Math.ceil((next - t) / 10.0);
                if (pending >= b) {
                    out[i] = Double.NaN;
                } else {
                    out[i] = Math.max(t, next);
                    next = out[i] + 10;
                }
            }
        }
        return out;
    }

    private static String row(boolean token, int b, long d) {
        List<Double> arrivals = arrivals(d);
        double[] rel = releases(token, b, arrivals);
        Histogram gate = PublishedRules.histogram();
        Histogram wait = PublishedRules.histogram();
        Map<Long, Integer> peak = new HashMap<>();
        double busy = 0;
        long rej = 0, good = 0, late = 0;
        for (int i = 0; i < rel.length; i++) {
            if (Double.isNaN(rel[i])) {
                rej++;
                continue;
            }
            peak.merge((long) Math.floor(rel[i] / 100), 1, Integer::sum);
            double start = Math.max(rel[i], busy);
            busy = start + 10;
            long sojourn = Math.max(10, Math.round(busy - arrivals.get(i)));
            gate.recordValue(PublishedRules.clampMs(rel[i] - arrivals.get(i)));
            wait.recordValue(PublishedRules.clampMs(start - rel[i]));
            if (sojourn <= 200) {
                good++;
            } else {
                late++;
            }
        }
        int n = arrivals.size();
        double s = d / 1000.0;
        int max = peak.values().stream().mapToInt(x -> x).max().orElse(0);
        return String.format(Locale.ROOT, "%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f", token ? "token-bucket" : "leaky-bucket",
                b, n / s, good / s, 100.0 * rej / n, 100.0 * late / n, PublishedRules.p(gate, 99.0),
                PublishedRules.p(wait, 99.0), max * 10.0);
    }

    static String shaping(long d) {
        List<Double> arrivals = arrivals(d);
        int windows = (int) (d / 100);
        double[][] rates = new double[3][windows];
        double[] tok = releases(true, 20, arrivals);
        double[] leak = releases(false, 20, arrivals);
        for (int i = 0; i < arrivals.size(); i++) {
            add(rates[0], arrivals.get(i));
            add(rates[1], tok[i]);
            add(rates[2], leak[i]);
        }
        StringBuilder out = new StringBuilder("window_start_ms,offered_rps,token_bucket_rps,leaky_bucket_rps\n");
        for (int w = 0; w < windows; w++) {
            out.append(String.format(Locale.ROOT, "%d,%.1f,%.1f,%.1f\n", w * 100, rates[0][w], rates[1][w], rates[2][w]));
        }
        return out.toString();
    }

    private static void add(double[] rates, double t) {
        if (!Double.isNaN(t) && (long) Math.floor(t / 100) < rates.length) {
            rates[(int) Math.floor(t / 100)] += 10.0;
        }
    }
}
