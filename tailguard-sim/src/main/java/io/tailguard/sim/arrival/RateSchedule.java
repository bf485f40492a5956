package io.tailguard.sim.arrival;

/**
 * Thread-safe (immutable) arrival rate that is constant within phases: on/off bursts, an overload
 * that comes and goes, or both at once. {@link ArrivalSource#phased} turns one into arrivals.
 */
public interface RateSchedule {

    /** Returns the rate, in arrivals per second ({@code >= 0}), of the phase that holds {@code nowNanos}. */
    double ratePerSecond(long nowNanos);

    /**
     * Returns the end (exclusive, {@code > nowNanos}) of the phase that holds {@code nowNanos}, or
     * {@link Long#MAX_VALUE} if that phase never ends.
     */
    long phaseEndNanos(long nowNanos);
}
