package io.tailguard.lab.hedgedrequests;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.hedge.HedgeDelay;
import io.tailguard.lab.latencyseries.LatencyHistograms;
import io.tailguard.lab.latencyseries.SnapshotTable;
import io.tailguard.lab.latencyseries.WholeSecondsRun;
import io.tailguard.sim.hedge.HedgeWaste;
import io.tailguard.sim.hedge.HedgedRun;
import io.tailguard.sim.service.PublishedSampler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe model of the published hedging post (labs-spec §4.3): every request's first and
 * second attempt latencies drawn in advance from two independent streams of the published sampler
 * (all firsts, then all seconds), the baseline served by first attempts alone, and one hedged run
 * per threshold through the core hedger. Requests of a trailing partial interval are simulated but
 * not reported, as published.
 */
final class HedgedRequestsModel {

    /** The published thresholds, in cost-table order. */
    enum Threshold {
        P90(90.0), P95(95.0), P99(99.0);

        final double percentile;

        Threshold(double percentile) {
            this.percentile = percentile;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How the hedge delay is chosen. */
    enum DelayMode {
        /**
         * The published adapter: a fixed delay equal to the percentile of all first attempts of this
         * very run, known before the run starts (a look-ahead no deployment has).
         */
        IN_SAMPLE,
        /** The core's deployable choice: the percentile of the last 1000 calls, learned as they end. */
        ROLLING
    }

    /** One hedged run's reported figures. */
    record Hedged(Threshold threshold, long thresholdMs, CsvTable snapshots, long p99, long requests,
                  long attempts, long hedgedRequests, long wastedMs, long wastedCompletions, List<Long> p99s) {
        double extraLoadPct() {
            return requests == 0 ? 0.0 : ((double) (attempts - requests) / requests) * 100.0;
        }
    }

    final long seconds;
    final long iv;
    final long rps;
    final long[] primary;
    final long[] secondary;

    HedgedRequestsModel(WholeSecondsRun run, long primarySeed, long secondarySeed) {
        this.seconds = run.seconds();
        this.iv = run.intervalSeconds();
        this.rps = run.rps();
        int total = Math.toIntExact(seconds * rps);
        primary = draw(total, PublishedSampler.generator(primarySeed));
        secondary = draw(total, PublishedSampler.generator(secondarySeed));
    }

    private static long[] draw(int n, Random random) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = PublishedSampler.sampleMillis(random);
        }
        return out;
    }

    /** Returns the in-sample threshold: the percentile of every first attempt, as published. */
    long inSampleThreshold(Threshold t) {
        Histogram all = LatencyHistograms.create();
        for (long p : primary) {
            all.recordValue(p);
        }
        return all.getValueAtPercentile(t.percentile);
    }

    /** The baseline: first attempts only. */
    Hedged baseline(String file) {
        int[] one = new int[primary.length];
        Arrays.fill(one, 1);
        return report(null, 0, "Baseline", file, primary, one, null);
    }

    /** One hedged run through the core hedger. */
    Hedged hedged(Threshold t, DelayMode mode, String file) {
        long thresholdMs = inSampleThreshold(t);
        HedgeDelay delay = mode == DelayMode.IN_SAMPLE ? HedgeDelay.fixed(Duration.ofMillis(thresholdMs))
                : HedgeDelay.percentile(t.percentile);
        HedgedRun run = HedgedRun.run(primary, secondary, rps, delay);
        return report(t, mode == DelayMode.IN_SAMPLE ? thresholdMs : run.finalDelayMs(), "Hedged " + t.label(), file,
                run.latencyMs(), run.attempts(), run.waste());
    }

    private Hedged report(Threshold t, long thresholdMs, String name, String file, long[] latency, int[] attempts,
                          HedgeWaste waste) {
        SnapshotTable table = new SnapshotTable(name, file);
        Histogram whole = LatencyHistograms.create();
        List<Long> p99s = new ArrayList<>();
        long requests = 0;
        long attemptCount = 0;
        long hedgedRequests = 0;
        long wasted = 0;
        long ties = 0;
        for (long e = iv; e <= seconds; e += iv) {
            Histogram interval = LatencyHistograms.create();
            for (long i = (e - iv) * rps; i < e * rps; i++) {
                interval.recordValue(latency[(int) i]);
                attemptCount += attempts[(int) i];
                if (attempts[(int) i] > 1) {
                    hedgedRequests++;
                    wasted += waste.workMs((int) i);
                    ties += waste.tied((int) i) ? 1 : 0;
                }
            }
            whole.add(interval);
            requests += interval.getTotalCount();
            p99s.add(interval.getValueAtPercentile(99.0));
            table.row(e, interval, interval.getTotalCount() / (double) iv, 0, requests);
        }
        return new Hedged(t, thresholdMs, table.build(), whole.getValueAtPercentile(99.0), requests, attemptCount,
                hedgedRequests, wasted, ties, p99s);
    }
}
