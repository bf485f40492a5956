package io.tailguard.lab.backpressure;

import io.tailguard.sim.arrival.RateSchedule;

/**
 * Thread-safe (immutable) offered rate of a timed workload as the simulator's {@link RateSchedule}:
 * the overload pattern (sustained, or a burst at the offered rate followed by a quiet spell)
 * multiplied by the arrival shape (bursty: 100 ms on at twice the rate, 100 ms silent).
 *
 * @param workload the traffic
 */
record OfferedRate(Workload workload) implements RateSchedule {

    /** On/off bursts: this long on at twice the rate, then this long silent. */
    static final long BURST_HALF_PERIOD_NANOS = 100_000_000L;

    @Override
    public double ratePerSecond(long nowNanos) {
        double overloadRate = workload.rateAt(nowNanos);
        if (workload.arrivals() != Workload.Arrivals.BURSTY) {
            return overloadRate;
        }
        return (nowNanos / BURST_HALF_PERIOD_NANOS) % 2 == 0 ? 2 * overloadRate : 0.0;
    }

    @Override
    public long phaseEndNanos(long nowNanos) {
        long overloadEnd = workload.overloadPhaseEndNanos(nowNanos);
        if (workload.arrivals() != Workload.Arrivals.BURSTY) {
            return overloadEnd;
        }
        return Math.min(overloadEnd, (nowNanos / BURST_HALF_PERIOD_NANOS + 1) * BURST_HALF_PERIOD_NANOS);
    }
}
