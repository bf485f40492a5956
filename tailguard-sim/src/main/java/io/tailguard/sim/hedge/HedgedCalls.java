package io.tailguard.sim.hedge;

import io.tailguard.config.Check;
import io.tailguard.hedge.HedgeResult;
import io.tailguard.hedge.HedgeTimeoutException;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.hedge.Hedger;
import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.WorkerPool;
import io.tailguard.sim.service.ServiceModel;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe run of hedged calls in virtual time: Poisson arrivals, each call through the core
 * {@link Hedger} on the simulator's {@link SimScheduler} (the policy simulated is the policy
 * deployed), or straight to the backend without a policy. The backend is a {@link WorkerPool} of
 * {@code workers} (or {@link io.tailguard.sim.Station#UNBOUNDED_WORKERS}) serving every attempt with
 * an independent draw; an attempt the hedger cancels is withdrawn if it has not started. Same seed,
 * same numbers.
 */
public final class HedgedCalls {

    /** Largest latency recorded, microseconds (an hour). */
    public static final long HIGHEST_MICROS = 3_600_000_000L;

    private final long calls;
    private final long slaNanos;
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

    /**
     * Creates a run.
     *
     * @param policy        the hedge policy, or null to call the backend directly
     * @param workers       the backend's workers
     * @param service       the backend's service times
     * @param ratePerSecond the Poisson arrival rate of calls
     * @param calls         how many calls arrive
     * @param seed          seed of the arrivals and of the service draws
     * @param slaNanos      a call slower than this, or timed out, misses the service limit
     */
    public HedgedCalls(HedgePolicy policy, int workers, ServiceModel service, double ratePerSecond, long calls,
                       long seed, long slaNanos) {
        this.calls = Check.positive("calls", calls);
        this.slaNanos = slaNanos;
        SplittableRandom root = new SplittableRandom(seed);
        this.arrivals = root.split();
        this.backend = new WorkerPool(scheduler, workers, Check.notNull("service", service), root.split());
        this.hedger = policy == null ? null : new Hedger(policy, scheduler);
        this.meanGapNanos = 1e9 / ratePerSecond;
    }

    /**
     * Not thread-safe (it holds the run's histogram): what a run measured; the latency of a timed-out
     * call counts at its timeout.
     */
    public record Result(long calls, long hedged, long extraAttempts, long timedOut, long slaMisses, double busyPct,
                         Histogram latencyMicros) {

        /** Returns the calls' latency at {@code percentile} (0–100), in milliseconds. */
        public double percentileMs(double percentile) {
            return latencyMicros.getValueAtPercentile(percentile) / 1000.0;
        }
    }

    /** Runs every call to its end. */
    public Result run() {
        scheduler.schedule(0L, this::arrive);
        scheduler.runUntilIdle();
        long endNanos = scheduler.nowNanos();
        long extra = hedger == null ? 0 : hedger.stats().extraAttempts();
        return new Result(issued, hedged, extra, timedOut, slaMisses, backend.busyPct(endNanos), latencyMicros);
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
        if (issued < calls) {
            // exponential gaps; 1 - u avoids log(0)
            long gapNanos = Math.round(-meanGapNanos * Math.log(1.0 - arrivals.nextDouble()));
            scheduler.schedule(gapNanos, this::arrive);
        }
    }

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
        if (timeout || latencyNanos > slaNanos) {
            slaMisses++;
        }
    }
}
