package io.tailguard.lab.backpressure;

import java.time.Duration;
import java.util.Locale;

/**
 * Thread-safe (immutable) traffic of one backpressure run and how it is cut into snapshots.
 *
 * <p>How the arrivals are laid out and cut into snapshots is the {@link #pacing()}: the published
 * model's rules for constant arrivals under sustained overload, {@code duration} cut into windows
 * of {@code snapshotInterval} for every other workload.
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

    /**
     * The run's pacing: the published model's ({@link PublishedPacing}) for constant arrivals under
     * sustained overload, timed windows ({@link TimedPacing}) for everything else. The one place
     * that decides which model runs.
     */
    Pacing pacing() {
        if (arrivals == Arrivals.CONSTANT && overload == Overload.SUSTAINED) {
            return new PublishedPacing(incoming(), Math.max(1, duration.toSeconds()));
        }
        return new TimedPacing(this);
    }

    long durationNanos() {
        return duration.toNanos();
    }

    long windowNanos() {
        return snapshotInterval.toNanos();
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

    /**
     * One line describing the traffic, for titles and findings. It states the rate that ran: the
     * published model spaces arrivals in whole milliseconds, so for some concurrencies (20, 1000)
     * that is not {@code 20 × concurrency}, and the line says both.
     */
    String describe() {
        String shape = arrivals.label() + " arrivals";
        double ran = pacing().offeredRps();
        String asked = ran == incoming() ? ""
                : String.format(Locale.ROOT, " (20 x %d = %d rps asked; the published model spaces arrivals in"
                        + " whole milliseconds)", concurrency, incoming());
        if (overload == Overload.SUSTAINED) {
            return String.format(Locale.ROOT, "%s at %s rps sustained%s, %.1fx the %.0f rps the strategies admit",
                    shape, rps(ran), asked, ran / CAPACITY_RPS, CAPACITY_RPS);
        }
        return String.format(Locale.ROOT, "%s, transient: %s rps for 1 s then %.0f rps for 4 s, repeated",
                shape, rps(ran), QUIET_RPS);
    }

    private static String rps(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** The same workload under another overload pattern. */
    Workload with(Overload other) {
        return new Workload(arrivals, other, concurrency, duration, snapshotInterval, seed);
    }
}
