package io.tailguard.sim.arrival;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (immutable) description of an arrival process. {@link #open} starts one run's
 * stateful {@link ArrivalStream}; the same source opened with equally seeded generators yields
 * the same arrival times.
 */
public interface ArrivalSource {

    /** Starts a new stream of arrival times drawing randomness (if any) from {@code random}. */
    ArrivalStream open(RandomGenerator random);

    /** Returns true if every stream of this source ends by itself (a replayed trace). */
    default boolean finite() {
        return false;
    }

    /**
     * Evenly spaced arrivals: arrival k at exactly {@code k * interval} (k = 0, 1, …), computed by
     * multiplication in integer nanoseconds, so there is no drift.
     */
    static ArrivalSource constant(Duration interval) {
        return constant(interval, Duration.ZERO);
    }

    /** Evenly spaced arrivals: arrival k at exactly {@code offset + k * interval}. */
    static ArrivalSource constant(Duration interval, Duration offset) {
        long intervalNanos = Check.positive("interval", interval).toNanos();
        long offsetNanos = Check.nonNegative("offset", offset).toNanos();
        return random -> new ConstantStream(offsetNanos, intervalNanos);
    }

    /**
     * Evenly spaced arrivals at {@code ratePerSecond}: arrival k at {@code round(k * 1e9 / rate)}
     * nanoseconds.
     */
    static ArrivalSource constantRate(double ratePerSecond) {
        Check.inRange("ratePerSecond", ratePerSecond, Double.MIN_NORMAL, 1e12);
        double intervalNanos = 1e9 / ratePerSecond;
        return random -> new ConstantRateStream(intervalNanos);
    }

    /**
     * A Poisson process of {@code ratePerSecond}: exponential gaps with mean {@code 1 / rate}, the
     * first arrival one gap after time zero.
     */
    static ArrivalSource poisson(double ratePerSecond) {
        Check.inRange("ratePerSecond", ratePerSecond, Double.MIN_NORMAL, 1e12);
        double meanGapNanos = 1e9 / ratePerSecond;
        return random -> new PoissonStream(meanGapNanos, random);
    }

    /**
     * On/off bursts: periods of {@code on} at {@code onRatePerSecond} alternate with periods of
     * {@code off} at {@code offRatePerSecond} (0 = silent), starting with an "on" period at time
     * zero. Within a period arrivals are Poisson if {@code poisson}, otherwise evenly spaced from
     * the period's start.
     */
    static ArrivalSource onOff(Duration on, double onRatePerSecond, Duration off, double offRatePerSecond,
            boolean poisson) {
        return phased(new OnOffSource(
                Check.positive("on", on).toNanos(),
                Check.inRange("onRatePerSecond", onRatePerSecond, 0.0, 1e12),
                Check.positive("off", off).toNanos(),
                Check.inRange("offRatePerSecond", offRatePerSecond, 0.0, 1e12)), poisson);
    }

    /**
     * Arrivals at the piecewise-constant rate of {@code schedule}, from time zero: within each phase
     * Poisson if {@code poisson}, otherwise evenly spaced from the phase's start (arrival k at
     * {@code start + k / rate}). A phase of rate 0 is silent.
     */
    static ArrivalSource phased(RateSchedule schedule, boolean poisson) {
        return new PhasedSource(Check.notNull("schedule", schedule), poisson);
    }

    /**
     * Replays recorded arrival times; see {@link TraceSource#fromCsv} for the file format. The
     * stream ends after the last recorded arrival.
     */
    static ArrivalSource trace(long[] arrivalTimesNanos) {
        return TraceSource.of(arrivalTimesNanos);
    }
}
