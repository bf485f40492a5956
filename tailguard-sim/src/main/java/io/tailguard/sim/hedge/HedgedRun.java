package io.tailguard.sim.hedge;

import io.tailguard.hedge.HedgeDelay;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.hedge.Hedger;
import io.tailguard.sim.SimScheduler;
import java.time.Duration;
import java.util.Optional;

/**
 * Not thread-safe scripted run of every request through the core {@link Hedger} on a {@link SimScheduler}:
 * request i starts at i / rps seconds; its first attempt takes primary[i] ms, its second (if the
 * hedger starts one) secondary[i] ms. Whether to hedge, when, and which answer wins is the
 * hedger's decision; the run records each request's latency and attempts.
 */
public final class HedgedRun {

    /** Longer than any two attempts can take (3 s each at most), so the hedger never times out here. */
    public static final Duration TIMEOUT = Duration.ofMinutes(1);
    private static final long NANOS_PER_MS = 1_000_000L;

    private final long[] latencyMs;
    private final int[] attempts;
    private final HedgeWaste waste;
    private long finalDelayMs;

    private HedgedRun(int n) {
        this.latencyMs = new long[n];
        this.attempts = new int[n];
        this.waste = new HedgeWaste(n);
    }

    /** Runs the requests with at most two attempts, the second after {@code delay}. */
    public static HedgedRun run(long[] primary, long[] secondary, long rps, HedgeDelay delay) {
        SimScheduler scheduler = new SimScheduler();
        Hedger hedger = new Hedger(new HedgePolicy(2, delay, TIMEOUT, Optional.empty(), e -> true),
                scheduler);
        HedgedRun run = new HedgedRun(primary.length);
        double gapNanos = 1e9 / rps;
        scheduleNext(scheduler, hedger, run, primary, secondary, 0, gapNanos);
        scheduler.runUntilIdle();
        run.finalDelayMs = hedger.currentDelayNanos() / NANOS_PER_MS;
        return run;
    }

    /** Returns each request's latency in whole milliseconds, by request (the run's own array). */
    public long[] latencyMs() {
        return latencyMs;
    }

    /** Returns how many attempts each request started, by request (the run's own array). */
    public int[] attempts() {
        return attempts;
    }

    /** Returns the work the cancelled attempts wasted. */
    public HedgeWaste waste() {
        return waste;
    }

    /** Returns the hedge delay the hedger had reached when the last request ended, in whole milliseconds. */
    public long finalDelayMs() {
        return finalDelayMs;
    }

    private static void scheduleNext(SimScheduler scheduler, Hedger hedger, HedgedRun run, long[] primary,
                                     long[] secondary, int i, double gapNanos) {
        if (i == primary.length) {
            return;
        }
        long at = Math.round(i * gapNanos);
        scheduler.schedule(at - scheduler.nowNanos(), () -> {
            long start = scheduler.nowNanos();
            int[] started = new int[1];
            hedger.call(() -> new ScriptedAttempt(scheduler, started[0]++ == 0 ? primary[i] : secondary[i], run.waste, i))
                    .whenComplete((result, error) -> {
                        if (error != null) {
                            throw new IllegalStateException("a scripted attempt never fails, but a call did", error);
                        }
                        run.latencyMs[i] = (scheduler.nowNanos() - start) / NANOS_PER_MS;
                        run.attempts[i] = result.attemptsStarted();
                    });
            scheduleNext(scheduler, hedger, run, primary, secondary, i + 1, gapNanos);
        });
    }
}
