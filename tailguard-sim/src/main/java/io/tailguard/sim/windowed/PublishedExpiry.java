package io.tailguard.sim.windowed;

import java.time.Duration;

/**
 * Thread-safe (stateless) lab adapter for the published dequeue expiry: a request is dropped when
 * {@code wait + 10 > 200}, computed in floating-point milliseconds. Waits of exactly 190 ms in
 * real numbers (arrivals 20/3 ms apart, services 10 ms apart) come out an ulp above or below 190,
 * and the published numbers depend on which (at 150 rps the median shed wait is 190, not 193).
 * Core's {@code BoundedQueue} compares whole nanoseconds, so under the published traffic its
 * maximum wait is widened by {@link #TIE} and this test decides the ties it leaves.
 */
public final class PublishedExpiry {

    /** Wider than any floating-point error on a wait, far narrower than a gap between two arrivals. */
    public static final Duration TIE = Duration.ofNanos(1_000);

    private PublishedExpiry() {
    }

    /** The published test: would a request that arrived at {@code arrivalMs} finish past its deadline if started at {@code startMs}? */
    public static boolean expired(double startMs, double arrivalMs) {
        return (startMs - arrivalMs) + Server.SERVICE_MS > Server.DEADLINE_MS;
    }
}
