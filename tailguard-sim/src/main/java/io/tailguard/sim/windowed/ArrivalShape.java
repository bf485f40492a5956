package io.tailguard.sim.windowed;

import io.tailguard.sim.RandomStreams;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.arrival.ArrivalStream;
import io.tailguard.sim.arrival.RateSchedule;
import java.util.Locale;

/**
 * Thread-safe (immutable) arrival shapes of the series. {@code constant} is the published one:
 * evenly spaced arrivals, so every queue is deterministic and there is no queueing below
 * capacity. {@code poisson} keeps the demand curve's rates with exponential gaps; {@code bursty}
 * packs each 200 ms of the curve into its first 100 ms (Poisson at twice the rate, then silence),
 * the same mean load arriving in clumps. Both draw from the simulator's seeded streams.
 */
public enum ArrivalShape {
    CONSTANT, POISSON, BURSTY;

    /** Length of one on (and one off) period of bursty traffic, milliseconds. */
    static final long BURST_MS = 100;

    /** The option's value for this shape. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether this is the published (evenly spaced) traffic. */
    public boolean published() {
        return this == CONSTANT;
    }

    /** Parses the option's value. */
    public static ArrivalShape of(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }

    /**
     * Arrival times in {@code [0, windowMs)}, milliseconds: the published accumulation rule for
     * {@code constant}, the simulator's arrival processes (stream {@code stream} of {@code seed})
     * otherwise.
     */
    public double[] arrivals(DemandCurve curve, long windowMs, long seed, String stream) {
        if (this == CONSTANT) {
            return curve.evenArrivals(windowMs);
        }
        ArrivalStream arrivals = ArrivalSource.phased(schedule(curve), true)
                .open(RandomStreams.stream(seed, stream));
        DoubleList out = new DoubleList();
        long windowNanos = windowMs * 1_000_000L;
        for (long t = arrivals.nextNanos(); t < windowNanos; t = arrivals.nextNanos()) {
            out.add(t / 1e6);
        }
        return out.toArray();
    }

    private RateSchedule schedule(DemandCurve curve) {
        boolean clumped = this == BURSTY;
        return new RateSchedule() {
            @Override
            public double ratePerSecond(long nowNanos) {
                long ms = nowNanos / 1_000_000L;
                if (!clumped) {
                    return curve.rateAt(ms);
                }
                return Math.floorMod(ms, 2 * BURST_MS) < BURST_MS ? 2 * curve.rateAt(ms) : 0.0;
            }

            @Override
            public long phaseEndNanos(long nowNanos) {
                long ms = nowNanos / 1_000_000L;
                long end = curve.segmentEndMs(ms);
                if (clumped) {
                    end = Math.min(end, ms - Math.floorMod(ms, BURST_MS) + BURST_MS);
                }
                return end == Long.MAX_VALUE ? Long.MAX_VALUE : end * 1_000_000L;
            }
        };
    }
}
