package io.tailguard.sim.calltree;

import io.tailguard.breaker.CircuitBreaker;
import io.tailguard.breaker.CircuitBreakerConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe edge breaker that is the core {@link CircuitBreaker}, driven with the simulated time
 * in nanoseconds; every attempt is reported with a zero duration, as the published lab reports it (its
 * breaker judges failures only, so the slow-call rule is off).
 */
public final class CoreEdgeBreaker implements EdgeBreaker {

    private final List<double[]> log = new ArrayList<>();
    private final CircuitBreaker breaker;

    /** Creates a closed breaker with {@code config}. */
    public CoreEdgeBreaker(CircuitBreakerConfig config) {
        this.breaker = new CircuitBreaker(config,
                (now, from, to) -> log.add(new double[] {now / 1e6, from.code(), to.code()}));
    }

    /** The published lab's configuration: 50 % of the last 20 calls, at least 10, 500 ms open, 1 probe. */
    public static CircuitBreakerConfig published() {
        return CircuitBreakerConfig.countBased(20, 10, 50.0, Duration.ofMillis(500), 1);
    }

    @Override
    public boolean allow(double nowMs) {
        return breaker.tryAcquire(nanos(nowMs));
    }

    @Override
    public void onSuccess(double nowMs) {
        breaker.onSuccess(nanos(nowMs), 0);
    }

    @Override
    public void onFailure(double nowMs) {
        breaker.onFailure(nanos(nowMs), 0);
    }

    @Override
    public List<double[]> transitions() {
        return log;
    }

    static long nanos(double ms) {
        return Math.round(ms * 1e6);
    }
}
