package io.tailguard.lab.queuesaturation;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import io.tailguard.lab.latencyseries.LatencyHistograms;
import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.WorkerPool;
import io.tailguard.sim.service.ServiceModel;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;
import java.util.random.RandomGenerator;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe run of one utilisation level on the simulator (labs-spec §4.2): arrivals to one
 * worker with a fixed 10 ms service and a line of at most 200 waiting; what the published row
 * reports.
 *
 * <p>The published "queue depth" is the number waiting ahead at each arrival (the one in service
 * not counted), averaged over arrivals; with one worker that is the pool's line length at the
 * arrival, read before the arrival joins. Completions at an arrival's instant run first (a job
 * ending exactly then is gone), which the published model also does by counting only workers busy
 * strictly after the arrival.
 */
final class SaturationLevel {

    static final long SERVICE_MS = 10;
    static final int QUEUE_CAPACITY = 200;
    private static final long NANOS_PER_MS = 1_000_000L;
    private static final BigDecimal NANOS_PER_MS_DECIMAL = BigDecimal.valueOf(NANOS_PER_MS);

    /** One level's published figures, a row of the saturation sweep. */
    record Row(double utilization, double lambda, double actualRps, long p50, long p99, long p999,
               double meanSojournMs, double avgDepth, long rejections, double computedL) implements CsvRow {

        static final List<String> HEADER = List.of("utilization", "target_rps", "actual_rps", "p50_ms", "p99_ms",
                "p999_ms", "mean_sojourn_ms", "avg_queue_depth", "rejection_count", "littles_law_computed_l",
                "littles_law_measured_l", "littles_law_error_pct");

        @Override
        public List<String> cells() {
            return Cells.row("%.2f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.2f,%d,%.3f,%.3f,%.1f", utilization, lambda, actualRps,
                    (double) p50, (double) p99, (double) p999, meanSojournMs, avgDepth, rejections, computedL, avgDepth,
                    errorPct());
        }

        /** The published "error" between λW and the depth average; 0 when the depth is 0. */
        double errorPct() {
            return avgDepth == 0 ? 0 : Math.abs(computedL - avgDepth) / avgDepth * 100;
        }
    }

    private SaturationLevel() {
    }

    /**
     * Runs one level; percentiles are those of the last of {@code max(1, D/S)} intervals (arrival
     * index {@code min(a/S, count − 1)}), as published.
     */
    static Row run(double utilization, double[] arrivalsMs, long durationMs, long snapshotMs,
                   RandomGenerator random) {
        double lambda = utilization * (1000.0 / SERVICE_MS);
        long intervals = Math.max(1, durationMs / snapshotMs);
        Histogram last = LatencyHistograms.create();
        SimScheduler scheduler = new SimScheduler();
        WorkerPool pool = new WorkerPool(scheduler, 1, ServiceModel.fixed(Duration.ofMillis(SERVICE_MS)), random);
        long[] counts = new long[3]; // completed, sojourn sum, rejections
        long[] depthSum = new long[1];
        scheduleArrival(scheduler, pool, arrivalsMs, 0, intervals, snapshotMs, last, counts, depthSum);
        scheduler.runUntilIdle();

        long completed = counts[0];
        double actual = completed / (durationMs / 1000.0);
        double mean = completed == 0 ? SERVICE_MS : (double) counts[1] / completed;
        double depth = arrivalsMs.length == 0 ? 0 : (double) depthSum[0] / arrivalsMs.length;
        return new Row(utilization, lambda, actual, last.getValueAtPercentile(50.0),
                last.getValueAtPercentile(99.0), last.getValueAtPercentile(99.9), mean, depth, counts[2],
                actual * mean / 1000);
    }

    /**
     * Returns the exact value of {@code ms} in nanoseconds, rounded down. The published model compares
     * double arrival times with whole-millisecond completion times, and an arrival whose double lies a
     * hair before a completion (k × 1000/110.00000000000001 for k = 11, 22, …) counts that job as still
     * there; rounding down keeps it before the completion here too, while an exact tie stays a tie,
     * which runs the completion first, as published.
     */
    static long floorNanos(double ms) {
        return new BigDecimal(ms).multiply(NANOS_PER_MS_DECIMAL).setScale(0, RoundingMode.FLOOR).longValueExact();
    }

    /** Schedules arrival {@code k}; each arrival schedules the next, so completions queued earlier run first. */
    private static void scheduleArrival(SimScheduler scheduler, WorkerPool pool, double[] arrivalsMs, int k,
                                        long intervals, long snapshotMs, Histogram last, long[] counts,
                                        long[] depthSum) {
        if (k == arrivalsMs.length) {
            return;
        }
        double a = arrivalsMs[k];
        long atNanos = floorNanos(a);
        scheduler.schedule(atNanos - scheduler.nowNanos(), () -> {
            int ahead = pool.waiting();
            if (ahead >= QUEUE_CAPACITY) {
                counts[2]++;
                depthSum[0] += QUEUE_CAPACITY;
            } else {
                depthSum[0] += ahead;
                boolean inLast = Math.min((long) a / snapshotMs, intervals - 1) == intervals - 1;
                pool.submit(() -> {
                    long sojourn = Math.max(SERVICE_MS, Math.round(scheduler.nowNanos() / (double) NANOS_PER_MS - a));
                    counts[0]++;
                    counts[1] += sojourn;
                    if (inLast) {
                        LatencyHistograms.record(last, sojourn);
                    }
                });
            }
            scheduleArrival(scheduler, pool, arrivalsMs, k + 1, intervals, snapshotMs, last, counts, depthSum);
        });
    }
}
