package io.tailguard.lab.hedging;

import io.tailguard.hedge.HedgeResult;
import io.tailguard.hedge.HedgeTimeoutException;
import io.tailguard.hedge.Hedger;
import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.WorkerPool;
import io.tailguard.sim.hedge.PooledAttempt;
import io.tailguard.sim.service.HedgingArticleLatency;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe run of one row in virtual time: Poisson arrivals, each call through the core
 * {@link Hedger} on the simulator's {@link SimScheduler} (the policy simulated is the policy
 * deployed), or straight to the backend for the row without hedging. The backend is a simulator
 * {@link WorkerPool}: unbounded for the published scenario, 8 workers for the saturated one. Same seed, same numbers.
 */
final class HedgingSimulation {

    private static final long HIGHEST_MICROS = 3_600_000_000L;
    /** The published hedging article's service limit: a call slower than this, or failed, misses it. */
    static final long SLA_NANOS = 50_000_000L;

    private final HedgingRow row;
    private final long requests;
    private final SimScheduler scheduler = new SimScheduler();
    private final WorkerPool backend;
    private final Hedger hedger;
    private final SplittableRandom arrivals;
    private final double meanGapNanos;
    private final Histogram latencyMicros = new Histogram(HIGHEST_MICROS, 3);
    private long issued;
    private long hedged;
    private long timedOut;
    private long slaMisses;

    HedgingSimulation(HedgingRow row, long requests, long seed) {
        this.row = row;
        this.requests = requests;
        SplittableRandom root = new SplittableRandom(seed);
        this.arrivals = root.split();
        SplittableRandom service = root.split();
        HedgingScenario scenario = row.scenario();
        this.backend = new WorkerPool(scheduler, scenario.workers(), HedgingArticleLatency.MODEL, service);
        this.hedger = row.policy() == null ? null : new Hedger(row.policy(), scheduler);
        this.meanGapNanos = 1e9 / scenario.ratePerSecond(HedgingArticleLatency.MODEL);
    }

    /** Runs every call to its end and returns the measured row. */
    HedgingResult run() {
        scheduler.schedule(0L, this::arrive);
        scheduler.runUntilIdle();
        long endNanos = scheduler.nowNanos();
        long extra = hedger == null ? 0 : hedger.extraAttempts();
        return new HedgingResult(row, issued, 100.0 * hedged / issued, 100.0 * extra / issued,
                100.0 * timedOut / issued, 100.0 * slaMisses / issued, backend.busyPct(endNanos),
                percentileMs(50.0), percentileMs(90.0), percentileMs(95.0), percentileMs(99.0),
                percentileMs(99.9), HedgingResult.CURVE_PERCENTILES.stream().map(this::percentileMs).toList());
    }

    private void arrive() {
        long startNanos = scheduler.nowNanos();
        if (hedger == null) {
            attempt().whenComplete((value, error) -> record(startNanos, 1, false));
        } else {
            Supplier<CompletableFuture<Object>> attempt = this::attempt;
            hedger.call(attempt).whenComplete((result, error) -> onCall(startNanos, result, error));
        }
        issued++;
        if (issued < requests) {
            // exponential gaps; 1 - u avoids log(0)
            long gapNanos = Math.round(-meanGapNanos * Math.log(1.0 - arrivals.nextDouble()));
            scheduler.schedule(gapNanos, this::arrive);
        }
    }

    /** Sends one attempt to the backend; cancelling it withdraws it if it has not started. */
    private CompletableFuture<Object> attempt() {
        PooledAttempt attempt = new PooledAttempt();
        backend.submit(attempt);
        return attempt;
    }

    private void onCall(long startNanos, HedgeResult<Object> result, Throwable error) {
        if (error == null) {
            record(startNanos, result.attemptsStarted(), false);
            return;
        }
        Throwable cause = error instanceof CompletionException && error.getCause() != null
                ? error.getCause() : error;
        if (!(cause instanceof HedgeTimeoutException timeout)) {
            throw new IllegalStateException("the simulated backend never fails, but a call did", cause);
        }
        record(startNanos, timeout.attemptsStarted(), true);
    }

    private void record(long startNanos, int attemptsStarted, boolean timeout) {
        long latencyNanos = scheduler.nowNanos() - startNanos;
        latencyMicros.recordValue(Math.min(HIGHEST_MICROS, Math.max(0L, latencyNanos / 1000L)));
        if (attemptsStarted > 1) {
            hedged++;
        }
        if (timeout) {
            timedOut++;
        }
        if (timeout || latencyNanos > SLA_NANOS) {
            slaMisses++;
        }
    }

    private double percentileMs(double percentile) {
        return latencyMicros.getValueAtPercentile(percentile) / 1000.0;
    }
}
