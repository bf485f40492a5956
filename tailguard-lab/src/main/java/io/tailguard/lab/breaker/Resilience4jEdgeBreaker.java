package io.tailguard.lab.breaker;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.tailguard.sim.calltree.EdgeBreaker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Not thread-safe edge breaker that runs the real Resilience4j {@code CircuitBreaker}, wired as the
 * published lab wires it: count-based, 20 calls, at least 10, 50 %, one half-open call; the library's
 * own clock is kept out (a day in the open state, no automatic open → half-open), the move to
 * half-open is forced from simulated time 500 ms after opening, outcomes are reported with a 0 ms
 * duration (so its slow-call rule never engages), and outcomes arriving while this adapter believes
 * the breaker open are dropped before they reach the library. The row this produces shows that the
 * adapter reproduces the published breaker on the calls exercised, not how the library behaves on
 * its real clock.
 */
final class Resilience4jEdgeBreaker implements EdgeBreaker {

    private static final double OPEN_MS = 500;
    private static final Exception FAILURE = new Exception("simulated failure");

    private final CircuitBreaker breaker;
    private final List<double[]> log = new ArrayList<>();
    private CircuitBreaker.State last = CircuitBreaker.State.CLOSED;
    private double openedAtMs;

    Resilience4jEdgeBreaker(String name) {
        CircuitBreakerConfig config = CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(20)
                .minimumNumberOfCalls(10)
                .failureRateThreshold(50)
                .permittedNumberOfCallsInHalfOpenState(1)
                .waitDurationInOpenState(Duration.ofDays(1))
                .automaticTransitionFromOpenToHalfOpenEnabled(false)
                .build();
        this.breaker = CircuitBreaker.of(name, config);
    }

    @Override
    public boolean allow(double nowMs) {
        if (last == CircuitBreaker.State.OPEN && nowMs >= openedAtMs + OPEN_MS) {
            breaker.transitionToHalfOpenState();
            sync(nowMs);
        }
        boolean permitted = breaker.tryAcquirePermission();
        sync(nowMs);
        return permitted;
    }

    @Override
    public void onSuccess(double nowMs) {
        if (last == CircuitBreaker.State.OPEN) {
            return;
        }
        breaker.onSuccess(0, TimeUnit.MILLISECONDS);
        sync(nowMs);
    }

    @Override
    public void onFailure(double nowMs) {
        if (last == CircuitBreaker.State.OPEN) {
            return;
        }
        breaker.onError(0, TimeUnit.MILLISECONDS, FAILURE);
        sync(nowMs);
    }

    @Override
    public List<double[]> transitions() {
        return log;
    }

    private void sync(double nowMs) {
        CircuitBreaker.State now = breaker.getState();
        if (now != last) {
            log.add(new double[] {nowMs, code(last), code(now)});
            if (now == CircuitBreaker.State.OPEN) {
                openedAtMs = nowMs;
            }
            last = now;
        }
    }

    private static int code(CircuitBreaker.State s) {
        return switch (s) {
            case OPEN -> 1;
            case HALF_OPEN -> 2;
            default -> 0;
        };
    }
}
