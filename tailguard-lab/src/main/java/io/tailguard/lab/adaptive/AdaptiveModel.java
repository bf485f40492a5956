package io.tailguard.lab.adaptive;

import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.WorkerPool;
import io.tailguard.sim.limiter.SimLimiter;
import io.tailguard.sim.service.CliffService;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe run of one scenario under one limiter on the simulator's {@link SimScheduler}:
 * Poisson arrivals at the scenario's load pass the limiter and queue at a {@link WorkerPool} of
 * {@value CliffService#WORKERS} workers whose service times come from {@link CliffService}. Every
 * 100 ms window records the limit and the p99 of the window's successes.
 */
final class AdaptiveModel {

    static final long WINDOW_NANOS = 100_000_000L;
    /** A window is healthy when its p99 is at most this and it served enough (see {@link Recovery}). */
    static final long HEALTHY_P99_MILLIS = 100L;
    private static final long ERROR_NANOS = 1_000_000L;
    private static final long MS = 1_000_000L;

    private final AdaptiveScenario scenario;
    private final SimScheduler scheduler = new SimScheduler();
    private final SimLimiter limiter;
    private final WorkerPool pool;
    private final SplittableRandom arrivals;
    private final double capacityRps;
    private final long endNanos;
    private final Histogram all = new Histogram(3_600_000L * MS, 2);
    private final Histogram window = new Histogram(3_600_000L * MS, 2);
    private final int windows;
    private final int[] windowLimit;
    private final long[] windowP99;
    private final long[] windowSuccesses;
    private final long[] windowOffered;
    private long offered;
    private long shed;
    private long successes;
    private int windowIndex;

    private AdaptiveModel(AdaptiveScenario scenario, AdaptiveLimiter kind, long seed) {
        this.scenario = scenario;
        SplittableRandom random = new SplittableRandom(seed);
        this.arrivals = random.split();
        this.limiter = kind.create(scheduler, random.split());
        CliffService service = new CliffService(CliffService.base(scenario.bimodal()), scenario.slowdown()::at,
                scenario.stallAt(), AdaptiveScenario.STALL_SECONDS, scenario.luckyAt(), scheduler.clock(), this::atService);
        this.pool = new WorkerPool(scheduler, CliffService.WORKERS, service, random.split());
        this.capacityRps = CliffService.capacityRps(scenario.bimodal());
        this.endNanos = (long) (scenario.seconds() * 1e9);
        this.windows = (int) Math.max(1, endNanos / WINDOW_NANOS);
        this.windowLimit = new int[windows];
        this.windowP99 = new long[windows];
        this.windowSuccesses = new long[windows];
        this.windowOffered = new long[windows];
    }

    /** Runs {@code scenario} under {@code limiter} and returns its row. */
    static AdaptiveRow run(AdaptiveScenario scenario, AdaptiveLimiter limiter, long seed) {
        return new AdaptiveModel(scenario, limiter, seed).run(limiter.label);
    }

    private AdaptiveRow run(String limiterName) {
        scheduler.schedule(0L, this::arrive);
        scheduler.schedule(WINDOW_NANOS, this::closeWindow);
        scheduler.schedule(endNanos, limiter::stop);
        scheduler.runUntilIdle();
        double seconds = endNanos / 1e9;
        int min = Integer.MAX_VALUE;
        int max = 0;
        int firstSecond = (int) Math.min(windows - 1, 1_000_000_000L / WINDOW_NANOS);
        for (int i = firstSecond; i < windows; i++) {
            min = Math.min(min, windowLimit[i]);
            max = Math.max(max, windowLimit[i]);
        }
        long recovery = Recovery.longest(scenario, windowP99, windowSuccesses, windowOffered, this::expected);
        return new AdaptiveRow(scenario.name(), limiterName, successes / seconds, millis(all, 99.0),
                millis(all, 99.9), offered == 0 ? 0.0 : 100.0 * shed / offered, recovery, min, max,
                windowLimit, windowP99);
    }

    /** Requests the service can serve in window {@code i} at its speed then, at nominal speed 100 %. */
    private double expected(int i) {
        double second = (i + 0.5) * WINDOW_NANOS / 1e9;
        return capacityRps / scenario.slowdown().at(second) * WINDOW_NANOS / 1e9;
    }

    private int atService() {
        return pool.inService() + pool.waiting();
    }

    private void arrive() {
        long now = scheduler.nowNanos();
        if (now >= endNanos) {
            return;
        }
        offered++;
        windowOffered[Math.min(windows - 1, (int) (now / WINDOW_NANOS))]++;
        Object handle = limiter.acquire(now);
        if (handle == null) {
            shed++;
        } else if (scenario.errorsOver() > 0 && atService() >= scenario.errorsOver()) {
            scheduler.schedule(ERROR_NANOS, () -> limiter.release(handle, scheduler.nowNanos(), true));
        } else {
            pool.submit(() -> served(now, handle));
        }
        double rate = scenario.load().at(now / 1e9) * capacityRps;
        long gapNanos = (long) (-Math.log(1.0 - arrivals.nextDouble()) / rate * 1e9);
        scheduler.schedule(Math.max(1L, gapNanos), this::arrive);
    }

    private void closeWindow() {
        if (windowIndex >= windows) {
            return;
        }
        windowLimit[windowIndex] = limiter.limit();
        windowP99[windowIndex] = window.getTotalCount() == 0 ? 0L : millis(window, 99.0);
        window.reset();
        windowIndex++;
        if (windowIndex < windows) {
            scheduler.schedule(WINDOW_NANOS, this::closeWindow);
        }
    }

    private static long millis(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? 0L
                : Math.round(histogram.getValueAtPercentile(percentile) / (double) MS);
    }

    /** Records an admitted request that arrived at {@code startNanos} and has just been served. */
    private void served(long startNanos, Object handle) {
        long now = scheduler.nowNanos();
        long latency = now - startNanos;
        all.recordValue(Math.min(latency, all.getHighestTrackableValue()));
        window.recordValue(Math.min(latency, window.getHighestTrackableValue()));
        successes++;
        int w = (int) (now / WINDOW_NANOS);
        if (w < windows) {
            windowSuccesses[w]++;
        }
        limiter.release(handle, now, false);
    }
}
