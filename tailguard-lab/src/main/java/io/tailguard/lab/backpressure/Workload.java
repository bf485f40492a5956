package io.tailguard.lab.backpressure;

import io.tailguard.sim.Simulation;
import io.tailguard.sim.arrival.ArrivalSource;
import java.time.Duration;
import java.util.Locale;

/**
 * Thread-safe (immutable) traffic of one backpressure run and how it is cut into snapshots.
 *
 * <p>The published model ({@link #published()}: constant arrivals, sustained overload) is kept
 * exactly: {@code incoming = max(1, concurrency × 20)} requests per "second", arrival k at
 * {@code k × max(1, 1000 / incoming)} whole milliseconds, {@code incoming × max(1, whole seconds)}
 * arrivals, and a snapshot after every {@code incoming} arrivals (which is not always one simulated
 * second: 300 rps gives 900 ms, 1200 rps gives 1200 ms). Every other workload runs for exactly
 * {@code duration} and is cut into windows of {@code snapshotInterval} by arrival time.
 *
 * @param arrivals         arrival shape
 * @param overload         overload pattern
 * @param concurrency      the published load multiplier: offered rate = 20 × concurrency rps
 * @param duration         run length
 * @param snapshotInterval window length for non-published workloads
 * @param seed             seed of the random arrival streams
 */
record Workload(Arrivals arrivals, Overload overload, int concurrency, Duration duration,
                Duration snapshotInterval, long seed) {

    /** The rate every strategy is configured to admit, requests per second. */
    static final double CAPACITY_RPS = 100.0;
    /** Transient overload: length of the repeating cycle. */
    static final long CYCLE_NANOS = 5_000_000_000L;
    /** Transient overload: the burst at the offered rate that opens each cycle. */
    static final long BURST_NANOS = 1_000_000_000L;
    /** Transient overload: the rate after the burst, half of what the strategies admit. */
    static final double QUIET_RPS = CAPACITY_RPS / 2;

    /** Arrival shapes. */
    enum Arrivals {
        /** Evenly spaced. */
        CONSTANT,
        /** Poisson: exponential gaps. */
        POISSON,
        /** Poisson at twice the rate for 100 ms, then 100 ms of silence, repeated. */
        BURSTY;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Overload patterns. */
    enum Overload {
        /** The offered rate for the whole run. */
        SUSTAINED,
        /** Every 5 s: 1 s at the offered rate, then 4 s at 50 rps, so a backlog can drain. */
        TRANSIENT;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Offered requests per second during overload. */
    int incoming() {
        return Math.max(1, concurrency * 20);
    }

    /** True for the published model: constant arrivals under sustained overload. */
    boolean published() {
        return arrivals == Arrivals.CONSTANT && overload == Overload.SUSTAINED;
    }

    /** Published model: whole seconds simulated, at least 1. */
    long publishedSeconds() {
        return Math.max(1, duration.toSeconds());
    }

    /** Published model: arrival spacing in whole milliseconds. */
    long publishedSpacingMillis() {
        return Math.max(1, 1000 / incoming());
    }

    /** Published model: total arrivals. */
    long publishedTotal() {
        return (long) incoming() * publishedSeconds();
    }

    long durationNanos() {
        return duration.toNanos();
    }

    long windowNanos() {
        return snapshotInterval.toNanos();
    }

    /** Number of snapshot windows of a non-published workload. */
    int windowCount() {
        return (int) ((durationNanos() + windowNanos() - 1) / windowNanos());
    }

    /** Offered rate at {@code nowNanos} (before the arrival shape is applied). */
    double rateAt(long nowNanos) {
        if (overload == Overload.SUSTAINED) {
            return incoming();
        }
        return Math.floorMod(nowNanos, CYCLE_NANOS) < BURST_NANOS ? incoming() : QUIET_RPS;
    }

    /** End of the overload phase that contains {@code nowNanos}. */
    long overloadPhaseEndNanos(long nowNanos) {
        if (overload == Overload.SUSTAINED) {
            return Long.MAX_VALUE;
        }
        long cycleStart = nowNanos - Math.floorMod(nowNanos, CYCLE_NANOS);
        return Math.floorMod(nowNanos, CYCLE_NANOS) < BURST_NANOS
                ? cycleStart + BURST_NANOS : cycleStart + CYCLE_NANOS;
    }

    /** Configures {@code builder}'s arrivals, seed and end for this workload. */
    Simulation.Builder applyTo(Simulation.Builder builder) {
        builder.seed(seed);
        if (published()) {
            return builder.arrivals(ArrivalSource.constant(Duration.ofMillis(publishedSpacingMillis())))
                    .maxArrivals(publishedTotal());
        }
        return builder.arrivals(new PhasedArrivals(this)).horizon(duration);
    }

    /** One line describing the traffic, for titles and findings. */
    String describe() {
        String shape = arrivals.label() + " arrivals";
        if (overload == Overload.SUSTAINED) {
            return String.format(Locale.ROOT, "%s at %d rps sustained, %.1fx the %.0f rps the strategies admit",
                    shape, incoming(), incoming() / CAPACITY_RPS, CAPACITY_RPS);
        }
        return String.format(Locale.ROOT, "%s, transient: %d rps for 1 s then %.0f rps for 4 s, repeated",
                shape, incoming(), QUIET_RPS);
    }

    /** The same workload under another overload pattern. */
    Workload with(Overload other) {
        return new Workload(arrivals, other, concurrency, duration, snapshotInterval, seed);
    }
}
